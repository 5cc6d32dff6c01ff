// /quote/{quoteId}: a quote, by one of two paths.
// - The accounting system's (SPEC §3, §7.7): the link carries the agent and the organisation (?agent=&org=,
//   and the order id as ?orderId= when it has one), which the quote calls send as their sass_agent_id /
//   sass_organization_id headers: total, expiry, status, online invoice, Accept / Decline while pending.
// - The permit team's (issue 12): the mailed link has no query; the signed-in customer reads the quote of
//   their permit (line items, total, valid until) and accepts it (the permit moves to its next stage) or
//   declines it with an optional reason. Signed out, the page sends them to sign in and back here.
import { formatDate, formatUsd, QUOTE_STATUSES, type AccountingQuote, type PermitQuote } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useId, useLayoutEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { queryKeys } from '../../data/query-keys.js';
import { useAction } from '../../data/use-action.js';
import { useQuery } from '../../data/use-query.js';
import { SIGN_IN_PATH } from '../../routes/access.js';
import { api } from '../../session/api.js';
import { rememberTarget } from '../../session/redirect-memory.js';
import { useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';
import { QuoteLines } from '../ops/quotes/quotes-panel.js';
import '../invitations/invitations.css';
import '../ops/quotes/quotes.css';

const STATUS_VIEW: Record<string, { label: string; badge: 'primary' | 'warning' | 'danger' }> = {
  [QUOTE_STATUSES.pending]: { label: 'Awaiting your answer', badge: 'warning' },
  [QUOTE_STATUSES.accepted]: { label: 'Accepted', badge: 'primary' },
  [QUOTE_STATUSES.declined]: { label: 'Declined', badge: 'danger' },
  [QUOTE_STATUSES.expired]: { label: 'Expired', badge: 'danger' },
};
const statusView = (status: string) => STATUS_VIEW[status] ?? { label: status, badge: 'warning' as const };

export default function QuotePage() {
  const [search] = useSearchParams();
  const external = search.has('agent') || search.has('org');
  return external ? <AccountingQuotePage /> : <CustomerQuotePage />;
}

/** The total and the facts both quote pages show (status, validity, order), with a page's own facts after them. */
function QuoteFacts({ status, total, validUntil, orderId, children }: { status: string; total: number; validUntil: string | null; orderId: string | null; children?: ReactNode }) {
  const view = statusView(status);
  return (
    <>
      <p className="quote-total" aria-label="Total">
        {formatUsd(total)}
      </p>
      <dl className="invitation-facts">
        <dt>Status</dt>
        <dd>
          <span className={`invitation-badge invitation-badge--${view.badge}`}>{view.label}</span>
        </dd>
        <dt>{status === QUOTE_STATUSES.expired ? 'Expired after' : 'Valid until'}</dt>
        <dd>{validUntil ? formatDate(validUntil) : 'No expiry date'}</dd>
        {orderId && (
          <>
            <dt>Order</dt>
            <dd>{orderId}</dd>
          </>
        )}
        {children}
      </dl>
    </>
  );
}

function QuoteNotFound() {
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

/** Signed out: remember this page and sign in first (the mail's link lands here after sign-in). */
function SignInFirst() {
  const location = useLocation();
  useLayoutEffect(() => rememberTarget(location.pathname + location.search), [location]);
  return <Navigate replace to={SIGN_IN_PATH} />;
}

function CustomerQuotePage() {
  const signedIn = useAuth((state) => state.isAuthenticated);
  return signedIn ? <CustomerQuote /> : <SignInFirst />;
}

function CustomerQuote() {
  const { quoteId = '' } = useParams();
  const reasonId = useId();
  const load = useQuery<PermitQuote>({
    queryKey: queryKeys.permitQuote(quoteId),
    queryFn: ({ signal }) => api.opsQuotes.quote({ params: { quoteId }, signal, silent: true }),
  });
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const { run, busy, error } = useAction(
    async (call: () => Promise<PermitQuote>) => {
      load.set(await call());
      setDeclining(false);
    },
    (e) => (isApiRequestError(e) ? e.message : 'An error occurred'),
  );
  if (load.error !== undefined) return <QuoteNotFound />;
  if (!load.data) return <Spinner large label="Loading the quote" />;
  const quote = load.data;
  const accept = () => run(() => api.opsQuotes.acceptQuote({ params: { quoteId }, silent: true }));
  const decline = () => run(() => api.opsQuotes.declineQuote({ params: { quoteId }, body: { reason: reason.trim() || null }, silent: true }));
  return (
    <div className="container container--narrow">
      <div className="card">
        <h1 className="page-title">Quote {quote.quoteId}</h1>
        <p className="muted">
          {quote.taskName} permit for {quote.customerName}, {quote.municipalityName}
        </p>
        <QuoteFacts status={quote.status} total={quote.total} validUntil={quote.validUntil} orderId={quote.orderId}>
          {quote.declineReason && (
            <>
              <dt>Your reason</dt>
              <dd>{quote.declineReason}</dd>
            </>
          )}
        </QuoteFacts>
        <QuoteLines quote={quote} />
        {quote.status === QUOTE_STATUSES.accepted && (
          <Alert kind="info">Thank you: your order is recorded and the permit team is moving your permit forward.</Alert>
        )}
        {quote.status === QUOTE_STATUSES.expired && <Alert kind="warning">This quote has expired. Please contact the permit team for a new one.</Alert>}
        {error && <Alert kind="error">{error}</Alert>}
        {quote.status === QUOTE_STATUSES.pending && declining && (
          <div className="field">
            <label className="field__label" htmlFor={reasonId}>
              Why are you declining? (optional)
            </label>
            <textarea id={reasonId} className="field__input" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
        )}
        <div className="invitation-actions">
          {quote.status === QUOTE_STATUSES.pending && !declining && (
            <>
              <button type="button" className="btn btn--accent" disabled={busy} onClick={() => void accept()}>
                {busy ? <Spinner label="Saving" /> : 'Accept the quote'}
              </button>
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setDeclining(true)}>
                Decline
              </button>
            </>
          )}
          {quote.status === QUOTE_STATUSES.pending && declining && (
            <>
              <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void decline()}>
                {busy ? <Spinner label="Saving" /> : 'Decline the quote'}
              </button>
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setDeclining(false)}>
                Keep it
              </button>
            </>
          )}
          <Link className="btn btn--ghost" to={`/projects/${quote.projectId}/${quote.permitId}`}>
            View the permit
          </Link>
        </div>
      </div>
    </div>
  );
}

function AccountingQuotePage() {
  const { quoteId = '' } = useParams();
  const [search] = useSearchParams();
  const agent = search.get('agent') ?? '';
  const org = search.get('org') ?? '';
  const complete = agent !== '' && org !== '';
  const load = useQuery<AccountingQuote>({
    queryKey: complete ? queryKeys.quote(quoteId, agent, org) : null,
    queryFn: ({ signal }) => api.integrations.quote({ params: { quoteId }, headers: { sass_agent_id: agent, sass_organization_id: org }, signal, silent: true }),
  });
  const headers = { sass_agent_id: agent, sass_organization_id: org };
  const { run: answer, busy, error } = useAction(
    async (status: 'accepted' | 'declined', quote: AccountingQuote) => {
      const updated = await api.integrations.updateQuote({ params: { quoteId }, headers, body: { status, orderId: search.get('orderId') ?? quote.orderId ?? quote.quoteId }, silent: true });
      load.set(updated);
    },
    (e) => (e instanceof Error ? e.message : 'An error occurred'),
  );

  if (!complete || load.error !== undefined) return <QuoteNotFound />;
  if (!load.data) return <Spinner large label="Loading the quote" />;

  const quote = load.data;
  return (
    <div className="container container--narrow">
      <div className="card">
        <h1 className="page-title">Quote {quote.quoteId}</h1>
        <QuoteFacts status={quote.status} total={quote.total} validUntil={quote.expiryDate} orderId={quote.orderId} />
        {error && <Alert kind="error">{error}</Alert>}
        <div className="invitation-actions">
          {quote.status === QUOTE_STATUSES.pending && (
            <>
              <button type="button" className="btn btn--accent" disabled={busy} onClick={() => void answer('accepted', quote)}>
                {busy ? <Spinner label="Saving" /> : 'Accept the quote'}
              </button>
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void answer('declined', quote)}>
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
