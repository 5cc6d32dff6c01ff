// /ops/settings: the SLA target of every stage (hours a permit may stay in it before the queue marks it
// 'Over SLA'); empty means the stage has no clock. Service admins only (the server refuses operators).
import type { OpsSla } from '@permitdesk/core';
import { useState, type FormEvent } from 'react';
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { DataState } from '../../../ui/data-state.js';
import '../queue/queue.css';

export function SlaSettings() {
  const sla = useQuery<OpsSla>({ queryKey: queryKeys.ops.sla, queryFn: ({ signal }) => api.opsQueue.sla({ signal }) });
  return (
    <section className="container ops-sla" aria-labelledby="ops-sla-title">
      <h1 id="ops-sla-title">SLA targets</h1>
      <p>How long a permit may stay in a stage before the queue marks it <strong>Over SLA</strong>. Leave a stage empty for no clock.</p>
      <DataState query={sla}>{(data) => <SlaForm key={JSON.stringify(data)} sla={data} />}</DataState>
    </section>
  );
}

function SlaForm({ sla }: { sla: OpsSla }) {
  const client = useQueryClient();
  const [values, setValues] = useState<Record<number, string>>(() => Object.fromEntries(sla.targets.map((t) => [t.stage, t.targetHours === null ? '' : String(t.targetHours)])));
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const invalid = sla.targets.filter((t) => values[t.stage] !== '' && !/^[1-9]\d{0,3}$/.test(values[t.stage] ?? ''));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid.length > 0) return;
    setBusy(true);
    try {
      const targets = sla.targets.map((t) => ({ stage: t.stage, targetHours: values[t.stage] ? Number(values[t.stage]) : null }));
      await api.opsQueue.updateSla({ body: { targets } });
      setSaved(true);
      client.invalidateQueries({ queryKey: queryKeys.ops.all });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save}>
      <table className="ops-sla__table">
        <caption className="visually-hidden">SLA target per stage</caption>
        <thead><tr><th scope="col">Stage</th><th scope="col">Target (hours)</th></tr></thead>
        <tbody>
          {sla.targets.map((t) => (
            <tr key={t.stage}>
              <th scope="row"><label htmlFor={`sla-${t.stage}`}>{t.name}</label></th>
              <td>
                <input id={`sla-${t.stage}`} className="field__input field__input--sm" inputMode="numeric" value={values[t.stage] ?? ''}
                  aria-invalid={invalid.some((x) => x.stage === t.stage)}
                  onChange={(e) => { setSaved(false); setValues({ ...values, [t.stage]: e.target.value.trim() }); }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {invalid.length > 0 ? <p role="alert">A target is a whole number of hours from 1 to 8,760.</p> : null}
      <button type="submit" className="btn" disabled={busy || invalid.length > 0}>Save targets</button>
      {saved ? <p role="status">The SLA targets were saved.</p> : null}
    </form>
  );
}
