// /shared-by-us?company={id} (issue 13): the company's own compliance wallet as it shares it — wallet
// shares it sent (GET /v4/invitations/share-wallet, every state) and the clients it is an approved vendor
// for (GET /v4/companies/{id}/vendor-fors) — each with the shared items, their live validity and, per item,
// its history and every download by the other side. Its owner or an administrator revokes an approved
// share (PUT /v4/invitations/revoke/{id}/share-wallet), withdraws one not yet approved, or ends a vendor
// relation (DELETE /v4/companies/{client}/vendors/{id}).
import { SHARING_STATUS, type Invitation } from '@permitdesk/core';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import type { ComplianceScope } from '../compliance-scope.js';
import { CompanyRequired } from '../layout/company-required.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';
import { ShareCard, type Share } from './share-card.js';
import { useEndShare } from './use-end-share.js';
import './sharing.css';

const recipientOf = (invitation: Invitation) => invitation.toCompany?.name ?? invitation.email ?? 'Invited company';

function endOf(invitation: Invitation): Share['end'] {
  const params = { params: { invitationId: invitation.invitationId }, silent: true } as const;
  if (invitation.actions?.includes('revoke')) {
    return { label: 'Revoke', confirm: `${recipientOf(invitation)} will no longer see your documents, at once.`, run: () => api.invitations.revokeShareWallet(params) };
  }
  if (invitation.actions?.includes('withdraw')) {
    return { label: 'Withdraw', confirm: `The share with ${recipientOf(invitation)} will be withdrawn.`, run: () => api.invitations.withdrawShareWallet(params) };
  }
  return null;
}

function SharedByUs({ scope }: { scope: ComplianceScope & { companyId: string } }) {
  const companyId = Number(scope.companyId);
  const end = useEndShare('The share has ended.', 'An error occurred while revoke share wallet invite!');
  const shares = useQuery({
    queryKey: queryKeys.sharing.byUs(scope.companyId),
    queryFn: async ({ signal }): Promise<Share[]> => {
      const [invitations, clients] = await Promise.all([
        api.invitations.shareWalletList({ query: { company: companyId, 'include-outbound': 'true', 'include-inbound': 'false' }, signal, silent: true }),
        api.companies.vendorFors({ params: { id: companyId }, signal, silent: true }),
      ]);
      const sent: Share[] = invitations.outbound.map((invitation) => ({
        key: `share:${invitation.invitationId}`,
        other: recipientOf(invitation),
        via: 'Wallet share',
        status: invitation.status,
        since: invitation.updatedAt,
        ownerId: companyId,
        viewerId: invitation.toCompany?.id ?? null,
        end: endOf(invitation),
      }));
      const asVendor: Share[] = clients.map((client) => ({
        key: `vendor:${client.id}`,
        other: client.name,
        via: 'Vendor',
        status: SHARING_STATUS.Approved,
        since: null,
        ownerId: companyId,
        viewerId: client.id,
        end: { label: 'End vendor relation', confirm: `Your company will no longer be a vendor of ${client.name}, and your documents will no longer be visible to it, at once.`, run: () => api.companies.endVendor({ params: { companyId: client.id, vendorId: companyId }, silent: true }) },
      }));
      return [...sent, ...asVendor];
    },
  });
  if (shares.error !== undefined) return <Unavailable error={shares.error} />;
  if (!shares.data) return <Spinner label="Loading shared wallets" />;
  if (shares.data.length === 0) return <p className="card">Your company does not share its compliance wallet with anyone yet.</p>;
  return (
    <div className="stack">
      <p className="muted">Your compliance documents as other companies see them today. Open an item&apos;s history to see who downloaded it.</p>
      {shares.data.map((share) => (
        <ShareCard
          key={share.key}
          share={share}
          owner
          role={scope.role}
          onEnd={(s) => void end(s)}
        />
      ))}
    </div>
  );
}

export default function SharedByUsPage() {
  return (
    <ComplianceLayout title="Shared by us">
      <CompanyRequired>{(scope) => (scope.vendorFor ? <p className="card">Shared wallets are kept by each company.</p> : <SharedByUs scope={scope} />)}</CompanyRequired>
    </ComplianceLayout>
  );
}
