// The municipality's permit number and the permit's fees, saved together on the desk's version.
import { formatUsd, type PermitDesk } from '@permitdesk/core';
import { useId, useState } from 'react';
import { api } from '../../../session/api.js';
import type { RunChange } from './desk-action.js';

interface FeeRow {
  key: number;
  label: string;
  amount: string;
}
let nextKey = 1;
const rowsOf = (fees: PermitDesk['fees']): FeeRow[] => fees.map((fee) => ({ key: nextKey++, label: fee.label, amount: String(fee.amount) }));

/** The fee rows as the server takes them, or the first problem in words. */
export function parseFees(rows: readonly FeeRow[]): { fees: { label: string; amount: number }[] } | { error: string } {
  const fees: { label: string; amount: number }[] = [];
  for (const [index, row] of rows.entries()) {
    const label = row.label.trim();
    const text = row.amount.replace(/[$,\s]/g, '');
    if (label === '' && text === '') continue;
    if (label === '') return { error: `Fee ${index + 1}: the name is required.` };
    if (!/^\d+(\.\d{1,2})?$/.test(text)) return { error: `Fee ${index + 1}: the amount must be in dollars and cents (e.g. 120.50).` };
    fees.push({ label, amount: Number(text) });
  }
  return { fees };
}

export function FeesPanel({ desk, run }: { desk: PermitDesk; run: RunChange }) {
  const numberId = useId();
  const [permitNumber, setPermitNumber] = useState(desk.permit.permitNumber ?? '');
  const [rows, setRows] = useState<FeeRow[]>(() => rowsOf(desk.fees));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const total = desk.fees.reduce((sum, fee) => sum + fee.amount, 0);

  const change = (key: number, part: Partial<FeeRow>) => setRows((list) => list.map((row) => (row.key === key ? { ...row, ...part } : row)));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseFees(rows);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setBusy(true);
    const failure = await run(() => api.opsDesk.update({ params: { id: desk.permit.id }, body: { version: desk.version, permitNumber: permitNumber.trim() || null, fees: parsed.fees }, silent: true }));
    setBusy(false);
    setError(failure);
  };

  return (
    <form className="desk-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Permit number and fees">
      <div className="field">
        <label className="field__label" htmlFor={numberId}>
          Municipality permit number
        </label>
        <input id={numberId} className="field__input" maxLength={100} value={permitNumber} onChange={(event) => setPermitNumber(event.currentTarget.value)} />
      </div>
      <fieldset className="desk-fees">
        <legend className="field__label">Fees {desk.fees.length > 0 && <span className="muted">(recorded total {formatUsd(total)})</span>}</legend>
        {rows.length === 0 && <p className="muted">No fees recorded.</p>}
        {rows.map((row, index) => (
          <div key={row.key} className="desk-fees__row">
            <input className="field__input" aria-label={`Fee ${index + 1} name`} placeholder="Plan review" value={row.label} onChange={(event) => change(row.key, { label: event.currentTarget.value })} />
            <input className="field__input desk-fees__amount" aria-label={`Fee ${index + 1} amount in dollars`} inputMode="decimal" placeholder="0.00" value={row.amount} onChange={(event) => change(row.key, { amount: event.currentTarget.value })} />
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}>
              Remove<span className="visually-hidden"> fee {index + 1}</span>
            </button>
          </div>
        ))}
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRows((list) => [...list, { key: nextKey++, label: '', amount: '' }])}>
          Add a fee
        </button>
      </fieldset>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Saving…' : 'Save number and fees'}
      </button>
    </form>
  );
}
