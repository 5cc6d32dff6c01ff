// What the vault tables (licenses, insurance, certificates) and the documentation table share: the
// Active/Archived filter, a row's Edit / Archive / Restore buttons, the changes that reload the list and
import { UPLOAD_ACCEPT } from '@permitdesk/core';
// the compliance indicators, and, in their forms, the optional file and the Cancel / Save row.
import { useId } from 'react';
import type { QueryKey } from '../../../data/query-client.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { notify } from '../../../ui/notify.js';
import { Spinner } from '../../../ui/spinner.js';

export type RecordStatus = 'active' | 'archived';

export function StatusFilter({ value, onChange }: { value: RecordStatus; onChange: (status: RecordStatus) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Show
      </label>
      <select id={id} className="field__input field__select" value={value} onChange={(event) => onChange(event.target.value as RecordStatus)}>
        <option value="active">Active</option>
        <option value="archived">Archived</option>
      </select>
    </div>
  );
}

/** Edit, and Archive for an active record or Restore for an archived one. */
export function RecordActions({ record, onEdit, onArchive, onRestore }: { record: { name: string; status: RecordStatus }; onEdit: () => void; onArchive: () => void; onRestore: () => void }) {
  return (
    <div className="vault-actions">
      <button type="button" className="btn btn--sm btn--ghost" aria-label={`Edit ${record.name}`} onClick={onEdit}>
        Edit
      </button>
      {record.status === 'active' ? (
        <button type="button" className="btn btn--sm btn--ghost" aria-label={`Archive ${record.name}`} onClick={onArchive}>
          Archive
        </button>
      ) : (
        <button type="button" className="btn btn--sm btn--ghost" aria-label={`Restore ${record.name}`} onClick={onRestore}>
          Restore
        </button>
      )}
    </div>
  );
}

/**
 * After a change: the kind's lists (`records`, from queryKeys.vault.of) and the compliance summaries
 * (indicators, credentials) asked again, and the success toast. `act` runs a change and says how it went.
 */
export function useRecordChanges(records: QueryKey) {
  const client = useQueryClient();
  const changed = (message?: string) => {
    client.invalidateQueries({ queryKey: records });
    client.invalidateQueries({ queryKey: queryKeys.compliance.all });
    if (message) notify('success', message);
  };
  const act = (work: () => Promise<unknown>, done: string, failed: string) =>
    void work().then(
      () => changed(done),
      (error: unknown) => notify('error', failed, error instanceof Error ? error.message : undefined),
    );
  return { changed, act };
}

/** The record's file, uploaded and attached once the record is saved. */
export function AttachFileField({ fileName, onFile }: { fileName?: string | null; onFile: (file: File | null) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {fileName ? `Replace the file (${fileName})` : 'Attach a file'}
      </label>
      <input id={id} type="file" accept={UPLOAD_ACCEPT} className="field__input" onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)} />
      <p className="field__hint">Up to 50,000,000 bytes.</p>
    </div>
  );
}

/** Why the save failed, if it did, and the Cancel / Save row. */
export function FormActions({ failure, saving, saveLabel, onCancel }: { failure: string | null; saving: boolean; saveLabel: string; onCancel: () => void }) {
  return (
    <>
      {failure && (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      )}
      <div className="row row--between">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn">
          {saving ? <Spinner label="Saving" /> : saveLabel}
        </button>
      </div>
    </>
  );
}
