// /status/{token}: the homeowner's status page (issue 16), opened without an account from the link the
// contractor shared: where the permit is (core's stage names and status messages, the radar's status
// bar), every step with its date and time, the inspections, what happens next and roughly when, prices
// only when the contractor allowed them, and an e-mail subscription (double opt-in: the mailed link comes
// back here with ?confirm=). An unknown or revoked link shows one same page. The server answers this page
// with Referrer-Policy: no-referrer and X-Robots-Tag: noindex; the meta tags say the same.
import {
  DATE_FORMATS,
  formatDate,
  formatUsd,
  INSPECTION_STATE_LABELS,
  isStriped,
  progressColour,
  type PermitStatus,
  type PublicPermitStatus,
} from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';
import { StatusBar } from '../../ui/status-bar.js';
import './status.css';

/** <meta name=… content=…> in the head while the page is shown. */
export function useMeta(name: string, content: string) {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
    return () => meta.remove();
  }, [name, content]);
}

const when = (iso: string) => formatDate(iso, DATE_FORMATS.long);

export function StatusUnavailable() {
  return (
    <div className="container container--text">
      <h1 className="page-title">This status page is no longer available</h1>
      <Alert kind="warning" title="This status page is no longer available">
        The contractor may have stopped sharing it. Ask them for a new link.
      </Alert>
      <Link className="btn btn--ghost" to="/">
        Go to the home page
      </Link>
    </div>
  );
}

/** One request per confirmation token, however often the effect runs (React's strict mode runs it twice). */
const confirming = new Map<string, Promise<{ message: string }>>();

/** ?confirm={token} from the confirmation mail: confirmed once, then removed from the address bar. */
function useConfirmation(token: string): { kind: 'info' | 'error'; text: string } | null {
  const [params, setParams] = useSearchParams();
  const confirmToken = params.get('confirm');
  const [result, setResult] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  useEffect(() => {
    if (!confirmToken) return;
    let live = true;
    const request = confirming.get(confirmToken) ?? api.statusLinks.confirm({ params: { token }, body: { confirmToken }, silent: true });
    confirming.set(confirmToken, request);
    request
      .then((answer) => live && setResult({ kind: 'info', text: answer.message }))
      .catch((e: unknown) => live && setResult({ kind: 'error', text: isApiRequestError(e) ? e.message : 'The subscription could not be confirmed.' }))
      .finally(() => setParams({}, { replace: true }));
    return () => {
      live = false;
    };
  }, [token, confirmToken, setParams]);
  return result;
}

function SubscribeForm({ token }: { token: string }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setAnswer(null);
    try {
      const res = await api.statusLinks.subscribe({ params: { token }, body: { email }, silent: true });
      setAnswer({ kind: 'info', text: res.message });
      setEmail('');
    } catch (e) {
      setAnswer({ kind: 'error', text: isApiRequestError(e) ? e.message : 'Your request could not be sent.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card status-page__card" aria-labelledby="status-subscribe">
      <h2 id="status-subscribe">Get an e-mail when it moves</h2>
      <p className="muted">We e-mail you each time the permit reaches a new stage. You can unsubscribe in one click from any of these e-mails.</p>
      {answer && <Alert kind={answer.kind}>{answer.text}</Alert>}
      <form className="status-page__subscribe" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="field__label">Your e-mail</span>
          <input className="field__input" type="email" name="email" required maxLength={100} autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? <Spinner label="Sending" /> : 'Email me updates'}
        </button>
      </form>
    </section>
  );
}

function StatusContent({ token, page }: { token: string; page: PublicPermitStatus }) {
  const status = page.status as PermitStatus;
  const view = { status, progress: page.progress, colour: progressColour(status), striped: isStriped(status), message: page.message, cancellationLabel: '' };
  return (
    <div className="container status-page">
      <p className="status-page__eyebrow">Permit status{page.companyName ? ` · shared by ${page.companyName}` : ''}</p>
      <h1 className="page-title">{page.taskName} permit</h1>
      <p className="status-page__address">{page.address}</p>
      <p className="muted">
        {page.municipalityName}
        {page.permitNumber && <> · Permit number {page.permitNumber}</>}
      </p>
      <section className="card status-page__card" aria-labelledby="status-now">
        <h2 id="status-now">Where it is now: {page.stageName}</h2>
        <StatusBar view={view} />
        {page.expiresAt && <p className="muted">The permit is valid until {formatDate(page.expiresAt, DATE_FORMATS.long)}.</p>}
      </section>
      <section className="card status-page__card" aria-labelledby="status-next">
        <h2 id="status-next">What happens next</h2>
        <p>{page.next.text}</p>
        {page.next.expectedBy && <p className="status-page__next-when">Roughly by {formatDate(page.next.expectedBy, DATE_FORMATS.long)}</p>}
      </section>
      <section className="card status-page__card" aria-labelledby="status-steps">
        <h2 id="status-steps">Every step so far</h2>
        <ol className="status-page__steps">
          {page.steps.map((step, i) => (
            <li key={`${step.stage}-${i}`}>
              <strong>{step.stageName}</strong>
              <time dateTime={step.at}>{when(step.at)}</time>
            </li>
          ))}
        </ol>
      </section>
      <section className="card status-page__card" aria-labelledby="status-inspections">
        <h2 id="status-inspections">Inspections</h2>
        {page.inspections.length === 0 ? (
          <p className="muted">No inspections are planned yet.</p>
        ) : (
          <ul className="status-page__inspections">
            {page.inspections.map((inspection, i) => (
              <li key={`${inspection.name}-${i}`} data-status={inspection.status}>
                <strong>{inspection.name}</strong>
                <span>
                  {INSPECTION_STATE_LABELS[inspection.status]}
                  {inspection.completedAt ? ` on ${when(inspection.completedAt)}` : inspection.scheduledAt ? ` for ${when(inspection.scheduledAt)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {page.prices && (
        <section className="card status-page__card" aria-labelledby="status-prices">
          <h2 id="status-prices">Costs</h2>
          {page.prices.projectValue !== null && <p>Value of the work: {formatUsd(page.prices.projectValue)}</p>}
          {page.prices.fees.length > 0 && (
            <ul>
              {page.prices.fees.map((fee, i) => (
                <li key={i}>
                  {fee.label}: {formatUsd(fee.amount)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <SubscribeForm token={token} />
      <p className="muted status-page__note">
        Shared through PermitDesk, a professional service that is not the municipality. This page shows this permit only, as it is right now.
      </p>
    </div>
  );
}

export default function StatusPage() {
  const { token = '' } = useParams();
  useMeta('robots', 'noindex, nofollow');
  useMeta('referrer', 'no-referrer');
  const confirmation = useConfirmation(token);
  const page = useQuery({
    queryKey: queryKeys.statusPage(token),
    queryFn: ({ signal }) => api.statusLinks.open({ params: { token }, signal, silent: true }),
  });
  const notice = confirmation && (
    <div className="container container--text">
      <Alert kind={confirmation.kind}>{confirmation.text}</Alert>
    </div>
  );
  if (page.error !== undefined) {
    if (isApiRequestError(page.error) && page.error.status !== 404) {
      return (
        <div className="container container--text">
          <Alert kind="error" title="The permit's status could not be loaded">
            {page.error.message} Please try again in a moment.
          </Alert>
        </div>
      );
    }
    return <StatusUnavailable />;
  }
  if (!page.data) return <Spinner label="Loading" />;
  return (
    <>
      {notice}
      <StatusContent token={token} page={page.data} />
    </>
  );
}
