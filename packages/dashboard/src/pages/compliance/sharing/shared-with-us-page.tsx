// /shared-with-us?company={id} (issue 13): the compliance wallets other companies share with this one —
// wallet shares it received (GET /v4/invitations/share-wallet, every state) and the wallets of its
// approved vendors (GET /v4/companies/{id}/vendors) — each with its items' live validity and files. Its
// owner or an administrator withdraws from a share (PUT /v4/invitations/withdraw/{id}/share-wallet) or
// ends a vendor relation (DELETE /v4/companies/{id}/vendors/{vendorId}).
import { SHARING_STATUS } from '@permitdesk/core';
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

function SharedWithUs({ scope }: { scope: ComplianceScope & { companyId: string } }) {
  const companyId = Number(scope.companyId);
  const end = useEndShare('The share has ended.', 'The share could not be ended.');
  const shares = useQuery({
    queryKey: queryKeys.sharing.withUs(scope.companyId),
    queryFn: async ({ signal }): Promise<Share[]> => {
      const [invitations, vendors] = await Promise.all([
        api.invitations.shareWalletList({ query: { company: companyId, 'include-outbound': 'false', 'include-inbound': 'true' }, signal, silent: true }),
        api.companies.vendors({ params: { id: companyId }, signal, silent: true }),
      ]);
      const received: Share[] = invitations.inbound.map((invitation) => ({
        key: `share:${invitation.invitationId}`,
        other: invitation.fromCompany.name,
        via: 'Wallet share',
        status: invitation.status,
        since: invitation.updatedAt,
        ownerId: invitation.fromCompany.id,
        viewerId: invitation.toCompany?.id ?? null,
        end: invitation.status === SHARING_STATUS.Approved && invitation.actions?.includes('withdraw')
          ? { label: 'Withdraw', confirm: `${invitation.fromCompany.name}'s documents will no longer be visible to your company, at once.`, run: () => api.invitations.withdrawShareWallet({ params: { invitationId: invitation.invitationId }, silent: true }) }
          : null,
      }));
      const ofVendors: Share[] = vendors.map((vendor) => ({
        key: `vendor:${vendor.vendorId}`,
        other: vendor.vendor.name,
        via: 'Vendor',
        status: vendor.status,
        since: vendor.createdAt,
        ownerId: vendor.vendorId,
        viewerId: companyId,
        end: { label: 'End vendor relation', confirm: `${vendor.vendor.name} will no longer be your vendor and its documents will no longer be visible to your company, at once.`, run: () => api.companies.endVendor({ params: { companyId, vendorId: vendor.vendorId }, silent: true }) },
      }));
      return [...received, ...ofVendors];
    },
  });
  if (shares.error !== undefined) return <Unavailable error={shares.error} />;
  if (!shares.data) return <Spinner label="Loading shared wallets" />;
  if (shares.data.length === 0) return <p className="card">No company shares its compliance wallet with yours yet.</p>;
  return (
    <div className="stack">
      <p className="muted">Compliance documents other companies share with yours, as they are today. Every download is shown to the company that shares it.</p>
      {shares.data.map((share) => <ShareCard key={share.key} share={share} owner={false} role={scope.role} onEnd={(s) => void end(s)} />)}
    </div>
  );
}

export default function SharedWithUsPage() {
  return (
    <ComplianceLayout title="Shared with us">
      <CompanyRequired>{(scope) => (scope.vendorFor ? <p className="card">Shared wallets are kept by each company.</p> : <SharedWithUs scope={scope} />)}</CompanyRequired>
    </ComplianceLayout>
  );
}
