// /c/{token}: a company's public compliance link (issue 13), opened by anyone without an account: the
// company's name, each item with its live status and expiry, downloads of the files the owner allowed,
// and when the link itself expires. An unknown, revoked or expired link shows one same page. The server
// answers this page with Referrer-Policy: no-referrer and X-Robots-Tag: noindex; the meta tags below
// say the same wherever the page is served from. No cookie is set, nothing tracks the visitor.
import { DATE_FORMATS, EXPIRING_SOON_DAYS, formatDate, LINK_ITEM_KIND_LABELS, linkItemStateText, type PublicComplianceLink, type PublicLinkItem } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { PlainTable } from '../../ui/plain-table.js';
import { Spinner } from '../../ui/spinner.js';
import '../compliance/compliance.css';
import './compliance-link-page.css';

const PILL = { valid: 'valid', expiring: 'expiring', expired: 'expired', missing: 'muted' } as const;
const DOWNLOAD_ERROR = 'The file could not be downloaded. Please try again.';

/** <meta name=… content=…> in the head while the page is shown. */
function useMeta(name: string, content: string) {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
    return () => meta.remove();
  }, [name, content]);
}

export function LinkUnavailable() {
  return (
    <div className="container container--text">
      <h1 className="page-title">This link is no longer available</h1>
      <Alert kind="warning" title="This link is no longer available">
        The company may have revoked it, or it has expired. Ask the company that sent it to you for a new link.
      </Alert>
      <Link className="btn btn--ghost" to="/">
        Go to the home page
      </Link>
    </div>
  );
}

/** Fetches a short-lived URL for the file and hands it to the browser as a download. */
async function downloadItem(token: string, visit: string, item: PublicLinkItem): Promise<void> {
  const { url } = await api.complianceLinks.download({ params: { token }, body: { kind: item.kind, id: item.id, visit }, silent: true });
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = item.fileName ?? '';
  anchor.rel = 'noreferrer noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** How near the expiry is, when it is near or past (shown whatever the item's state: a missing file may also be expiring). */
function ExpiryDistance({ daysLeft }: { daysLeft: number | null }) {
  if (daysLeft === null || daysLeft > EXPIRING_SOON_DAYS) return null;
  return <div className="muted">{daysLeft === 0 ? 'today' : daysLeft > 0 ? `in ${days(daysLeft)}` : `${days(-daysLeft)} ago`}</div>;
}

function ItemRow({ token, visit, item }: { token: string; visit: string; item: PublicLinkItem }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      await downloadItem(token, visit, item);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  const issued = [item.issuer, item.stateCode].filter(Boolean).join(', ');
  return (
    <tr>
      <td>{LINK_ITEM_KIND_LABELS[item.kind]}</td>
      <td>
        <strong>{item.name}</strong>
        {item.number && <div className="muted">No. {item.number}</div>}
        {issued && <div className="muted">{issued}</div>}
      </td>
      <td>
        <span className={`status-pill status-pill--${PILL[item.state]}`}>{linkItemStateText(item)}</span>
      </td>
      <td className="public-link__date">
        {item.expiresOn ? formatDate(item.expiresOn, DATE_FORMATS.date) : <span className="muted">Does not expire</span>}
        <ExpiryDistance daysLeft={item.daysLeft} />
      </td>
      <td>
        {item.downloadable ? (
          <button type="button" className="btn btn--sm" onClick={() => void download()} disabled={state === 'busy'} aria-label={`Download ${item.fileName ?? item.name}`}>
            {state === 'busy' ? <Spinner label="Preparing the download" /> : 'Download'}
          </button>
        ) : (
          <span className="muted">{item.fileName ? 'View only' : 'No file'}</span>
        )}
        {state === 'failed' && (
          <p className="field__error" role="alert">
            {DOWNLOAD_ERROR}
          </p>
        )}
      </td>
    </tr>
  );
}

function LinkContent({ token, link }: { token: string; link: PublicComplianceLink }) {
  return (
    <div className="container public-link">
      <p className="public-link__eyebrow">Compliance documents shared by</p>
      <h1 className="page-title">{link.company.name}</h1>
      {link.label && <p className="public-link__label">{link.label}</p>}
      <p className="muted">
        Each status is live: it is read from {link.company.name}&apos;s records the moment you open this page. This link expires on{' '}
        <strong>{formatDate(link.expiresAt, DATE_FORMATS.date)}</strong>.
      </p>
      {link.items.length === 0 ? (
        <p className="card">There is nothing to show on this link at the moment.</p>
      ) : (
        <PlainTable caption={`Compliance documents of ${link.company.name}`} headers={['Kind', 'Document', 'Status', 'Expires', 'File']}>
          {link.items.map((item) => (
            <ItemRow key={`${item.kind}:${item.id}`} token={token} visit={link.visit} item={item} />
          ))}
        </PlainTable>
      )}
      <p className="muted public-link__note">Shared through PermitDesk. {link.company.name} sees when this link is opened and which files are downloaded.</p>
    </div>
  );
}

export default function ComplianceLinkPage() {
  const { token = '' } = useParams();
  useMeta('robots', 'noindex, nofollow');
  useMeta('referrer', 'no-referrer');
  const link = useQuery({
    queryKey: queryKeys.publicLink(token),
    queryFn: ({ signal }) => api.complianceLinks.open({ params: { token }, signal, silent: true }),
  });
  if (link.error !== undefined) {
    // Only a 404 means the link is gone; a busy network or a rate limit says so and keeps the hope.
    if (isApiRequestError(link.error) && link.error.status !== 404) {
      return (
        <div className="container container--text">
          <Alert kind="error" title="The documents could not be loaded">
            {link.error.message} Please try again in a moment.
          </Alert>
        </div>
      );
    }
    return <LinkUnavailable />;
  }
  if (!link.data) return <Spinner label="Loading" />;
  return <LinkContent token={token} link={link.data} />;
}
