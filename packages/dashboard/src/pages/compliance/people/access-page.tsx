// /access: guest access of the company in scope. The companies it is a guest of (companies.guestFors),
// the guest-access requests it has sent with their status (SPEC §4.4 labels and badges), and for the
// Owner or an Administrator (who may create access, SPEC §6) a form to ask a company for guest access.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { canCreateAccess, formatDate, invitationBadge, invitationLabel, inviteCompanySchema, DATE_FORMATS } from '@permitdesk/core';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { Unavailable } from '../../../ui/unavailable.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Field } from '../../../ui/field.js';
import { notify } from '../../../ui/notify.js';
import { PlainTable } from '../../../ui/plain-table.js';
import { Spinner } from '../../../ui/spinner.js';
import { CompanyRequired } from '../layout/company-required.js';
import { serverMessageOr } from '../compliance-messages.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';
import type { ComplianceScope } from '../compliance-scope.js';

const requestSchema = v.pick(inviteCompanySchema, ['email', 'companyName', 'message']);
type RequestValues = v.InferInput<typeof requestSchema>;
export const GUEST_ACCESS_ERROR = 'An error occurred while requesting guest access.';

function RequestAccessForm({ companyId, onSent }: { companyId: string; onSent: () => void }) {
  const { register, handleSubmit, formState, reset } = useForm<RequestValues>({ resolver: valibotResolver(requestSchema), defaultValues: { email: '', companyName: '', message: '' } });
  const submit = async (values: RequestValues) => {
    try {
      const result = await api.invitations.guestAccess({ body: { companyId: Number(companyId), email: values.email, ...(values.companyName ? { companyName: values.companyName } : {}), ...(values.message ? { message: values.message } : {}) }, silent: true });
      if (!result.ok) return notify('error', serverMessageOr(result.error.message, GUEST_ACCESS_ERROR));
      notify('success', `Your guest access request has been sent to ${values.email}.`);
      reset();
      onSent();
    } catch (error) {
      notify('error', serverMessageOr(error instanceof Error ? error.message : null, GUEST_ACCESS_ERROR));
    }
  };
  return (
    <form noValidate className="card" onSubmit={handleSubmit(submit)} aria-label="Ask for guest access">
      <h2 className="card__title">Ask for guest access</h2>
      <p className="muted">A company that grants guest access lets your users follow the projects it shares with you.</p>
      <fieldset disabled={formState.isSubmitting} className="plain-fieldset">
        <div className="form-grid">
          <Field label="Email Address" type="email" autoComplete="off" error={formState.errors.email?.message} {...register('email')} />
          <Field label="Company Name" error={formState.errors.companyName?.message} {...register('companyName')} />
        </div>
        <Field label="Message" error={formState.errors.message?.message} {...register('message')} />
        <button type="submit" className="btn">
          {formState.isSubmitting ? <Spinner label="Sending" /> : 'Send request'}
        </button>
      </fieldset>
    </form>
  );
}

function AccessLists({ scope }: { scope: ComplianceScope & { companyId: string } }) {
  const hosts = useQuery({
    queryKey: queryKeys.people.guestFors(scope.companyId),
    queryFn: ({ signal }) => api.companies.guestFors({ params: { id: scope.companyId }, signal, silent: true }),
  });
  const requests = useQuery({
    queryKey: queryKeys.people.guestRequests(scope.companyId),
    queryFn: async ({ signal }) =>
      (await api.companies.invitations({ params: { id: scope.companyId }, signal, silent: true })).filter((invitation) => invitation.kind === 'GUEST_ACCESS'),
  });
  return (
    <div className="stack">
      <section aria-labelledby="guest-of-title">
        <h2 id="guest-of-title">Guest of</h2>
        {hosts.error !== undefined ? (
          <Unavailable error={hosts.error} />
        ) : !hosts.data ? (
          <Spinner label="Loading" />
        ) : hosts.data.length === 0 ? (
          <p className="card">This company is not a guest of any company yet.</p>
        ) : (
          <PlainTable caption="Companies this company is a guest of" headers={['Company', 'Address']}>
            {hosts.data.map((host) => (
              <tr key={host.id}>
                <td>{host.name}</td>
                <td>{host.address ?? '—'}</td>
              </tr>
            ))}
          </PlainTable>
        )}
      </section>
      {canCreateAccess(scope.role) && <RequestAccessForm companyId={scope.companyId} onSent={requests.reload} />}
      {requests.data && requests.data.length > 0 && (
        <section aria-labelledby="guest-requests-title">
          <h2 id="guest-requests-title">Requests sent</h2>
          <PlainTable caption="Guest access requests sent" headers={['To', 'Sent', 'Status']}>
            {requests.data.map((invitation) => (
              <tr key={invitation.invitationId}>
                <td>{invitation.toCompany?.name ?? invitation.email}</td>
                <td>{formatDate(invitation.createdAt, DATE_FORMATS.usDateTime)}</td>
                <td>
                  <span className={`status-pill status-pill--${invitationBadge(invitation.status)}`}>{invitationLabel(invitation.status)}</span>
                </td>
              </tr>
            ))}
          </PlainTable>
        </section>
      )}
    </div>
  );
}

export default function AccessPage() {
  return (
    <ComplianceLayout title="Access">
      <CompanyRequired>{(scope) => (scope.vendorFor ? <p className="card">Guest access is kept by each company.</p> : <AccessLists scope={scope} />)}</CompanyRequired>
    </ComplianceLayout>
  );
}
