// Inspections: each with its scheduled day, status (result) and the inspector's notes, saved one at a
// time; and a new one added. The customer is mailed when a day is set and when one passes or fails.
import { INSPECTION_STATUSES, type PermitInspection } from '@permitdesk/core';
import { useId, useState } from 'react';
import { api } from '../../../session/api.js';
import type { RunChange } from './desk-action.js';

const STATUS_LABELS: Record<PermitInspection['status'], string> = { open: 'Open', scheduled: 'Scheduled', passed: 'Passed', failed: 'Failed', canceled: 'Canceled' };
/** The day an inspection is scheduled for, as the date input shows it (stored at midnight UTC). */
const dayOf = (scheduledAt: string | null): string => (scheduledAt ? scheduledAt.slice(0, 10) : '');
const atDay = (day: string): string | null => (day ? `${day}T00:00:00.000Z` : null);

function InspectionRow({ permitId, inspection, run }: { permitId: number; inspection: PermitInspection; run: RunChange }) {
  const id = useId();
  const [day, setDay] = useState(dayOf(inspection.scheduledAt));
  const [status, setStatus] = useState(inspection.status);
  const [notes, setNotes] = useState(inspection.resultNotes ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    // A day set on an open inspection schedules it.
    const nextStatus = status === 'open' && day && !inspection.scheduledAt ? 'scheduled' : status;
    const failure = await run(() =>
      api.operator.updateInspection({
        params: { id: permitId, inspectionId: inspection.id },
        body: { status: nextStatus, scheduledAt: atDay(day), resultNotes: notes.trim() || null },
        silent: true,
      }),
    );
    setBusy(false);
    setError(failure);
  };
  return (
    <li className="desk-inspection">
      <form className="desk-inspection__form" noValidate onSubmit={(event) => void save(event)} aria-label={`${inspection.inspectionName} inspection`}>
        <strong className="desk-inspection__name">{inspection.inspectionName}</strong>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-day`}>
            Scheduled day
          </label>
          <input id={`${id}-day`} type="date" className="field__input" value={day} onChange={(event) => setDay(event.currentTarget.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-status`}>
            Status
          </label>
          <select id={`${id}-status`} className="field__input" value={status} onChange={(event) => setStatus(event.currentTarget.value as PermitInspection['status'])}>
            {INSPECTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field desk-inspection__notes">
          <label className="field__label" htmlFor={`${id}-notes`}>
            Inspector notes
          </label>
          <textarea id={`${id}-notes`} className="field__input" rows={2} maxLength={2000} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} />
        </div>
        <button type="submit" className="btn btn--sm" disabled={busy}>
          Save<span className="visually-hidden"> {inspection.inspectionName}</span>
        </button>
        {error && (
          <p className="field__error desk-inspection__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

export function InspectionsPanel({ permitId, inspections, run }: { permitId: number; inspections: readonly PermitInspection[]; run: RunChange }) {
  const id = useId();
  const [name, setName] = useState('');
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Inspection name is required.');
      return;
    }
    const failure = await run(() =>
      api.operator.addInspection({ params: { id: permitId }, body: { inspectionName: name.trim(), status: day ? 'scheduled' : 'open', scheduledAt: atDay(day) }, silent: true }),
    );
    setError(failure);
    if (!failure) {
      setName('');
      setDay('');
    }
  };
  return (
    <div className="desk-inspections">
      {inspections.length === 0 ? (
        <p className="muted">No inspections yet.</p>
      ) : (
        <ol className="desk-inspections__list" aria-label="Inspections">
          {inspections.map((inspection) => (
            // Keyed on the saved values too, so a reload shows what the server holds.
            <InspectionRow key={`${inspection.id}:${inspection.status}:${inspection.scheduledAt}:${inspection.resultNotes ?? ''}`} permitId={permitId} inspection={inspection} run={run} />
          ))}
        </ol>
      )}
      <form className="desk-inspection__form desk-inspection__form--add" noValidate onSubmit={(event) => void add(event)} aria-label="Add an inspection">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            New inspection
          </label>
          <input id={`${id}-name`} className="field__input" maxLength={200} placeholder="Rough-in" value={name} onChange={(event) => setName(event.currentTarget.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-day`}>
            Scheduled day (optional)
          </label>
          <input id={`${id}-day`} type="date" className="field__input" value={day} onChange={(event) => setDay(event.currentTarget.value)} />
        </div>
        <button type="submit" className="btn btn--sm">
          Add inspection
        </button>
        {error && (
          <p className="field__error desk-inspection__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
