// /invitations/notify: what waits on the user (todo: vendors to review, requests for their documents,
// vendor updates) and what their companies sent that still waits (pending: shared wallets, vendor
// onboardings, compliance requests), each with its status label and badge colour (core's SPEC §4.4 rules)
// and the actions the server allows: withdraw, resend, revoke, approve, accept, decline. A withdrawn or
// answered invitation leaves its list. Answers that need a company chosen, and the vendor's own steps,
// open the invitation's page. Owners and administrators can send new company invitations here too.
import { formatDate, isInvitationOpen, type Invitation, type InvitationAction } from '@permitdesk/core';
import { Link } from 'react-router';
import { queryKeys } from '../../data/query-keys.js';
import { useQueryClient } from '../../data/query-provider.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { PlainTable } from '../../ui/plain-table.js';
import { Spinner } from '../../ui/spinner.js';
import { ActionButtons } from './action-buttons.js';
import { InvitationBadge } from './invitation-badge.js';
import { invitationPath, kindLabel } from './invitation-meta.js';
import { SendInvitation } from './send-invitation.js';
import './invitations.css';

type Lists = Record<'vendorReview' | 'documentRequest' | 'existedVendorUpdate' | 'sharedWallet' | 'vendorOnboarding' | 'complianceRequest', Invitation[]>;

const TODO_SECTIONS = [
  ['vendorReview', 'Vendors to review'],
  ['documentRequest', 'Requests for your documents'],
  ['existedVendorUpdate', 'Vendor updates'],
] as const;
const PENDING_SECTIONS = [
  ['sharedWallet', 'Shared wallets'],
  ['vendorOnboarding', 'Vendor onboarding'],
  ['complianceRequest', 'Compliance requests'],
] as const;

/** Answers that need a company picked or a form filled are made on the invitation's page. */
function inlineActions(invitation: Invitation): InvitationAction[] {
  return (invitation.actions ?? []).filter((action) => {
    if (action === 'submit') return false;
    if (action === 'accept') return invitation.kind === 'USER_TYPE';
    if (action === 'approve') return invitation.kind !== 'GUEST_ACCESS';
    return true;
  });
}

const ANSWERS: readonly InvitationAction[] = ['approve', 'accept', 'decline', 'submit'];

function InvitationTable({ title, items, waiting, onChange }: { title: string; items: Invitation[]; waiting: boolean; onChange: (updated: Invitation) => void }) {
  return (
    <section className="invitation-list" aria-label={title}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className="invitation-empty">No Matches Found</p>
      ) : (
        <PlainTable headers={['Invitation', 'From', waiting ? 'For' : 'Sent to', 'Status', 'Sent', 'Actions']}>
          {items.map((invitation) => (
            <tr key={invitation.invitationId} data-invitation-id={invitation.invitationId}>
              <td>
                <Link to={invitationPath(invitation)}>{kindLabel(invitation)}</Link>
              </td>
              <td>{invitation.fromCompany.name}</td>
              <td>{invitation.toCompany?.name ?? invitation.email ?? '—'}</td>
              <td>
                <InvitationBadge status={invitation.status} />
              </td>
              <td>{formatDate(invitation.createdAt)}</td>
              <td>
                <div className="invitation-actions">
                  <ActionButtons invitation={invitation} only={inlineActions(invitation)} size="sm" onDone={onChange} />
                  {(invitation.actions ?? []).some((action) => !inlineActions(invitation).includes(action)) && (
                    <Link className="btn btn--sm" to={invitationPath(invitation)}>
                      {invitation.actions?.includes('submit') ? 'Continue' : 'Review'}
                    </Link>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </PlainTable>
      )}
    </section>
  );
}

export default function InvitationsNotifyPage() {
  const client = useQueryClient();
  const query = useQuery<Lists>({
    queryKey: queryKeys.invitations.lists,
    queryFn: async ({ signal }) => {
      const [todo, pending] = await Promise.all([api.invitations.todo({ signal, silent: true }), api.invitations.pending({ signal, silent: true })]);
      return { ...todo, ...pending };
    },
  });
  const lists = query.data ?? null;
  const { error } = query;
  const failed = error === undefined ? null : error instanceof Error ? error.message : 'An error occurred';

  const update = (change: (current: Lists) => Lists) => {
    const current = client.getQueryData<Lists>(queryKeys.invitations.lists);
    if (current) query.set(change(current));
  };
  /** An answered invitation leaves the waiting lists; a closed one leaves the pending lists (SPEC §4.4 withdraw). */
  const replace = (updated: Invitation) =>
    update((current) => {
      const next = { ...current };
      for (const [key] of TODO_SECTIONS) {
        next[key] = current[key].flatMap((i) => (i.invitationId !== updated.invitationId ? [i] : (updated.actions ?? []).some((a) => ANSWERS.includes(a)) ? [updated] : []));
      }
      for (const [key] of PENDING_SECTIONS) {
        next[key] = current[key].flatMap((i) => (i.invitationId !== updated.invitationId ? [i] : isInvitationOpen(updated.status) ? [updated] : []));
      }
      return next;
    });

  return (
    <div className="container">
      <h1 className="page-title">Invitations</h1>
      <p className="page-lead muted">Invitations waiting on you, and the ones your companies sent.</p>
      {failed && <Alert kind="error" title="Unavailable">{failed}</Alert>}
      {!lists && !failed && <Spinner label="Loading invitations" />}
      {lists && (
        <>
          {TODO_SECTIONS.map(([key, title]) => (
            <InvitationTable key={key} title={title} items={lists[key]} waiting onChange={replace} />
          ))}
          {PENDING_SECTIONS.map(([key, title]) => (
            <InvitationTable key={key} title={`Sent: ${title.toLowerCase()}`} items={lists[key]} waiting={false} onChange={replace} />
          ))}
        </>
      )}
      <SendInvitation onSent={() => client.invalidateQueries({ queryKey: queryKeys.invitations.lists })} />
    </div>
  );
}
