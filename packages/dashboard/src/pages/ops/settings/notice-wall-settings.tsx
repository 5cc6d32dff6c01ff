// /ops/settings: the notice walls (SPEC §2.5, §9), the texts a contractor or a do-it-yourself homeowner
// reads and ticks before requesting a permit. The editable walls are the global settings whose key holds
// EDIT_NOTIFICATION_WALL_ (core's notificationWallSettings); each can be switched off. Service admins only.
import { editableNoticeWalls, MUNICIPALITY_NAME_PLACEHOLDER, noticeWallUpdateSchema, type NotificationWall, type NotificationWallKind } from '@permitdesk/core';
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { useGlobalSettings } from '../../../data/reference-data.js';
import { api } from '../../../session/api.js';
import { Spinner } from '../../../ui/spinner.js';

const TITLES: Record<NotificationWallKind, string> = { company: 'Contractors', doItYourself: 'Do-it-yourself homeowners' };
const FIELDS: { name: keyof NotificationWall; label: string; rows: number }[] = [
  { name: 'titleHeaderForm', label: 'Title', rows: 1 },
  { name: 'descriptionsHeaderForm', label: 'Opening text', rows: 3 },
  { name: 'textCheckBox', label: 'Check box text', rows: 2 },
  { name: 'titleFooterForm', label: 'Closing title', rows: 1 },
  { name: 'descriptionsFooterForm', label: 'Closing text', rows: 3 },
];

export function NoticeWallSettings() {
  const settings = useGlobalSettings();
  return (
    <section className="container ops-sla" aria-labelledby="notice-walls-title">
      <h2 id="notice-walls-title">Notice walls</h2>
      <p>
        What applicants read and tick before they request a permit. <code>{MUNICIPALITY_NAME_PLACEHOLDER}</code> is replaced by the
        municipality&apos;s name.
      </p>
      {settings ? editableNoticeWalls(settings).map((entry) => <NoticeWallForm key={`${entry.kind}:${JSON.stringify(entry)}`} {...entry} />) : <Spinner />}
    </section>
  );
}

function NoticeWallForm({ kind, enabled, wall }: { kind: NotificationWallKind; enabled: boolean; wall: NotificationWall }) {
  const id = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState({ enabled, wall });
  const [status, setStatus] = useState<'idle' | 'busy' | 'saved'>('idle');
  const [tried, setTried] = useState(false);
  const checked = v.safeParse(noticeWallUpdateSchema, draft);
  const errors = checked.success ? {} : v.flatten<typeof noticeWallUpdateSchema>(checked.issues).nested ?? {};
  const errorOf = (name: keyof NotificationWall) => (tried ? errors[`wall.${name}`]?.[0] : undefined);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.success) return;
    setStatus('busy');
    try {
      await api.opsQueue.updateNoticeWall({ params: { kind }, body: checked.output });
      setStatus('saved');
      client.invalidateQueries({ queryKey: queryKeys.globalSettings });
    } catch {
      setStatus('idle');
    }
  };
  const edit = (change: Partial<typeof draft>) => {
    setStatus('idle');
    setDraft({ ...draft, ...change });
  };
  return (
    <form onSubmit={save} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{TITLES[kind]}</h3>
      <label>
        <input type="checkbox" checked={draft.enabled} onChange={(e) => edit({ enabled: e.currentTarget.checked })} /> Show this notice
      </label>
      {FIELDS.map((field) => (
        <div className="field" key={field.name}>
          <label className="field__label" htmlFor={`${id}-${field.name}`}>{field.label}</label>
          <textarea
            id={`${id}-${field.name}`}
            className="field__input"
            rows={field.rows}
            maxLength={2000}
            value={draft.wall[field.name]}
            aria-invalid={errorOf(field.name) ? true : undefined}
            aria-describedby={errorOf(field.name) ? `${id}-${field.name}-error` : undefined}
            onChange={(e) => edit({ wall: { ...draft.wall, [field.name]: e.currentTarget.value } })}
          />
          {errorOf(field.name) ? <p className="field__error" id={`${id}-${field.name}-error`}>{errorOf(field.name)}</p> : null}
        </div>
      ))}
      <button type="submit" className="btn" disabled={status === 'busy'}>Save notice</button>
      {status === 'saved' ? <p role="status">The notice for {TITLES[kind].toLowerCase()} was saved.</p> : null}
    </form>
  );
}
