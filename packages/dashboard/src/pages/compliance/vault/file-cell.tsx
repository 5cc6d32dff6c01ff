// The file of a vault item in a table: its name as a download button (a short-lived URL), and for those
// who may change the item an Upload / Replace file picker.
import { UPLOAD_ACCEPT } from '@permitdesk/core';
import { useId } from 'react';
import { downloadCompanyFile } from './upload-company-file.js';

export function FileCell({ item, canChange, onUpload }: { item: { fileName?: string | null; file?: string | null; name: string }; canChange: boolean; onUpload: (file: File) => void }) {
  const inputId = useId();
  return (
    <div className="vault-actions">
      {item.file && item.fileName ? (
        <button type="button" className="link-button" onClick={() => void downloadCompanyFile(item.file!).catch(() => undefined)} aria-label={`Download ${item.fileName}`}>
          {item.fileName}
        </button>
      ) : (
        <span className="muted">No file</span>
      )}
      {canChange && (
        <span className="btn btn--sm btn--ghost file-button">
          <label htmlFor={inputId}>{item.file ? 'Replace' : 'Upload'}</label>
          <input
            id={inputId}
            type="file"
            accept={UPLOAD_ACCEPT}
            aria-label={`Upload a file for ${item.name}`}
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (chosen) onUpload(chosen);
            }}
          />
        </span>
      )}
    </div>
  );
}
