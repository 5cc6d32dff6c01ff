// /access: guest access of the company in scope (SPEC §6, issue 13), both ways.
// - 'Shared with us as a guest': what other companies granted this one, read-only, with links to the
//   granted vault and projects; its Owner or an Administrator may leave a grant.
// - 'Our guests': the companies this one made its guests and what each sees; its Owner or an
//   Administrator ends a grant, and invites a company as a guest choosing its vault and/or projects.
// - The guest invitations sent, with their status (SPEC §4.4 labels and badges).
import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  canCreateAccess,
  DATE_FORMATS,
  formatDate,
  GUEST_SCOPE_MESSAGES,
  invitationBadge,
  invitationLabel,
  inviteCompanySchema,
  projectPermitUrl,
  type GuestGrant,
} from '@permitdesk/core';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import * as v from 'valibot';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Field } from '../../../ui/field.js';
import { useModals } from '../../../ui/generic-modals.js';
import { notify } from '../../../ui/notify.js';
import { PlainTable } from '../../../ui/plain-table.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import { serverMessageOr } from '../compliance-messages.js';
import { sectionHref, type ComplianceScope } from '../compliance-scope.js';
import { CompanyRequired } from '../layout/company-required.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';
import { ProjectPicker, type PickedProject } from './project-picker.js';

const inviteSchema = v.pick(inviteCompanySchema, ['email', 'companyName', 'message']);
type InviteValues = v.InferInput<typeof inviteSchema>;
export const GUEST_ACCESS_ERROR = 'An error occurred while inviting the guest company.';
const END_ERROR = 'The guest access could not be ended.';

function InviteGuestForm({ companyId, onSent }: { companyId: string; onSent: () => void }) {
  const ids = { vault: useId(), projects: useId() };
  const [vault, setVault] = useState(false);
  const [chosen, setChosen] = useState<PickedProject[]>([]);
  const [scopeError, setScopeError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<InviteValues>({ resolver: valibotResolver(inviteSchema), defaultValues: { email: '', companyName: '', message: '' } });
  const submit = async (values: InviteValues) => {
    if (!vault && chosen.length === 0) return setScopeError(GUEST_SCOPE_MESSAGES.empty);
    setScopeError(null);
    try {
      const body = {
        companyId: Number(companyId), email: values.email, scope: { vault, projectIds: chosen.map((project) => project.id) },
        ...(values.companyName ? { companyName: values.companyName } : {}), ...(values.message ? { message: values.message } : {}),
      };
      const result = await api.invitations.guestAccess({ body, silent: true });
      if (!result.ok) return notify('error', serverMessageOr(result.error.message, GUEST_ACCESS_ERROR));
      notify('success', `Your guest invitation has been sent to ${values.email}.`);
      reset();
      setVault(false);
      setChosen([]);
      onSent();
    } catch (error) {
      notify('error', serverMessageOr(error instanceof Error ? error.message : null, GUEST_ACCESS_ERROR));
    }
  };
  return (
    <form noValidate className="card" onSubmit={handleSubmit(submit)} aria-label="Invite a guest company">
      <h2 className="card__title">Invite a guest company</h2>
      <p className="muted">A guest company&apos;s team sees, read-only, exactly what you choose here, until you or they end it.</p>
      <fieldset disabled={formState.isSubmitting} className="plain-fieldset">
        <div className="form-grid">
          <Field label="Email Address" type="email" autoComplete="off" error={formState.errors.email?.message} {...register('email')} />
          <Field label="Company Name" error={formState.errors.companyName?.message} {...register('companyName')} />
        </div>
        <fieldset className="plain-fieldset guest-scope" aria-describedby={scopeError ? `${ids.projects}-error` : undefined}>
          <legend className="field__label">What the guest may see</legend>
          <label className="guest-scope__choice" htmlFor={ids.vault}>
            <input id={ids.vault} type="checkbox" checked={vault} onChange={(event) => setVault(event.currentTarget.checked)} /> Our compliance vault (licenses, insurance, certificates, documentation)
          </label>
          <ProjectPicker companyId={companyId} chosen={chosen} onChange={setChosen} />
          {scopeError && (
            <p className="field__error" id={`${ids.projects}-error`} role="alert">
              {scopeError}
            </p>
          )}
        </fieldset>
        <Field label="Message" error={formState.errors.message?.message} {...register('message')} />
        <button type="submit" className="btn">
          {formState.isSubmitting ? <Spinner label="Sending" /> : 'Send invitation'}
        </button>
      </fieldset>
    </form>
  );
}

/** What a grant shows, as links when the reader is the guest (read-only views of the host's pages). */
function GrantScope({ grant, links }: { grant: GuestGrant; links: boolean }) {
  const items = [
    ...(grant.vault ? [{ key: 'vault', label: 'Compliance vault', to: sectionHref('licenses', grant.host.id) }] : []),
    ...grant.projects.map((project) => ({
      key: `p${project.projectId}`,
      label: `Project: ${project.name}`,
      to: project.permitId ? projectPermitUrl(project.projectId, project.permitId) : `/projects/${project.projectId}`,
    })),
  ];
  if (items.length === 0) return <span className="muted">Nothing</span>;
  return (
    <ul className="guest-scope__list">
      {items.map((item) => (
        <li key={item.key}>{links ? <Link to={item.to}>{item.label}</Link> : item.label}</li>
      ))}
    </ul>
  );
}

function GuestLists({ scope }: { scope: ComplianceScope & { companyId: string } }) {
  const modals = useModals();
  const manager = canCreateAccess(scope.role);
  const grants = useQuery({
    queryKey: queryKeys.guestAccess.grants(scope.companyId),
    queryFn: ({ signal }) => api.guestAccess.list({ query: { company: scope.companyId }, signal, silent: true }),
  });
  const invitations = useQuery({
    queryKey: queryKeys.people.guestRequests(scope.companyId),
    queryFn: async ({ signal }) =>
      (await api.companies.invitations({ params: { id: scope.companyId }, signal, silent: true })).filter((invitation) => invitation.kind === 'GUEST_ACCESS' && invitation.fromCompany.id === Number(scope.companyId)),
  });
  const end = async (grant: GuestGrant, asHost: boolean) => {
    const sure = await modals.confirm(
      asHost
        ? { title: `End the guest access of ${grant.guest.name}?`, message: `${grant.guest.name} will no longer see what you shared, at once.` }
        : { title: `Leave the guest access of ${grant.host.name}?`, message: `Your company will no longer see what ${grant.host.name} shared with it.` },
    );
    if (!sure) return;
    const result = await api.guestAccess.end({ params: { grantId: grant.id }, silent: true }).catch(() => null);
    if (!result?.ok) return notify('error', serverMessageOr(result?.error.message ?? null, END_ERROR));
    notify('success', asHost ? `${grant.guest.name} is no longer your guest.` : `You left the guest access of ${grant.host.name}.`);
    grants.reload();
    invitations.reload();
  };
  if (grants.error !== undefined) return <Unavailable error={grants.error} />;
  if (!grants.data) return <Spinner label="Loading" />;
  const { received, granted } = grants.data;
  return (
    <div className="stack">
      <section aria-labelledby="shared-with-us-title">
        <h2 id="shared-with-us-title">Shared with us as a guest</h2>
        {received.length === 0 ? (
          <p className="card">No company shares anything with this company as a guest.</p>
        ) : (
          <PlainTable caption="What other companies share with this company, read-only" headers={['Company', 'Shared with us', 'Since', ...(manager ? ['Actions'] : [])]}>
            {received.map((grant) => (
              <tr key={grant.id}>
                <td>{grant.host.name}</td>
                <td>
                  <GrantScope grant={grant} links />
                </td>
                <td>{formatDate(grant.updatedAt, DATE_FORMATS.date)}</td>
                {manager && (
                  <td>
                    <button type="button" className="btn btn--sm btn--ghost" onClick={() => void end(grant, false)}>
                      Leave
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </PlainTable>
        )}
      </section>
      <section aria-labelledby="our-guests-title">
        <h2 id="our-guests-title">Our guests</h2>
        {granted.length === 0 ? (
          <p className="card">This company has no guests.</p>
        ) : (
          <PlainTable caption="Companies this company made its guests" headers={['Guest company', 'They see', 'Status', ...(manager ? ['Actions'] : [])]}>
            {granted.map((grant) => (
              <tr key={grant.id}>
                <td>{grant.guest.name}</td>
                <td>
                  <GrantScope grant={grant} links={false} />
                </td>
                <td>
                  <span className={`status-pill status-pill--${grant.active ? 'valid' : 'muted'}`}>{grant.active ? 'Active' : 'Ended'}</span>
                </td>
                {manager && (
                  <td>
                    {grant.active && (
                      <button type="button" className="btn btn--sm btn--danger" onClick={() => void end(grant, true)}>
                        End access
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </PlainTable>
        )}
      </section>
      {manager && <InviteGuestForm companyId={scope.companyId} onSent={invitations.reload} />}
      {invitations.data && invitations.data.length > 0 && (
        <section aria-labelledby="guest-invitations-title">
          <h2 id="guest-invitations-title">Guest invitations sent</h2>
          <PlainTable caption="Guest invitations sent" headers={['To', 'Sent', 'Status']}>
            {invitations.data.map((invitation) => (
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
      <CompanyRequired>{(scope) => (scope.vendorFor ? <p className="card">Guest access is kept by each company.</p> : <GuestLists scope={scope} />)}</CompanyRequired>
    </ComplianceLayout>
  );
}
