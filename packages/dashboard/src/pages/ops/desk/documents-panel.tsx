// The permit's documents (the customer's and the team's) with downloads, and an upload for the customer:
// the issued permit, plans, an invoice. What the team uploads shows on the customer's permit page.
import { DATE_FORMATS, formatDate, formatProjectValue, UPLOAD_ACCEPT, type Document } from '@permitdesk/core';
import { useId, useState } from 'react';
import { uploadTeamDocument, type TeamDocumentType } from '../../../uploads/team-document.js';
import { UploadProgress } from '../../../uploads/upload-progress.js';
import { useUpload } from '../../../uploads/use-upload.js';
import { openDocument } from '../../permits/documents-panel.js';

const TYPE_LABELS: Record<TeamDocumentType, string> = {
  permit: 'Issued permit',
  plan: 'Plan',
  inspection: 'Inspection report',
  invoice: 'Invoice',
  attachment: 'Attachment',
  other: 'Other',
};
const label = (type: string): string => TYPE_LABELS[type as TeamDocumentType] ?? type;

export interface DeskDocumentsPanelProps {
  permitId: number;
  documents: readonly Document[];
  /** After an upload: the desk reloads. */
  onUploaded: () => void;
}

export function DeskDocumentsPanel({ permitId, documents, onUploaded }: DeskDocumentsPanelProps) {
  const inputId = useId();
  const typeId = useId();
  const [type, setType] = useState<TeamDocumentType>('permit');
  const upload = useUpload(async (file, transfer) => {
    await uploadTeamDocument(permitId, file, type, transfer);
    onUploaded();
  }, 'The document could not be uploaded.');
  const busy = upload.state.phase === 'sending';
  const list = documents.filter((doc) => doc.uploaded);
  return (
    <div className="documents">
      {list.length === 0 ? (
        <p className="muted">No documents yet.</p>
      ) : (
        <ul className="documents__list" aria-label="Documents">
          {list.map((doc) => (
            <li key={doc.documentId} className="documents__item">
              <button type="button" className="link-button documents__name" onClick={() => openDocument(doc)}>
                {doc.fileName}
              </button>
              <span className="desk-badge desk-badge--none">{label(doc.documentType)}</span>
              <span className="muted">{formatProjectValue(doc.size)} bytes</span>
              <span className="muted">{formatDate(doc.createdAt, DATE_FORMATS.date)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="documents__upload desk-upload">
        <div className="field">
          <label className="field__label" htmlFor={typeId}>
            Kind of document
          </label>
          <select id={typeId} className="field__input" value={type} disabled={busy} onChange={(event) => setType(event.currentTarget.value as TeamDocumentType)}>
            {(['permit', 'plan', 'inspection', 'invoice', 'other'] as const).map((value) => (
              <option key={value} value={value}>
                {TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <label className="field__label" htmlFor={inputId}>
          Upload for the customer
        </label>
        <input
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          disabled={busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return;
            event.currentTarget.value = '';
            void upload.start(file);
          }}
        />
        <p className="field__hint">The customer sees it on their permit page. Up to 50,000,000 bytes.</p>
        <UploadProgress upload={upload} />
      </div>
    </div>
  );
}
