// The permit application modal (SPEC §2.8): form 31 rendered by the widget's form engine, titled
// '{municipality name} {task name} Application', a spinner until the form definition, the entry data
// (municipality included) and the license lookup are in, the account selector for users with company
// permissions, a Cancel link that reloads the page unless told not to, and the footer note.
import {
  applicantType,
  FORM_IDS,
  formChoices,
  PERSONAL_ACCOUNT_LABEL,
  usableCompanies,
  type FormEntryResult,
  type LicenseLookup,
  type PermitFormEntry,
  type ProjectSearchRow,
} from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { FormRenderer, type Answers } from '@permitdesk/widget';
import { useId, useMemo, useState } from 'react';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';
import { Modal } from '../../ui/modal.js';
import { Spinner } from '../../ui/spinner.js';
import { GateNotice, missingOf, refusedItems, useGate } from '../gate/gate-notice.js';
import { applicationTitle, NOT_THE_MUNICIPALITY_NOTE, SELECT_ACCOUNT_LABEL } from './radar-messages.js';

type ApplicationRow = Pick<ProjectSearchRow, 'id' | 'projectId' | 'taskId' | 'taskName' | 'municipalityId' | 'municipality' | 'address'>;

export interface PermitApplicationModalProps {
  row: ApplicationRow;
  /** After a successful application, with what the form created. */
  onSubmitted: (result: FormEntryResult) => void;
  /** Closed without applying. */
  onClose: () => void;
  /** SPEC §2.8: Cancel reloads the page unless told not to. */
  reloadOnCancel?: boolean;
  reload?: () => void;
}

const FORM_ID = String(FORM_IDS.project) as '31';

/** The license lookup fills the entry's license fields that the entry data left empty (SPEC §3). */
export function withLicenses(entry: PermitFormEntry, lookup: LicenseLookup | null): PermitFormEntry {
  if (!lookup) return entry;
  return {
    ...entry,
    StateLicenseNumber: entry.StateLicenseNumber || lookup.stateLicense?.licenseNo || entry.StateLicenseNumber,
    LocalBusinessLicenseNumber: entry.LocalBusinessLicenseNumber || lookup.localLicense?.licenseNo || entry.LocalBusinessLicenseNumber,
  };
}

export function PermitApplicationModal({ row, onSubmitted, onClose, reloadOnCancel = true, reload = () => window.location.reload() }: PermitApplicationModalProps) {
  const permissions = useAuth((s) => s.user?.permissions);
  const currentCompanyId = useAuth((s) => s.currentCompanyId);
  const companies = useMemo(() => usableCompanies(permissions), [permissions]);
  const [account, setAccount] = useState<string | null>(currentCompanyId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  // The pre-filing gate: shown before submit (today's check), or as the server refused it (the work dates).
  const [acknowledged, setAcknowledged] = useState(false);
  const [refused, setRefused] = useState<ReturnType<typeof refusedItems>>(null);
  const gate = useGate({ companyId: account, municipalityId: row.municipalityId, taskIds: row.taskId ? [row.taskId] : [] });
  const gateItems = refused ?? missingOf(gate.data);

  const definition = useQuery({
    queryKey: queryKeys.forms.definition(FORM_ID),
    queryFn: ({ signal }) => api.forms.definition({ params: { formId: FORM_ID }, signal }),
    staleTime: FOR_SESSION,
  });
  // The prefill belongs to this opening of the modal (per view, not kept): the next one asks again.
  const entry = useQuery({
    queryKey: queryKeys.forms.entry(FORM_ID, row.id, account ?? 'personal'),
    queryFn: ({ signal }) =>
      api.forms.entryData({
        params: { formId: FORM_ID },
        query: { permitId: row.id, taskId: row.taskId, municipalityId: row.municipalityId, ...(account ? { companyId: account } : {}) },
        signal,
      }),
  });
  const licenses = useQuery({
    queryKey: account ? queryKeys.forms.licenses(account, row.municipalityId) : null,
    queryFn: ({ signal }) =>
      api.forms.licenseLookup({ params: { id: account ?? '' }, query: { municipalityID: row.municipalityId, stateID: row.address.state }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });

  const licensesReady = account === null || !licenses.loading;
  const ready = definition.data && entry.data && licensesReady;
  const prefill = useMemo(
    () =>
      entry.data
        ? { ...withLicenses(entry.data, licenses.data ?? null), ApplicantType: applicantType(account), CompanyID: account ? Number(account) : null }
        : null,
    [entry.data, licenses.data, account],
  );
  const municipalityName = entry.data?.MunicipalityName ?? row.municipality.name;
  const title = applicationTitle(municipalityName, entry.data?.TaskName ?? row.taskName);

  const cancel = () => {
    onClose();
    if (reloadOnCancel) reload();
  };
  const submit = async (answers: Answers) => {
    if (!prefill) return;
    setBusy(true);
    setError(null);
    try {
      const result = await api.forms.submit({
        params: { formId: FORM_ID },
        body: { formId: FORM_IDS.project, ...formChoices(prefill), answers, ...(acknowledged ? { acknowledgeGate: true } : {}) },
        silent: true,
      });
      onSubmitted(result);
    } catch (failure) {
      setRefused(refusedItems(failure));
      setError(isApiRequestError(failure) ? failure.message : 'The application could not be sent.');
      setBusy(false);
    }
  };

  const failed = definition.error ?? entry.error;
  return (
    <Modal open wide title={title} onClose={cancel} closeLabel="Cancel" footer={<p className="form-modal__note">{NOT_THE_MUNICIPALITY_NOTE}</p>}>
      <div className="form-modal" data-form-id={FORM_ID}>
        {companies.length > 0 && (
          <div className="field form-modal__account">
            <label className="field__label" htmlFor={selectId}>
              {SELECT_ACCOUNT_LABEL}
            </label>
            <select id={selectId} className="field__input" value={account ?? ''} disabled={busy} onChange={(event) => setAccount(event.currentTarget.value || null)}>
              <option value="">{PERSONAL_ACCOUNT_LABEL}</option>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {failed ? (
          <p className="alert alert--error" role="alert">
            {failed instanceof Error ? failed.message : 'The application form could not be loaded.'}
          </p>
        ) : ready && prefill && definition.data ? (
          <>
            <GateNotice items={gateItems} acknowledged={acknowledged} onAcknowledged={setAcknowledged} disabled={busy} />
            <FormRenderer key={account ?? 'personal'} definition={definition.data} entry={prefill} onSubmit={(answers) => void submit(answers)} busy={busy} error={error} />
          </>
        ) : (
          <div className="form-modal__loading">
            <Spinner large label="Loading the application" />
          </div>
        )}
      </div>
    </Modal>
  );
}
