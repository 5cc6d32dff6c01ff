// /public-links: the company's public compliance links (issue 13). Its owner or an administrator creates
// one (the whole wallet or chosen items, downloads, label, expiry), copies its address once, sees each
// link's status, visits and last visit, opens its visits, and revokes it at once. Other members are told
// who may; the server refuses them anyway (403).
import { canCreateAccess, DATE_FORMATS, formatDate, LINK_STATUS_LABELS, type ComplianceLink, type CreatedComplianceLink } from '@permitdesk/core';
import { useState } from 'react';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { useModals } from '../../../ui/generic-modals.js';
import { notify } from '../../../ui/notify.js';
import { PlainTable } from '../../../ui/plain-table.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import { serverMessageOr } from '../compliance-messages.js';
import type { ComplianceScope } from '../compliance-scope.js';
import { CompanyRequired } from '../layout/company-required.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';
import { CreatedLink, CreateLinkForm } from './create-link-form.js';
import { LinkVisits } from './link-visits.js';
import './public-links.css';

const REVOKE_ERROR = 'The link could not be revoked.';
const PILL = { active: 'valid', expired: 'muted', revoked: 'expired' } as const;
const linkName = (link: ComplianceLink) => link.label ?? `Link #${link.id}`;

function LinksTable({ companyId, links, onRevoke, shown, onShow }: { companyId: string; links: ComplianceLink[]; onRevoke: (link: ComplianceLink) => void; shown: number | null; onShow: (id: number | null) => void }) {
  if (links.length === 0) return <p className="card">No public links yet. Create one below to share your compliance documents with anyone.</p>;
  const open = links.find((link) => link.id === shown);
  return (
    <>
      <PlainTable caption="Public links of this company" headers={['Link', 'Shows', 'Status', 'Expires / revoked', 'Visits', 'Last visit', 'Actions']}>
        {links.map((link) => (
          <tr key={link.id}>
            <td>{linkName(link)}</td>
            <td>
              {link.allItems ? 'Whole wallet' : `${link.items.length} item${link.items.length === 1 ? '' : 's'}`}
              <span className="muted">{link.allowDownloads ? ' · downloads allowed' : ' · view only'}</span>
            </td>
            <td>
              <span className={`status-pill status-pill--${PILL[link.status]}`}>{LINK_STATUS_LABELS[link.status]}</span>
            </td>
            <td className="link-date">{formatDate(link.revokedAt ?? link.expiresAt, DATE_FORMATS.date)}</td>
            <td>
              {link.visitsCount}
              {link.downloadsCount > 0 && <span className="muted"> ({link.downloadsCount} download{link.downloadsCount === 1 ? '' : 's'})</span>}
            </td>
            <td>{link.lastVisitAt ? formatDate(link.lastVisitAt, DATE_FORMATS.usDateTime) : <span className="muted">Never</span>}</td>
            <td className="link-actions">
              <button type="button" className="btn btn--sm btn--ghost" aria-expanded={shown === link.id} onClick={() => onShow(shown === link.id ? null : link.id)} aria-label={`Visits of ${linkName(link)}`}>
                Visits
              </button>
              {link.status === 'active' && (
                <button type="button" className="btn btn--sm btn--danger" onClick={() => onRevoke(link)} aria-label={`Revoke ${linkName(link)}`}>
                  Revoke
                </button>
              )}
            </td>
          </tr>
        ))}
      </PlainTable>
      {open && <LinkVisits companyId={companyId} link={open} />}
    </>
  );
}

function PublicLinks({ scope }: { scope: ComplianceScope & { companyId: string } }) {
  const modals = useModals();
  const [created, setCreated] = useState<CreatedComplianceLink | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const manager = canCreateAccess(scope.role);
  // Only managers may read the links (the server refuses others): nobody else asks.
  const links = useQuery({
    queryKey: manager ? queryKeys.complianceLinks.all(scope.companyId) : null,
    queryFn: ({ signal }) => api.complianceLinks.list({ params: { companyId: scope.companyId }, signal, silent: true }),
  });
  const revoke = async (link: ComplianceLink) => {
    const sure = await modals.confirm({ title: `Revoke ${linkName(link)}?`, message: 'Anyone holding this link will no longer see your documents, at once. This cannot be undone.' });
    if (!sure) return;
    try {
      await api.complianceLinks.revoke({ params: { companyId: scope.companyId, linkId: link.id }, silent: true });
      notify('success', `${linkName(link)} is revoked.`);
    } catch (failure) {
      notify('error', serverMessageOr(failure instanceof Error ? failure.message : null, REVOKE_ERROR));
    }
    links.reload();
  };
  if (!manager) return <p className="card">Only an owner or an administrator of this company can share public links.</p>;
  if (links.error !== undefined) return <Unavailable error={links.error} />;
  if (!links.data) return <Spinner label="Loading links" />;
  return (
    <div className="stack">
      <p className="muted">Share your live compliance documents with a link: visitors always see today&apos;s status, and you see who looked.</p>
      {created && (
        <CreatedLink
          created={created}
          onDone={() => setCreated(null)}
        />
      )}
      <LinksTable companyId={scope.companyId} links={links.data} onRevoke={(link) => void revoke(link)} shown={shown} onShow={setShown} />
      <CreateLinkForm
        companyId={scope.companyId}
        onCreated={(made) => {
          setCreated(made);
          links.reload();
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}

export default function PublicLinksPage() {
  return (
    <ComplianceLayout title="Public links">
      <CompanyRequired>{(scope) => (scope.vendorFor ? <p className="card">Public links are kept by each company.</p> : <PublicLinks scope={scope} />)}</CompanyRequired>
    </ComplianceLayout>
  );
}
