// /messages (vendor mode, SPEC §2.9): what passed between the client and one of its vendors: the vendor
// link and its status, and the invitations the client sent the vendor (onboarding, wallet requests),
// newest first, each with its SPEC §4.4 label and badge.
import { DATE_FORMATS, formatDate, invitationBadge, invitationLabel, VENDOR_FOR_INDIVIDUAL } from '@permitdesk/core';
import { Unavailable } from '../../../ui/unavailable.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Spinner } from '../../../ui/spinner.js';
import { CompanyRequired } from '../layout/company-required.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';

const KIND_TEXT = {
  VENDOR_ONBOARDING: 'Vendor onboarding',
  SHARE_WALLET: 'Compliance wallet share',
  USER_TYPE: 'User invitation',
  GUEST_ACCESS: 'Guest access',
  CUSTOM_VENDOR_ONBOARDING: 'Custom vendor onboarding',
  COMPLIANCE_REQUEST: 'Compliance request',
} as const;

function VendorMessages({ vendorId, vendorFor }: { vendorId: string; vendorFor: string }) {
  const individual = vendorFor === VENDOR_FOR_INDIVIDUAL;
  const thread = useQuery({
    queryKey: queryKeys.vendors.messages(vendorFor, vendorId),
    queryFn: async ({ signal }) => {
      if (individual) {
        const links = await api.companies.individualVendors({ signal, silent: true });
        return { link: links.find((l) => String(l.vendorId) === vendorId) ?? null, invitations: [] };
      }
      const [link, invitations] = await Promise.all([
        api.companies.vendor({ params: { companyId: vendorFor, vendorId }, signal, silent: true }),
        api.companies.invitations({ params: { id: vendorFor }, signal, silent: true }),
      ]);
      const mine = invitations.filter((invitation) => String(invitation.toCompany?.id) === vendorId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { link, invitations: mine };
    },
  });
  if (thread.error !== undefined) {
    return <Unavailable error={thread.error} fallback="The messages could not be loaded." />;
  }
  if (!thread.data) return <Spinner label="Loading messages" />;
  const { link, invitations } = thread.data;
  return (
    <div className="stack">
      {link && (
        <div className="card">
          <h2 className="card__title">{link.vendor.name}</h2>
          {link.vendor.address && <p className="muted">{link.vendor.address}</p>}
          <p>
            Vendor since {formatDate(link.createdAt, DATE_FORMATS.long)}{' '}
            <span className={`status-pill status-pill--${invitationBadge(link.status)}`}>{invitationLabel(link.status)}</span>
          </p>
        </div>
      )}
      {invitations.length === 0 ? (
        <p className="card">No messages with this vendor yet.</p>
      ) : (
        <ol className="updates-list stack" aria-label="Messages with the vendor">
          {invitations.map((invitation) => (
            <li key={invitation.invitationId} className="card">
              <strong>{KIND_TEXT[invitation.kind]}</strong>{' '}
              <span className={`status-pill status-pill--${invitationBadge(invitation.status)}`}>{invitationLabel(invitation.status)}</span>
              <p className="muted" style={{ margin: 0 }}>
                Sent to {invitation.email ?? invitation.toCompany?.name} on {formatDate(invitation.createdAt, DATE_FORMATS.long)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export default function MessagesPage() {
  return (
    <ComplianceLayout title="Messages">
      <CompanyRequired>
        {(scope) =>
          scope.vendorFor ? <VendorMessages vendorId={scope.companyId} vendorFor={scope.vendorFor} /> : <p className="card">Messages are kept with vendors: switch Vendors on and pick a vendor.</p>
        }
      </CompanyRequired>
    </ComplianceLayout>
  );
}
