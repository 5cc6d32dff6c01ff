// The permit desk's quotes (issue 12): the permit's quotes with their status and line items, and the
// 'Issue a quote' form (line items added and removed, valid until), checked with core's quoteIssueSchema
// before it is sent. The customer is mailed the link to /quote/{quoteId} by the server.
import { DATE_FORMATS, formatDate, formatUsd, quoteIssueSchema, quoteStatusLabel, quoteTotal, type PermitQuote } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { useAction } from '../../../data/use-action.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import './quotes.css';

export interface QuotesPanelProps {
  permitId: number;
  /** Called after a quote is issued (the desk reloads the permit's trail). */
  onChanged?: () => void;
}

interface LineDraft {
  key: number;
  label: string;
  amount: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Two weeks from today: the form's default validity. */
const defaultValidUntil = () => new Date(Date.now() + 14 * DAY_MS).toISOString().slice(0, 10);
const amountOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.replace(/[$,\s]/g, '')));

export function QuotesPanel({ permitId, onChanged }: QuotesPanelProps) {
  const client = useQueryClient();
  const quotes = useQuery<PermitQuote[]>({
    queryKey: queryKeys.ops.quotes(permitId),
    queryFn: ({ signal }) => api.opsQuotes.permitQuotes({ params: { id: permitId }, signal, silent: true }),
  });
  return (
    // The desk's section around it carries the 'Quotes' heading.
    <div className="quotes">
      {quotes.error !== undefined ? (
        <Unavailable error={quotes.error} fallback="The quotes could not be loaded." />
      ) : !quotes.data ? (
        <Spinner label="Loading the quotes" />
      ) : quotes.data.length === 0 ? (
        <p className="muted">No quote has been issued for this permit.</p>
      ) : (
        <ul className="quotes__list" aria-label="Issued quotes">
          {quotes.data.map((quote) => (
            <QuoteCard key={quote.quoteId} quote={quote} />
          ))}
        </ul>
      )}
      <IssueQuoteForm
        permitId={permitId}
        onIssued={(quote) => {
          quotes.set([quote, ...(quotes.data ?? [])]);
          client.invalidateQueries({ queryKey: queryKeys.ops.all });
          onChanged?.();
        }}
      />
    </div>
  );
}

function QuoteCard({ quote }: { quote: PermitQuote }) {
  return (
    <li className="quote-card">
      <div className="quote-card__head">
        <strong>Quote {quote.quoteId}</strong>
        <span className={`quote-status quote-status--${quote.status}`}>{quoteStatusLabel(quote.status)}</span>
        <span className="quote-card__total">{formatUsd(quote.total)}</span>
      </div>
      <p className="muted">
        Issued {formatDate(quote.createdAt, DATE_FORMATS.usDateTime)}
        {quote.validUntil ? ` · valid until ${formatDate(quote.validUntil)}` : ''}
        {quote.orderId ? ` · order ${quote.orderId}` : ''}
        {quote.answeredAt ? ` · answered ${formatDate(quote.answeredAt, DATE_FORMATS.usDateTime)}` : ''}
      </p>
      {quote.declineReason && <p>Reason given: {quote.declineReason}</p>}
      <QuoteLines quote={quote} />
    </li>
  );
}

/** The line items and the total, as the desk and the customer's quote page both show them. */
export function QuoteLines({ quote }: { quote: Pick<PermitQuote, 'lineItems' | 'total' | 'quoteId'> }) {
  return (
    <table className="quote-lines" aria-label={`Line items of quote ${quote.quoteId}`}>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="quote-lines__amount">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {quote.lineItems.map((item, index) => (
          <tr key={index}>
            <td>{item.label}</td>
            <td className="quote-lines__amount">{formatUsd(item.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td className="quote-lines__amount">
            <strong>{formatUsd(quote.total)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function IssueQuoteForm({ permitId, onIssued }: { permitId: number; onIssued: (quote: PermitQuote) => void }) {
  const id = useId();
  const [next, setNext] = useState(2);
  const [lines, setLines] = useState<LineDraft[]>([{ key: 1, label: '', amount: '' }]);
  const [validUntil, setValidUntil] = useState(defaultValidUntil);
  const [issued, setIssued] = useState<string | null>(null);
  const { run, busy, error, setError } = useAction(
    async (body: v.InferOutput<typeof quoteIssueSchema>) => {
      const quote = await api.opsQuotes.issueQuote({ params: { id: permitId }, body, silent: true });
      onIssued(quote);
      setIssued(`Quote ${quote.quoteId} for ${formatUsd(quote.total)} was sent to the customer.`);
      setLines([{ key: next, label: '', amount: '' }]);
      setNext(next + 1);
      setValidUntil(defaultValidUntil());
    },
    (e) => (isApiRequestError(e) ? e.message : 'The quote could not be issued.'),
  );

  const parsedLines = lines.map((line) => ({ label: line.label, amount: amountOf(line.amount) }));
  const total = quoteTotal(parsedLines.filter((line) => Number.isFinite(line.amount)));
  const change = (key: number, part: Partial<LineDraft>) => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...part } : line)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIssued(null);
    const parsed = v.safeParse(quoteIssueSchema, { lineItems: parsedLines, validUntil });
    if (!parsed.success) {
      setError(parsed.issues[0]?.message ?? 'Check the quote.');
      return;
    }
    await run(parsed.output);
  };

  return (
    <form className="quote-form" noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
      <h3 id={`${id}-title`}>Issue a quote</h3>
      {lines.map((line, index) => (
        <div className="quote-form__line" key={line.key} role="group" aria-label={`Line item ${index + 1}`}>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-label-${line.key}`}>
              Description
            </label>
            <input id={`${id}-label-${line.key}`} className="field__input" value={line.label} maxLength={200} onChange={(e) => change(line.key, { label: e.target.value })} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-amount-${line.key}`}>
              Amount (USD)
            </label>
            <input
              id={`${id}-amount-${line.key}`}
              className="field__input"
              inputMode="decimal"
              value={line.amount}
              onChange={(e) => change(line.key, { amount: e.target.value })}
            />
          </div>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={lines.length === 1}
            aria-label={`Remove line item ${index + 1}`}
            onClick={() => setLines((all) => all.filter((other) => other.key !== line.key))}
          >
            Remove
          </button>
        </div>
      ))}
      <div className="row">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => {
            setLines((all) => [...all, { key: next, label: '', amount: '' }]);
            setNext(next + 1);
          }}
        >
          Add a line item
        </button>
        <span className="quote-form__total" aria-live="polite">
          Total {formatUsd(total)}
        </span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-valid`}>
          Valid until
        </label>
        <input id={`${id}-valid`} className="field__input" type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {issued && (
        <p className="alert alert--success" role="status">
          {issued}
        </p>
      )}
      <div className="row">
        <button type="submit" className="btn btn--sm" disabled={busy}>
          {busy ? 'Sending…' : 'Issue the quote'}
        </button>
      </div>
    </form>
  );
}
