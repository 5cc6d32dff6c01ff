// A permit's documents: the list (documents.list), an upload of up to 50,000,000 bytes through the
// presigned URL of permits.uploadDocument, and downloads through documents.presignedDownload.
import { DATE_FORMATS, formatDate, formatProjectValue, UPLOAD_ACCEPT, type Document } from '@permitdesk/core';
import { useId, useRef } from 'react';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';
import { uploadPermitDocument } from '../../uploads/permit-document.js';
import { UploadProgress } from '../../uploads/upload-progress.js';
import { useUpload } from '../../uploads/use-upload.js';

/** Opens a stored file through a short-lived download URL. */
export async function downloadDocument(document: Pick<Document, 'documentId' | 'file'>): Promise<void> {
  const { url } = await api.documents.presignedDownload({ query: { file: document.file ?? String(document.documentId) } });
  window.open(url, '_blank', 'noopener');
}

/** A download from a button: a refusal (the file is gone, access ended) is shown by the client's error toast. */
export function openDocument(document: Pick<Document, 'documentId' | 'file'>): void {
  downloadDocument(document).catch(() => undefined);
}

/** `canUpload`: contributors and up add documents; the others (Observers, guests) only read them. */
export function DocumentsPanel({ permitId, canUpload }: { permitId: number; canUpload: boolean }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const documents = useQuery({
    queryKey: queryKeys.permits.documents(permitId),
    queryFn: ({ signal }) =>
      api.documents.list({ query: { documentable_id: String(permitId), documentable_type: 'Permit' }, signal }),
  });

  const upload = useUpload(async (file, transfer) => {
    await uploadPermitDocument(permitId, file, 'permit', transfer);
    notify('success', 'Document uploaded', file.name);
    documents.reload();
  }, 'The document could not be uploaded.');
  const busy = upload.state.phase === 'sending';

  const list = (documents.data ?? []).filter((doc) => doc.uploaded);
  return (
    <div className="documents">
      {documents.loading && !documents.data ? (
        <Spinner label="Loading documents" />
      ) : list.length === 0 ? (
        <p className="muted">No documents yet.</p>
      ) : (
        <ul className="documents__list" aria-label="Documents">
          {list.map((doc) => (
            <li key={doc.documentId} className="documents__item">
              <button type="button" className="link-button documents__name" onClick={() => openDocument(doc)}>
                {doc.fileName}
              </button>
              <span className="muted">{formatProjectValue(doc.size)} bytes</span>
              <span className="muted">{formatDate(doc.createdAt, DATE_FORMATS.date)}</span>
            </li>
          ))}
        </ul>
      )}
      {canUpload && (
        <div className="documents__upload">
          <label className="field__label" htmlFor={inputId}>
            Upload a document
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={UPLOAD_ACCEPT}
            className="documents__input"
            disabled={busy}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (!file) return;
              event.currentTarget.value = ''; // the same file can be chosen again
              void upload.start(file);
            }}
          />
          <p className="field__hint">Up to 50,000,000 bytes.</p>
          <UploadProgress upload={upload} />
        </div>
      )}
    </div>
  );
}
