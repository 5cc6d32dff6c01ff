// /ops/funnel (permit team): the widget's sign-up funnel (issue 18). The tracked workflow steps of SPEC
// §2.10 the visitors reached, one count per anonymous session and step: the funnel's stages with how
// many sessions got that far and the share lost since the stage before, and the count of each step;
// over a date range (default the last 30 days) and optionally one partner site.
import { FUNNEL_DEFAULT_DAYS, FUNNEL_STAGES, type FunnelReport } from '@permitdesk/core';
import { useId, useState } from 'react';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import { StaffGate } from '../staff-gate.js';
import '../ops.css';
import './funnel-page.css';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const percent = (share: number) => `${(share * 100).toFixed(share > 0 && share < 0.1 ? 1 : 0)}%`;
const number = (n: number) => n.toLocaleString('en-US');

/** The steps' names as the permit team reads them. */
const STEP_LABELS: Record<FunnelReport['steps'][number]['step'], string> = {
  'do-it-yourselfer': 'Do-it-yourselfer chosen',
  contractor: 'Contractor chosen',
  'existing-customer': 'Existing customer recognised',
  'sign-in': 'Signed in',
  'sign-up': 'Signed up',
  'permit-started': 'Permit request started',
  'success-page': 'Success page reached',
};

export function FunnelChart({ report }: { report: FunnelReport }) {
  const top = report.stages[0]?.sessions ?? 0;
  if (top === 0) return <p className="card muted">No widget visits were recorded in this range.</p>;
  return (
    <ol className="ops-funnel__stages card" aria-label="Funnel stages">
      {report.stages.map((stage, index) => {
        const share = top > 0 ? stage.sessions / top : 0;
        const steps = FUNNEL_STAGES[index]?.steps ?? [];
        return (
          <li key={stage.key} className="ops-funnel__stage">
            <div className="ops-funnel__head">
              <span className="ops-funnel__label">{stage.label}</span>
              <span className="ops-funnel__count">
                {number(stage.sessions)} {stage.sessions === 1 ? 'session' : 'sessions'}
                <span className="muted"> · {percent(share)} of visits</span>
              </span>
            </div>
            <div className="ops-funnel__track" aria-hidden="true">
              <div className="ops-funnel__bar" style={{ width: `${Math.max(share * 100, stage.sessions > 0 ? 0.5 : 0)}%` }} />
            </div>
            <div className="ops-funnel__detail">
              <span className="muted">{steps.map((step) => STEP_LABELS[step]).join(' or ')}</span>
              {stage.dropOut !== null && (
                <span className={`ops-funnel__drop${stage.dropOut >= 0.5 ? ' ops-funnel__drop--high' : ''}`}>
                  {percent(stage.dropOut)} dropped out since the step before
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function StepTable({ report }: { report: FunnelReport }) {
  return (
    <table className="ops-team__table ops-funnel__steps card">
      <caption>Sessions per tracked step</caption>
      <thead>
        <tr>
          <th scope="col">Step</th>
          <th scope="col">Tracked as</th>
          <th scope="col" className="ops-funnel__num">Sessions</th>
        </tr>
      </thead>
      <tbody>
        {report.steps.map((row) => (
          <tr key={row.step}>
            <td>{STEP_LABELS[row.step]}</td>
            <td>
              <code>{row.step}</code>
            </td>
            <td className="ops-funnel__num">{number(row.sessions)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Funnel({ today }: { today: Date }) {
  const id = useId();
  const [to, setTo] = useState(() => isoDay(today));
  const [from, setFrom] = useState(() => isoDay(new Date(today.getTime() - (FUNNEL_DEFAULT_DAYS - 1) * DAY_MS)));
  const [origin, setOrigin] = useState('');
  const query: Record<string, string> = { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(origin ? { origin } : {}) };
  const report = useQuery({
    queryKey: queryKeys.ops.funnel(query),
    queryFn: ({ signal }) => api.funnel.report({ query, signal, silent: true }),
    keepPreviousData: true,
  });
  const origins = report.data?.origins ?? [];
  return (
    <>
      <form className="ops-funnel__filters" onSubmit={(event) => event.preventDefault()} aria-label="Funnel range">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" className="field__input" value={from} max={to || undefined} onChange={(e) => setFrom(e.currentTarget.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" className="field__input" value={to} min={from || undefined} onChange={(e) => setTo(e.currentTarget.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-origin`}>Partner site</label>
          <select id={`${id}-origin`} className="field__input" value={origin} onChange={(e) => setOrigin(e.currentTarget.value)}>
            <option value="">All partner sites</option>
            {origin && !origins.some((o) => o.origin === origin) && <option value={origin}>{origin}</option>}
            {origins.map((o) => (
              <option key={o.origin} value={o.origin}>
                {o.name ? `${o.name} · ${o.origin}` : o.origin} ({number(o.sessions)})
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn--sm btn--ghost" onClick={() => report.reload()}>
          Refresh
        </button>
      </form>
      {report.error !== undefined ? (
        <Unavailable error={report.error} fallback="The funnel could not be loaded." />
      ) : !report.data ? (
        <Spinner label="Loading the funnel" />
      ) : (
        <>
          <FunnelChart report={report.data} />
          <StepTable report={report.data} />
        </>
      )}
    </>
  );
}

export default function FunnelPage({ today = new Date() }: { today?: Date }) {
  return (
    <section className="container ops-team ops-funnel" aria-labelledby="ops-funnel-title">
      <h1 id="ops-funnel-title">Sign-up funnel</h1>
      <p className="muted">Where the widget&apos;s visitors drop out: each anonymous widget session counted once per step.</p>
      <StaffGate>
        <Funnel today={today} />
      </StaffGate>
    </section>
  );
}
