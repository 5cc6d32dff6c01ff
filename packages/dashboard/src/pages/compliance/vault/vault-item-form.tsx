// Add or edit a license, an insurance or a certificate: the fields of its kind, checked by core's input
// schema (the server checks the same), the name offered from the compliance types of the kind (a new
// name is added to them), and an optional file uploaded and attached once the item is saved.
import { fieldErrors, formatUsd, parseUsd, US_STATES, type License, type Insurance } from '@permitdesk/core';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { FOR_SESSION } from '../../../data/query-client.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Field } from '../../../ui/field.js';
import { notify } from '../../../ui/notify.js';
import { MunicipalityPicker } from './municipality-picker.js';
import { uploadCompanyFile, uploadFailure } from './upload-company-file.js';
import type { VaultInput, VaultItem, VaultKindConfig } from './vault-kinds.js';
import { AttachFileField, FormActions } from './vault-parts.js';

interface FormValues {
  licenseType: 'state' | 'local';
  name: string;
  number: string;
  issuer: string;
  stateCode: string;
  municipalityId: string;
  issuedOn: string;
  expiresOn: string;
  coverageAmount: string;
}

export const EXPIRY_BEFORE_ISSUE = 'The expiration date must be on or after the issue date.';
const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The form's text values as the kind's request body. */
export function toBody(config: VaultKindConfig, values: FormValues): VaultInput {
  const base = {
    name: values.name,
    number: text(values.number),
    issuer: text(values.issuer),
    stateCode: text(values.stateCode),
    issuedOn: text(values.issuedOn),
    expiresOn: text(values.expiresOn),
  };
  if (config.kind === 'license') {
    return { ...base, licenseType: values.licenseType, municipalityId: values.licenseType === 'local' && values.municipalityId ? Number(values.municipalityId) : null };
  }
  if (config.kind === 'insurance') return { ...base, coverageAmount: text(values.coverageAmount) === null ? null : parseUsd(values.coverageAmount) };
  return base;
}

const valuesOf = (item: VaultItem | null): FormValues => ({
  licenseType: (item as License | null)?.licenseType ?? 'state',
  name: item?.name ?? '',
  number: item?.number ?? '',
  issuer: item?.issuer ?? '',
  stateCode: item?.stateCode ?? '',
  municipalityId: (item as License | null)?.municipalityId ? String((item as License).municipalityId) : '',
  issuedOn: item?.issuedOn ?? '',
  expiresOn: item?.expiresOn ?? '',
  coverageAmount: (item as Insurance | null)?.coverageAmount != null ? formatUsd((item as Insurance).coverageAmount) : '',
});

export function VaultItemForm({ config, companyId, item, onSaved, onCancel }: {
  config: VaultKindConfig;
  companyId: string;
  item: VaultItem | null;
  onSaved: (item: VaultItem) => void;
  onCancel: () => void;
}) {
  const typesId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const client = useQueryClient();
  const typesKey = queryKeys.vault.types(config.kind, companyId);
  const types = useQuery({
    queryKey: typesKey,
    queryFn: ({ signal }) => api.documents.complianceTypes({ query: { type: config.kind, companyId }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });

  const resolver: Resolver<FormValues> = async (values) => {
    const parsed = v.safeParse(config.schema, toBody(config, values));
    const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.issues);
    if (values.issuedOn && values.expiresOn && values.expiresOn < values.issuedOn) errors.expiresOn ??= EXPIRY_BEFORE_ISSUE;
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { type: 'validation', message }])) };
  };
  const [defaults] = useState(() => valuesOf(item));
  const { register, handleSubmit, formState, watch, setValue } = useForm<FormValues>({ resolver, defaultValues: defaults });
  const licenseType = watch('licenseType');
  const stateCode = watch('stateCode');

  const submit = async (values: FormValues) => {
    setFailure(null);
    const body = toBody(config, values);
    let saved: VaultItem;
    try {
      saved = item ? await config.update(companyId, config.idOf(item), body) : await config.create(companyId, body);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : `The ${config.singular} could not be saved.`);
      return;
    }
    // A name the list did not have becomes one of the company's own kinds.
    const name = values.name.trim();
    if (types.data && !types.data.some((type) => type.name.toLowerCase() === name.toLowerCase())) {
      void api.documents.createComplianceType({ query: { type: config.kind, companyId }, body: { name }, silent: true }).then(() => client.invalidateQueries({ queryKey: typesKey }), () => undefined);
    }
    if (file) {
      try {
        await uploadCompanyFile(companyId, file, { documentableType: config.documentableType, documentableId: config.idOf(saved) });
      } catch (error) {
        notify('error', 'The file could not be uploaded.', uploadFailure(error));
      }
    }
    onSaved(saved);
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label={`${item ? 'Edit' : 'Add'} ${config.singular}`}>
      <fieldset disabled={formState.isSubmitting} className="plain-fieldset">
        {config.kind === 'license' && (
          <fieldset className="plain-fieldset field">
            <legend className="field__label">License type</legend>
            <div className="choice-row">
              <label>
                <input type="radio" value="state" {...register('licenseType')} /> State license
              </label>
              <label>
                <input type="radio" value="local" {...register('licenseType')} /> Local business license
              </label>
            </div>
          </fieldset>
        )}
        <Field label="Name" list={typesId} autoComplete="off" error={formState.errors.name?.message} {...register('name')} />
        <datalist id={typesId}>
          {(types.data ?? []).map((type) => (
            <option key={type.id} value={type.name} />
          ))}
        </datalist>
        <div className="form-grid">
          <Field label={config.numberLabel} error={formState.errors.number?.message} {...register('number')} />
          <Field label={config.issuerLabel} error={formState.errors.issuer?.message} {...register('issuer')} />
        </div>
        <div className="form-grid">
          <div className="field">
            <label className="field__label" htmlFor={`${typesId}-state`}>
              State
            </label>
            <select id={`${typesId}-state`} className="field__input field__select" defaultValue={defaults.stateCode} {...register('stateCode')}>
              <option value="">Not set</option>
              {US_STATES.map((state) => (
                <option key={state.value} value={state.value}>
                  {state.label}
                </option>
              ))}
            </select>
          </div>
          {config.kind === 'insurance' && <Field label="Coverage Amount (USD)" inputMode="decimal" error={formState.errors.coverageAmount?.message} {...register('coverageAmount')} />}
        </div>
        {config.kind === 'license' && licenseType === 'local' && (
          <MunicipalityPicker stateCode={stateCode} value={watch('municipalityId')} onChange={(id) => setValue('municipalityId', id)} />
        )}
        <div className="form-grid">
          <Field label="Issued On" type="date" error={formState.errors.issuedOn?.message} {...register('issuedOn')} />
          <Field label="Expires On" type="date" error={formState.errors.expiresOn?.message} {...register('expiresOn')} />
        </div>
        <AttachFileField fileName={item?.fileName} onFile={setFile} />
        <FormActions failure={failure} saving={formState.isSubmitting} saveLabel={`Save ${config.singular}`} onCancel={onCancel} />
      </fieldset>
    </form>
  );
}
