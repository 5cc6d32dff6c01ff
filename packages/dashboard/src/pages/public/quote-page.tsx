// /quote/{quoteId}: an accounting quote (SPEC §3, §7.7): its total, expiry, status and online invoice, and
// Accept / Decline while it is pending. The link the accounting system sends carries the agent and the
// organisation (?agent=&org=, and the order id as ?orderId= when it has one), which the quote calls send
// as their sass_agent_id / sass_organization_id headers.
import { formatDate, formatUsd, QUOTE_STATUSES, type AccountingQuote } from '@permitdesk/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';
import '../invitations/invitations.css';

const STATUS_VIEW: Record<string, { label: string; badge: 'primary' | 'warning' | 'danger' }> = {
  [QUOTE_STATUSES.pending]: { label: 'Awaiting your answer', badge: 'warning' },
  [QUOTE_STATUSES.accepted]: { label: 'Accepted', badge: 'primary' },
  [QUOTE_STATUSES.declined]: { label: 'Declined', badge: 'danger' },
  [QUOTE_STATUSES.expired]: { label: 'Expired', badge: 'danger' },
};
const statusView = (status: string) => STATUS_VIEW[status] ?? { label: status, badge: 'warning' as const };

export default function QuotePage() {
  const { quoteId = '' } = useParams();
  const [search] = useSearchParams();
  const agent = search.get('agent') ?? '';
  const org = search.get('org') ?? '';
  const complete = agent !== '' && org !== '';
  const load = useQuery<AccountingQuote>({
    queryKey: complete ? queryKeys.quote(quoteId, agent, org) : null,
    queryFn: ({ signal }) => api.integrations.quote({ params: { quoteId }, headers: { sass_agent_id: agent, sass_organization_id: org }, signal, silent: true }),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headers = { sass_agent_id: agent, sass_organization_id: org };

  if (!complete || load.error !== undefined) {
    return (
      <div className="container container--text">
        <h1 className="page-title">Your quote</h1>
        <Alert kind="warning" title="Quote not found">
          This quote does not exist, has been withdrawn, or the link is incomplete. Please open the link from your e-mail again.
        </Alert>
        <div className="row">
          <Link className="btn" to="/support">
            Contact support
          </Link>
          <Link className="btn btn--ghost" to="/">
            Go to the home page
          </Link>
        </div>
      </div>
    );
  }
  if (!load.data) return <Spinner large label="Loading the quote" />;

  const quote = load.data;
  const view = statusView(quote.status);
  const answer = async (status: 'accepted' | 'declined') => {
    setError(null);
    setBusy(true);
    try {
      const updated = await api.integrations.updateQuote({ params: { quoteId }, headers, body: { status, orderId: search.get('orderId') ?? quote.orderId ?? quote.quoteId }, silent: true });
      load.set(updated);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An error occurred');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="container container--narrow">
      <div className="card">
        <h1 className="page-title">Quote {quote.quoteId}</h1>
        <p className="quote-total" aria-label="Total">
          {formatUsd(quote.total)}
        </p>
        <dl className="invitation-facts">
          <dt>Status</dt>
          <dd>
            <span className={`invitation-badge invitation-badge--${view.badge}`}>{view.label}</span>
          </dd>
          <dt>{quote.status === QUOTE_STATUSES.expired ? 'Expired after' : 'Valid until'}</dt>
          <dd>{quote.expiryDate ? formatDate(quote.expiryDate) : 'No expiry date'}</dd>
          {quote.orderId && (
            <>
              <dt>Order</dt>
              <dd>{quote.orderId}</dd>
            </>
          )}
        </dl>
        {error && <Alert kind="error">{error}</Alert>}
        <div className="invitation-actions">
          {quote.status === QUOTE_STATUSES.pending && (
            <>
              <button type="button" className="btn btn--accent" disabled={busy} onClick={() => void answer('accepted')}>
                {busy ? <Spinner label="Saving" /> : 'Accept the quote'}
              </button>
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void answer('declined')}>
                Decline
              </button>
            </>
          )}
          {quote.onlineInvoiceUrl && (
            <a className="btn btn--ghost" href={quote.onlineInvoiceUrl} target="_blank" rel="noreferrer">
              View the online invoice
            </a>
          )}
        </div>
      </div>
    </div>
  );
}
