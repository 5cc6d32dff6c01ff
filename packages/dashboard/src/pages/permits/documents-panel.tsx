// A permit's documents: the list (documents.list), an upload of up to 50,000,000 bytes through the
// presigned URL of permits.uploadDocument, and downloads through documents.presignedDownload.
import { DATE_FORMATS, formatDate, formatProjectValue, UPLOAD_ACCEPT, type Document } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useId, useRef, useState } from 'react';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';
import { uploadPermitDocument } from './upload-document.js';

const failureText = (error: unknown, fallback: string): string =>
  error instanceof Error && (error.name === 'UploadError' || isApiRequestError(error)) ? error.message : fallback;

/** Opens a stored file through a short-lived download URL. */
export async function downloadDocument(document: Pick<Document, 'documentId' | 'file'>): Promise<void> {
  const { url } = await api.documents.presignedDownload({ query: { file: document.file ?? String(document.documentId) } });
  window.open(url, '_blank', 'noopener');
}

export function DocumentsPanel({ permitId }: { permitId: number }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const documents = useQuery({
    queryKey: queryKeys.permits.documents(permitId),
    queryFn: ({ signal }) =>
      api.documents.list({ query: { documentable_id: String(permitId), documentable_type: 'Permit' }, signal }),
  });

  const upload = async (file: File) => {
    setBusy(true);
    setFailure(null);
    try {
      await uploadPermitDocument(permitId, file);
      notify('success', 'Document uploaded', file.name);
      documents.reload();
    } catch (error) {
      setFailure(failureText(error, 'The document could not be uploaded.'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

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
              <button type="button" className="link-button documents__name" onClick={() => void downloadDocument(doc).catch(() => undefined)}>
                {doc.fileName}
              </button>
              <span className="muted">{formatProjectValue(doc.size)} bytes</span>
              <span className="muted">{formatDate(doc.createdAt, DATE_FORMATS.date)}</span>
            </li>
          ))}
        </ul>
      )}
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
            if (file) void upload(file);
          }}
        />
        <p className="field__hint">Up to 50,000,000 bytes.</p>
        {busy && <Spinner label="Uploading" />}
        {failure && (
          <p className="alert alert--error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </div>
  );
}
