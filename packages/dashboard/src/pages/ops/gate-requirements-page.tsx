// /ops/gate (permit team): the pre-filing gate's requirements (issue 16), one row per credential for a
// trade or a task, in every state or one, optionally one municipality's own rule (the most specific row
// wins; 'Not required' waives what a broader row asks). Add, switch required on or off, remove: each is
// an audit entry on the server (GET/POST/PUT/DELETE /v4/operator/gate-requirements).
import { GATE_CREDENTIAL_KINDS, GATE_SCOPES, type GateRequirement, type GateRequirementInput } from '@permitdesk/core';
import { useId, useState, type FormEvent } from 'react';
import { useAction } from '../../data/use-action.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';
import { Unavailable } from '../../ui/unavailable.js';
import { StaffGate } from './staff-gate.js';
import './ops.css';

const message = (error: unknown) => (error instanceof Error && error.message ? error.message : 'An error occurred');
const inputOf = (row: GateRequirement): GateRequirementInput => ({
  trade: row.trade, taskId: row.taskId, stateCode: row.stateCode, municipalityId: row.municipalityId, kind: row.kind,
  credential: row.credential, scope: row.scope, whenEmployees: row.whenEmployees, diy: row.diy, required: row.required, source: row.source,
});

function AddRow({ onAdded }: { onAdded: () => void }) {
  const id = useId();
  const [row, setRow] = useState({ trade: '', stateCode: '', municipalityId: '', kind: 'license', credential: '', scope: 'state', whenEmployees: false, required: true, source: '' });
  const set = (key: keyof typeof row) => (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
    setRow((current) => ({ ...current, [key]: event.currentTarget.type === 'checkbox' ? (event.currentTarget as HTMLInputElement).checked : event.currentTarget.value }));
  const { run, busy, error } = useAction(async () => {
    await api.gate.createRequirement({
      body: {
        trade: row.trade.trim() || null,
        stateCode: row.stateCode.trim() || null,
        municipalityId: row.municipalityId ? Number(row.municipalityId) : null,
        kind: row.kind as GateRequirement['kind'],
        credential: row.credential,
        scope: row.scope as GateRequirement['scope'],
        whenEmployees: row.whenEmployees,
        required: row.required,
        source: row.source.trim() || null,
      },
      silent: true,
    });
    notify('success', `${row.credential} added to the gate.`);
    setRow((current) => ({ ...current, credential: '', source: '' }));
    onAdded();
  }, message);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
  const field = (key: 'trade' | 'stateCode' | 'municipalityId' | 'credential' | 'source', label: string, extra: Record<string, unknown> = {}) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} className="field__input" value={row[key]} onChange={set(key)} {...extra} />
    </div>
  );
  return (
    <form className="card ops-gate__form" onSubmit={(event) => void submit(event)} aria-label="Add a requirement">
      <h2>Add a requirement</h2>
      {field('trade', 'Trade (empty: every trade)', { placeholder: 'Electrical' })}
      {field('stateCode', 'State (empty: every state)', { placeholder: 'CA', maxLength: 2 })}
      {field('municipalityId', 'Municipality id (optional)', { inputMode: 'numeric' })}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-kind`}>Kind</label>
        <select id={`${id}-kind`} className="field__input" value={row.kind} onChange={set('kind')}>
          {GATE_CREDENTIAL_KINDS.map((kind) => <option key={kind} value={kind}>{kind}</option>)}
        </select>
      </div>
      {field('credential', 'Credential (as the vault names it)', { placeholder: 'Electrical Contractor', required: true })}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-scope`}>Issued by</label>
        <select id={`${id}-scope`} className="field__input" value={row.scope} onChange={set('scope')}>
          {GATE_SCOPES.map((scope) => <option key={scope} value={scope}>{scope === 'state' ? "the municipality's state" : scope === 'local' ? 'the municipality' : 'anyone'}</option>)}
        </select>
      </div>
      <label className="checkbox"><input type="checkbox" checked={row.whenEmployees} onChange={set('whenEmployees')} /> Only for companies with employees</label>
      <label className="checkbox"><input type="checkbox" checked={row.required} onChange={set('required')} /> Required (off: waives a broader row here)</label>
      {field('source', 'Source')}
      {error && <Alert kind="error">{error}</Alert>}
      <button type="submit" className="btn" disabled={busy}>Add</button>
    </form>
  );
}

function Requirements() {
  const rows = useQuery({ queryKey: ['ops', 'gate-requirements'], queryFn: ({ signal }) => api.gate.requirements({ signal, silent: true }) });
  const [busy, setBusy] = useState<number | null>(null);
  if (rows.error !== undefined) return <Unavailable error={rows.error} fallback="The gate's requirements could not be loaded." />;
  if (!rows.data) return <Spinner label="Loading the requirements" />;
  const act = async (row: GateRequirement, action: () => Promise<unknown>, done: string) => {
    setBusy(row.id);
    try {
      await action();
      notify('success', done);
      rows.reload();
    } catch (failure) {
      notify('error', message(failure));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <table className="card ops-gate__table">
        <caption>What a permit request needs the company to hold</caption>
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Work</th>
            <th scope="col">Credential</th>
            <th scope="col">Required</th>
            <th scope="col">Source</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.data.map((row) => (
            <tr key={row.id}>
              <td>{row.municipalityName ?? row.stateCode ?? 'Every state'}</td>
              <td>{row.taskName ?? row.trade ?? 'Every trade'}</td>
              <td>
                {row.credential} <span className="muted">({row.kind}{row.scope !== 'any' ? `, ${row.scope}` : ''}{row.whenEmployees ? ', with employees' : ''})</span>
              </td>
              <td>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={row.required}
                    disabled={busy === row.id}
                    aria-label={`${row.credential} required in ${row.stateCode ?? 'every state'}`}
                    onChange={(event) => {
                      const required = event.currentTarget.checked;
                      void act(row, () => api.gate.updateRequirement({ params: { id: row.id }, body: { ...inputOf(row), required }, silent: true }), `${row.credential}: ${required ? 'required' : 'waived'}.`);
                    }}
                  />
                  {row.required ? 'Required' : 'Waived'}
                </label>
              </td>
              <td className="muted">{row.source}</td>
              <td>
                <button type="button" className="btn btn--ghost" disabled={busy === row.id} onClick={() => void act(row, () => api.gate.deleteRequirement({ params: { id: row.id }, silent: true }), `${row.credential} removed.`)}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <AddRow onAdded={rows.reload} />
    </>
  );
}

export default function GateRequirementsPage() {
  return (
    <section className="container ops-gate" aria-labelledby="ops-gate-title">
      <h1 id="ops-gate-title">Pre-filing gate</h1>
      <p className="muted">The credentials a contractor must hold, valid through the work, before a permit request is filed. The most specific row wins: a municipality over its state, a state over every state, a task over its trade.</p>
      <StaffGate>
        <Requirements />
      </StaffGate>
    </section>
  );
}
