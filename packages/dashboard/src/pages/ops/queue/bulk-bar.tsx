// Bulk actions on the checked rows: 'Assign to…' an operator (or nobody) and 'Move to stage…' with one
// message for every customer. Each permit travels with the version it was seen at: one a colleague
// changed meanwhile is left alone and listed here as a conflict, with what it is now.
import { PERMIT_STAGES, stageName, type OpsBulkResult, type OpsTeamMember } from '@permitdesk/core';
import { useState, type FormEvent } from 'react';
import { api } from '../../../session/api.js';

export function bulkSummary(result: OpsBulkResult): { done: string; problems: string[] } {
  const ok = result.results.filter((r) => r.outcome === 'ok').length;
  const problems = result.results.flatMap((r) => {
    if (r.outcome === 'conflict') {
      const now = [r.stage !== null ? stageName(r.stage) : null, r.assignee ? `assigned to ${r.assignee.name}` : 'unassigned'].filter(Boolean).join(', ');
      return [`Permit ${r.id} changed meanwhile and was left alone (now ${now}). Check it and try again.`];
    }
    if (r.outcome === 'notFound') return [`Permit ${r.id} no longer exists.`];
    return [];
  });
  return { done: ok === 1 ? '1 permit updated.' : `${ok} permits updated.`, problems };
}

export function BulkBar({ selected, team, onDone }: {
  selected: ReadonlyMap<number, number>;
  team: readonly OpsTeamMember[];
  onDone: (result: OpsBulkResult) => void;
}) {
  const [assignee, setAssignee] = useState('');
  const [stage, setStage] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<{ done: string; problems: string[] } | null>(null);
  const permits = [...selected].map(([id, version]) => ({ id, version }));
  const count = permits.length;

  const run = async (call: () => Promise<OpsBulkResult>) => {
    setBusy(true);
    try {
      const result = await call();
      setSummary(bulkSummary(result));
      onDone(result);
    } finally {
      setBusy(false);
    }
  };
  const assign = (event: FormEvent) => {
    event.preventDefault();
    if (!assignee) return;
    void run(() => api.opsQueue.assign({ body: { permits, assignee: assignee === 'none' ? null : assignee } }));
  };
  const move = (event: FormEvent) => {
    event.preventDefault();
    if (!stage) return;
    void run(() => api.opsQueue.moveStage({ body: { permits, stage: Number(stage), message: message.trim() || null } }));
  };

  return (
    <div className="ops-bulk" aria-label="Bulk actions" role="region">
      <p className="ops-bulk__count">{count === 0 ? 'Check permits to act on several at once.' : `${count} selected`}</p>
      <form className="ops-bulk__form" onSubmit={assign}>
        <label>
          <span>Assign to…</span>
          <select className="field__input field__input--sm" value={assignee} onChange={(e) => setAssignee(e.target.value)} disabled={count === 0}>
            <option value="">Choose an operator</option>
            <option value="none">Nobody (unassign)</option>
            {team.map((member) => <option key={member.id} value={member.id}>{member.name}</option>)}
          </select>
        </label>
        <button type="submit" className="btn btn--sm" disabled={count === 0 || !assignee || busy}>Assign</button>
      </form>
      <form className="ops-bulk__form" onSubmit={move}>
        <label>
          <span>Move to stage…</span>
          <select className="field__input field__input--sm" value={stage} onChange={(e) => setStage(e.target.value)} disabled={count === 0}>
            <option value="">Choose a stage</option>
            {PERMIT_STAGES.map((s) => <option key={s.stage} value={String(s.stage)}>{s.name}</option>)}
          </select>
        </label>
        <label className="ops-bulk__message">
          <span>Message to each customer</span>
          <textarea className="field__input" rows={2} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} disabled={count === 0} />
        </label>
        <button type="submit" className="btn btn--sm" disabled={count === 0 || !stage || busy}>Move</button>
      </form>
      {summary ? (
        <div className="ops-bulk__result" role="status">
          <p>{summary.done}</p>
          {summary.problems.length > 0 ? <ul className="ops-bulk__conflicts">{summary.problems.map((p) => <li key={p}>{p}</li>)}</ul> : null}
        </div>
      ) : null}
    </div>
  );
}
