// The data-collection form of SPEC §3: purchase order, estimate completion date, customer, address,
// task, inspections, state and local licenses, company, expiration date, price, permit number, permit
// fees, files and the reason for no upload. react-hook-form checks it with core's dataCollectionSchema.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { dataCollectionSchema, UPLOAD_ACCEPT, usableCompanies, type DataCollection } from '@permitdesk/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useAuth } from '../../session/session.js';
import { uploadPermitDocument } from '../../uploads/permit-document.js';
import { numberOrNull, textOrNull } from './data-collection-defaults.js';

export interface DataCollectionFormProps {
  permitId: number;
  defaults: DataCollection;
  /** Saves; rejects with the server's message to show. */
  onSave: (data: DataCollection) => Promise<void>;
}

function Row({ label, error, children, hint }: { label: string; error?: FieldError | undefined; children: (id: string, describedBy: string | undefined) => ReactNode; hint?: string }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id, describedBy)}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error?.message && (
        <p className="field__error" id={`${id}-error`}>
          {error.message}
        </p>
      )}
    </div>
  );
}

export function DataCollectionForm({ permitId, defaults, onSave }: DataCollectionFormProps) {
  const permissions = useAuth((s) => s.user?.permissions);
  const companies = useMemo(() => usableCompanies(permissions), [permissions]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { register, handleSubmit, control, setValue, formState } = useForm<DataCollection>({
    resolver: valibotResolver(dataCollectionSchema),
    defaultValues: defaults,
  });
  const errors = formState.errors;
  const text = { setValueAs: textOrNull };
  const number = { setValueAs: numberOrNull };
  const invalid = (error: unknown) => (error ? true : undefined);

  const submit = handleSubmit(async (data) => {
    setSaveError(null);
    setSaved(false);
    try {
      await onSave(data);
      setSaved(true);
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : 'The data could not be saved.');
    }
  });

  return (
    <form className="data-collection" noValidate onSubmit={(event) => void submit(event)} aria-label="Permit data">
      <fieldset className="card data-collection__group">
        <legend>Project</legend>
        <Row label="Purchase Order" error={errors.purchaseOrder}>
          {(id, d) => <input id={id} className="field__input" aria-describedby={d} aria-invalid={invalid(errors.purchaseOrder)} {...register('purchaseOrder', text)} />}
        </Row>
        <Row label="Estimate Completion Date" error={errors.estimateCompletionDate}>
          {(id, d) => <input id={id} type="date" className="field__input" aria-describedby={d} aria-invalid={invalid(errors.estimateCompletionDate)} {...register('estimateCompletionDate', text)} />}
        </Row>
        <Row label="Customer Name" error={errors.customerName}>
          {(id, d) => <input id={id} className="field__input" aria-describedby={d} aria-invalid={invalid(errors.customerName)} {...register('customerName')} />}
        </Row>
        <Row label="Address" error={errors.address}>
          {(id, d) => <input id={id} className="field__input" aria-describedby={d} aria-invalid={invalid(errors.address)} {...register('address')} />}
        </Row>
        <Row label="Task" error={errors.task}>
          {(id, d) => <input id={id} className="field__input" aria-describedby={d} aria-invalid={invalid(errors.task)} {...register('task')} />}
        </Row>
        <Controller
          control={control}
          name="inspections"
          render={({ field }) => (
            <div className="field">
              <span className="field__label" id="inspections-label">
                Inspections
              </span>
              <ol className="data-collection__list" aria-labelledby="inspections-label">
                {field.value.map((name, index) => (
                  <li key={index} className="data-collection__list-item">
                    <input
                      className="field__input"
                      aria-label={`Inspection ${index + 1}`}
                      value={name}
                      onChange={(event) => field.onChange(field.value.map((old, i) => (i === index ? event.currentTarget.value : old)))}
                    />
                    <button type="button" className="btn btn--sm btn--ghost" onClick={() => field.onChange(field.value.filter((_, i) => i !== index))}>
                      Remove
                    </button>
                  </li>
                ))}
              </ol>
              <button type="button" className="btn btn--sm btn--ghost" onClick={() => field.onChange([...field.value, ''])}>
                Add Inspection
              </button>
            </div>
          )}
        />
      </fieldset>

      <fieldset className="card data-collection__group">
        <legend>Licenses and company</legend>
        <Row label="State License" error={errors.stateLicense}>
          {(id, d) => <input id={id} className="field__input" aria-describedby={d} aria-invalid={invalid(errors.stateLicense)} {...register('stateLicense', text)} />}
        </Row>
        <Row label="Local License" error={errors.localLicense}>
          {(id, d) => <input id={id} className="field__input" aria-describedby={d} aria-invalid={invalid(errors.localLicense)} {...register('localLicense', text)} />}
        </Row>
        <Controller
          control={control}
          name="companyId"
          render={({ field }) => (
            <Row label="Company">
              {(id) => (
                <select
                  id={id}
                  className="field__input"
                  value={field.value == null ? '' : String(field.value)}
                  onChange={(event) => {
                    const chosen = companies.find((company) => company.id === event.currentTarget.value) ?? null;
                    field.onChange(chosen ? Number(chosen.id) : null);
                    setValue('company', chosen ? chosen.name : null);
                  }}
                >
                  <option value="">No company</option>
                  {companies.map((company) => (
                    <option key={company.id} value={company.id}>
                      {company.name}
                    </option>
                  ))}
                </select>
              )}
            </Row>
          )}
        />
        <Row label="Company Address" error={errors.companyAddress}>
          {(id, d) => <input id={id} className="field__input" aria-describedby={d} aria-invalid={invalid(errors.companyAddress)} {...register('companyAddress', text)} />}
        </Row>
      </fieldset>

      <fieldset className="card data-collection__group">
        <legend>Permit</legend>
        <Row label="Permit Number" error={errors.permitNo}>
          {(id, d) => <input id={id} className="field__input" aria-describedby={d} aria-invalid={invalid(errors.permitNo)} {...register('permitNo', text)} />}
        </Row>
        <Row label="Expiration Date" error={errors.expirationDate}>
          {(id, d) => <input id={id} type="date" className="field__input" aria-describedby={d} aria-invalid={invalid(errors.expirationDate)} {...register('expirationDate', text)} />}
        </Row>
        <Row label="Price ($)" error={errors.price}>
          {(id, d) => <input id={id} inputMode="decimal" className="field__input" aria-describedby={d} aria-invalid={invalid(errors.price)} {...register('price', number)} />}
        </Row>
        <Row label="Permit Fees ($)" error={errors.permitFees}>
          {(id, d) => <input id={id} inputMode="decimal" className="field__input" aria-describedby={d} aria-invalid={invalid(errors.permitFees)} {...register('permitFees', number)} />}
        </Row>
      </fieldset>

      <fieldset className="card data-collection__group">
        <legend>Files</legend>
        <Controller
          control={control}
          name="files"
          render={({ field }) => (
            <div className="field">
              {field.value.length === 0 ? (
                <p className="muted">No permit files uploaded.</p>
              ) : (
                <ul className="data-collection__list" aria-label="Permit files">
                  {field.value.map((file) => (
                    <li key={file.documentId} className="data-collection__list-item">
                      <span>{file.fileName}</span>
                      <button type="button" className="btn btn--sm btn--ghost" onClick={() => field.onChange(field.value.filter((f) => f.documentId !== file.documentId))}>
                        Remove
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <label className="field__label" htmlFor="data-collection-file">
                Upload the permit
              </label>
              <input
                id="data-collection-file"
                type="file"
                accept={UPLOAD_ACCEPT}
                disabled={uploading}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  const input = event.currentTarget;
                  if (!file) return;
                  setUploading(true);
                  setUploadError(null);
                  uploadPermitDocument(permitId, file, 'permit')
                    .then((upload) => field.onChange([...field.value, { documentId: upload.documentId, fileName: file.name }]))
                    .catch((error: unknown) => setUploadError(error instanceof Error ? error.message : 'The file could not be uploaded.'))
                    .finally(() => {
                      setUploading(false);
                      input.value = '';
                    });
                }}
              />
              <p className="field__hint">Up to 50,000,000 bytes.</p>
              {uploadError && <p className="field__error">{uploadError}</p>}
            </div>
          )}
        />
        <Row label="Reason for No Upload" error={errors.noUploadPermitReason} hint="If you have no permit file to upload, tell us why.">
          {(id, d) => <textarea id={id} rows={3} className="field__input" aria-describedby={d} aria-invalid={invalid(errors.noUploadPermitReason)} {...register('noUploadPermitReason', text)} />}
        </Row>
      </fieldset>

      {saveError && (
        <p className="alert alert--error" role="alert">
          {saveError}
        </p>
      )}
      {saved && (
        <p className="alert alert--success" role="status">
          The permit data has been saved.
        </p>
      )}
      <div className="row">
        <button type="submit" className="btn" disabled={formState.isSubmitting || uploading}>
          {formState.isSubmitting ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
