// /ops/municipalities/{id}: a municipality's directory entry (issue 12) — the permit office's main phone
// (the widget shows it), office address, portal, cut-off hour, submission methods, typical turnaround per
// task, fee and filing notes — and its versions (who, when, before → after), newest first.
import {
  DATE_FORMATS,
  directoryInputSchema,
  formatDate,
  formatPhone,
  SUBMISSION_METHOD_LABELS,
  SUBMISSION_METHODS,
  type DirectoryDetail,
  type DirectoryEntry,
  type DirectoryVersion,
  type SubmissionMethod,
  type Task,
} from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import * as v from 'valibot';
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { useAction } from '../../../data/use-action.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { formatCutoffHour } from '../../../ui/cutoff-time.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import { StaffGate } from '../staff-gate.js';
import './municipalities.css';

export default function MunicipalityPage() {
  return (
    <StaffGate>
      <MunicipalityEditor />
    </StaffGate>
  );
}

interface Draft {
  mainPhone: string;
  officeAddress: string;
  portalUrl: string;
  cutoffHour: string;
  submissionMethods: SubmissionMethod[];
  turnaround: Record<string, string>;
  feeNotes: string;
  filingNotes: string;
}

const draftOf = (entry: DirectoryEntry): Draft => ({
  mainPhone: entry.mainPhone ? formatPhone(entry.mainPhone) : '',
  officeAddress: entry.officeAddress ?? '',
  portalUrl: entry.portalUrl ?? '',
  cutoffHour: entry.cutoffHour === null ? '' : String(entry.cutoffHour),
  submissionMethods: entry.submissionMethods,
  turnaround: Object.fromEntries(Object.entries(entry.turnaround).map(([task, days]) => [task, String(days)])),
  feeNotes: entry.feeNotes ?? '',
  filingNotes: entry.filingNotes ?? '',
});

const FIELD_LABELS: Readonly<Record<string, string>> = {
  mainPhone: 'Main phone',
  officeAddress: 'Office address',
  portalUrl: 'Portal URL',
  cutoffHour: 'Cut-off hour',
  submissionMethods: 'Submission methods',
  turnaround: 'Typical turnaround',
  feeNotes: 'Fee notes',
  filingNotes: 'Filing notes',
};

/** A trail value as text: phones formatted, lists joined, turnaround as 'task: n days'. */
function shown(field: string, value: unknown, taskName: (id: string) => string): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (field === 'mainPhone' && typeof value === 'string') return formatPhone(value);
  if (field === 'cutoffHour' && typeof value === 'number') return formatCutoffHour(value);
  if (field === 'submissionMethods' && Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((m) => SUBMISSION_METHOD_LABELS[m as SubmissionMethod] ?? String(m)).join(', ');
  if (field === 'turnaround' && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, number>);
    return entries.length === 0 ? '(none)' : entries.map(([task, days]) => `${taskName(task)}: ${days} days`).join('; ');
  }
  return String(value);
}

export function MunicipalityEditor() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const detail = useQuery<DirectoryDetail>({
    queryKey: queryKeys.ops.municipality(id),
    queryFn: ({ signal }) => api.opsQuotes.municipality({ params: { id }, signal, silent: true }),
  });
  const tasks = useQuery<Task[]>({ queryKey: queryKeys.tasks, queryFn: ({ signal }) => api.lookups.tasks({ signal, silent: true }) });
  if (detail.error !== undefined) return <Unavailable error={detail.error} fallback="This municipality could not be loaded." />;
  if (!detail.data) return <Spinner label="Loading the municipality" />;
  const data = detail.data;
  const taskName = (taskId: string) => tasks.data?.find((task) => String(task.id) === taskId)?.name ?? `Task ${taskId}`;
  return (
    <section className="container directory" aria-labelledby="municipality-title">
      <p>
        <Link to="/ops/municipalities">Back to the directory</Link>
      </p>
      <h1 id="municipality-title" className="page-title">
        {data.municipality.name}, {data.municipality.stateCode}
      </h1>
      <p className="muted">
        {data.municipality.countyName ? `${data.municipality.countyName} · ` : ''}
        {data.entry.updatedAt
          ? `Last changed ${formatDate(data.entry.updatedAt, DATE_FORMATS.usDateTime)}${data.entry.updatedByName ? ` by ${data.entry.updatedByName}` : ''}`
          : 'Nothing entered by the team yet'}
      </p>
      <DirectoryForm
        key={data.entry.updatedAt ?? 'new'}
        municipalityId={data.municipality.id}
        entry={data.entry}
        tasks={tasks.data ?? []}
        onSaved={(saved) => {
          detail.set(saved);
          client.invalidateQueries({ queryKey: ['ops', 'municipalities'] });
        }}
      />
      <Versions versions={data.versions} taskName={taskName} />
    </section>
  );
}

function DirectoryForm({ municipalityId, entry, tasks, onSaved }: { municipalityId: number; entry: DirectoryEntry; tasks: readonly Task[]; onSaved: (detail: DirectoryDetail) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(entry));
  const [saved, setSaved] = useState(false);
  const { run, busy, error, setError } = useAction(
    async (body: Parameters<typeof api.opsQuotes.updateMunicipality>[0]['body']) => {
      onSaved(await api.opsQuotes.updateMunicipality({ params: { id: municipalityId }, body, silent: true }));
      setSaved(true);
    },
    (e) => (isApiRequestError(e) ? e.message : 'The entry could not be saved.'),
  );
  const set = (part: Partial<Draft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...part }));
  };
  const toggleMethod = (method: SubmissionMethod, on: boolean) =>
    set({ submissionMethods: on ? [...draft.submissionMethods, method] : draft.submissionMethods.filter((m) => m !== method) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const turnaround = Object.fromEntries(
      Object.entries(draft.turnaround)
        .filter(([, days]) => days.trim() !== '')
        .map(([task, days]) => [task, Number(days)]),
    );
    // The server takes what was typed (a phone as typed, blanks as blanks) and validates it again.
    const input = {
      mainPhone: draft.mainPhone,
      officeAddress: draft.officeAddress,
      portalUrl: draft.portalUrl,
      cutoffHour: draft.cutoffHour.trim() === '' ? null : Number(draft.cutoffHour),
      submissionMethods: draft.submissionMethods,
      turnaround,
      feeNotes: draft.feeNotes,
      filingNotes: draft.filingNotes,
    };
    const parsed = v.safeParse(directoryInputSchema, input);
    if (!parsed.success) {
      setError(parsed.issues[0]?.message ?? 'Check the entry.');
      return;
    }
    await run(input);
  };

  const text = (name: keyof Draft, label: string, props: { type?: string; hint?: string; maxLength?: number } = {}) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="field__input"
        type={props.type ?? 'text'}
        maxLength={props.maxLength}
        value={draft[name] as string}
        aria-describedby={props.hint ? `${id}-${name}-hint` : undefined}
        onChange={(e) => set({ [name]: e.target.value } as Partial<Draft>)}
      />
      {props.hint && (
        <p className="field__hint" id={`${id}-${name}-hint`}>
          {props.hint}
        </p>
      )}
    </div>
  );

  return (
    <form className="directory-form card" noValidate aria-label="Directory entry" onSubmit={(event) => void submit(event)}>
      <div className="directory-form__grid">
        {text('mainPhone', 'Main phone', { type: 'tel', hint: 'The permit office. The permit request widget shows this number.' })}
        {text('portalUrl', 'Portal URL', { type: 'url', maxLength: 2000 })}
        {text('officeAddress', 'Office address', { maxLength: 500 })}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-cutoff`}>
            Cut-off hour
          </label>
          <select id={`${id}-cutoff`} className="field__input" value={draft.cutoffHour} onChange={(e) => set({ cutoffHour: e.target.value })}>
            <option value="">Not known (the default applies)</option>
            {Array.from({ length: 24 }, (_, hour) => (
              <option key={hour} value={String(hour)}>
                {formatCutoffHour(hour)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend>Accepted submission methods</legend>
        <div className="directory-form__methods">
          {SUBMISSION_METHODS.map((method) => (
            <label key={method}>
              <input type="checkbox" checked={draft.submissionMethods.includes(method)} onChange={(e) => toggleMethod(method, e.target.checked)} /> {SUBMISSION_METHOD_LABELS[method]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Typical turnaround (days)</legend>
        {tasks.length === 0 ? (
          <p className="muted">Loading the tasks…</p>
        ) : (
          <div className="directory-form__turnaround">
            {tasks.map((task) => (
              <TurnaroundRow key={task.id} id={`${id}-task-${task.id}`} label={task.name} value={draft.turnaround[String(task.id)] ?? ''} onChange={(days) => set({ turnaround: { ...draft.turnaround, [String(task.id)]: days } })} />
            ))}
          </div>
        )}
      </fieldset>
      <NotesField id={`${id}-fee`} label="Fee notes" value={draft.feeNotes} max={2000} onChange={(feeNotes) => set({ feeNotes })} />
      <NotesField id={`${id}-filing`} label="Filing notes for the team" value={draft.filingNotes} max={4000} onChange={(filingNotes) => set({ filingNotes })} />
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className="alert alert--success" role="status">
          Saved.
        </p>
      )}
      <div className="row">
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Saving…' : 'Save the entry'}
        </button>
      </div>
    </form>
  );
}

function TurnaroundRow({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (days: string) => void }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} className="field__input" type="number" min={0} max={365} step={1} inputMode="numeric" value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}

function NotesField({ id, label, value, max, onChange }: { id: string; label: string; value: string; max: number; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="field__input" rows={3} maxLength={max} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function Versions({ versions, taskName }: { versions: readonly DirectoryVersion[]; taskName: (id: string) => string }) {
  return (
    <section aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      {versions.length === 0 ? (
        <p className="muted">No change recorded yet.</p>
      ) : (
        <ol className="directory-versions" aria-label="Versions, newest first">
          {versions.map((version, index) => (
            <li key={`${version.occurredAt}-${index}`}>
              <strong>{version.actorName ?? version.actorEmail ?? 'Someone'}</strong>{' '}
              <time className="muted" dateTime={version.occurredAt}>
                {formatDate(version.occurredAt, DATE_FORMATS.usDateTime)}
              </time>
              <dl>
                {Object.keys(version.after).map((field) => (
                  <div key={field} className="directory-versions__pair">
                    <dt>{FIELD_LABELS[field] ?? field}</dt>
                    <dd>
                      {shown(field, version.before[field], taskName)} → {shown(field, version.after[field], taskName)}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
