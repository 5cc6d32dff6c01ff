// /quote/{quoteId}: an accounting quote the customer can accept or decline.
import { formatDate, formatUsd } from '@permitdesk/core';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { PageSpinner } from '../../ui/spinner.js';

export default function QuotePage() {
  const { quoteId = '' } = useParams();
  const [search] = useSearchParams();
  const headers = { sass_agent_id: search.get('agent') ?? '', sass_organization_id: search.get('org') ?? '' };
  const quote = useQuery(`quote:${quoteId}`, () => api.integrations.quote({ params: { quoteId }, headers, silent: true }));
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (quote.loading) return <PageSpinner />;
  if (quote.error || !quote.data) {
    return (
      <div className="container container--text">
        <Alert kind="warning" title="Quote not found">This quote does not exist or has been withdrawn.</Alert>
      </div>
    );
  }
  const q = quote.data;
  const answer = async (next: 'accepted' | 'declined') => {
    setError(null);
    try {
      const updated = await api.integrations.updateQuote({ params: { quoteId }, headers, body: { status: next, orderId: q.orderId ?? quoteId } });
      setStatus(updated.status);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An error occurred');
    }
  };
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Quote {q.quoteId}</h1>
        <p className="stat">{formatUsd(q.total)}</p>
        <p className="muted">
          Status: {status ?? q.status}
          {q.expiryDate ? ` · valid until ${formatDate(q.expiryDate)}` : ''}
        </p>
        {error && <Alert kind="error">{error}</Alert>}
        <div className="row">
          <button type="button" className="btn btn--accent" onClick={() => void answer('accepted')}>
            Accept
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => void answer('declined')}>
            Decline
          </button>
          {q.onlineInvoiceUrl && (
            <a className="btn btn--ghost" href={q.onlineInvoiceUrl} target="_blank" rel="noreferrer">
              View invoice
            </a>
          )}
        </div>
      </div>
    </div>
  );
}
