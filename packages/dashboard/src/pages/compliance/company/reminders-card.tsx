// Owners and administrators (issue 16): the days before a lapse the expiry reminders go out (the
// watchdog's steps, default 60, 30, 7 and 0) and the company's calendar feed: its address to paste in a
// calendar app, and Rotate, which makes a new one at once (the old address stops working).
import { DEFAULT_REMINDER_STEPS, REMINDER_MESSAGES, reminderSettingsInputSchema, type CalendarFeed } from '@permitdesk/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useAction } from '../../../data/use-action.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { useModals } from '../../../ui/generic-modals.js';
import { notify } from '../../../ui/notify.js';
import { serverMessageOr } from '../compliance-messages.js';

const STEPS_SAVED = 'The reminder steps are saved.';
const STEPS_ERROR = 'The reminder steps could not be saved.';
const ROTATE_ERROR = 'A new calendar address could not be made.';

/** '60, 30, 7, 0' → [60, 30, 7, 0]; a word that is not a number is kept as NaN so the schema refuses it. */
const parseSteps = (text: string): number[] => text.split(/[\s,]+/).filter(Boolean).map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));

function StepsForm({ companyId }: { companyId: string }) {
  const ids = { steps: useId(), hint: useId(), error: useId() };
  const settings = useQuery({
    queryKey: ['reminder-settings', companyId],
    queryFn: ({ signal }) => api.reminders.settings({ params: { companyId }, signal, silent: true }),
  });
  const [text, setText] = useState('');
  const { run, busy, error, setError } = useAction(
    async (body: v.InferOutput<typeof reminderSettingsInputSchema>) => {
      const saved = await api.reminders.updateSettings({ params: { companyId }, body, silent: true });
      settings.set(saved);
      notify('success', STEPS_SAVED);
    },
    (failure) => serverMessageOr(failure instanceof Error ? failure.message : null, STEPS_ERROR),
  );
  useEffect(() => {
    if (settings.data) setText(settings.data.steps.join(', '));
  }, [settings.data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(reminderSettingsInputSchema, { steps: parseSteps(text) });
    if (!parsed.success) {
      setError(parsed.issues[0]?.message ?? REMINDER_MESSAGES.stepRange);
      return;
    }
    await run(parsed.output);
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Reminder steps">
      <div className="field">
        <label className="field__label" htmlFor={ids.steps}>
          Remind us this many days before a lapse
        </label>
        <div className="reminder-settings__steps">
          <input id={ids.steps} className="field__input" style={{ width: '12rem' }} value={text} disabled={busy || !settings.data} aria-describedby={`${ids.hint}${error ? ` ${ids.error}` : ''}`} aria-invalid={error ? true : undefined} onChange={(event) => setText(event.currentTarget.value)} />
          <button type="submit" className="btn" disabled={busy || !settings.data}>
            Save steps
          </button>
        </div>
        <p className="field__hint" id={ids.hint}>
          Whole days, separated by commas (default {DEFAULT_REMINDER_STEPS.join(', ')}). The owner, administrators, PMs of affected projects and companies you share a document with get one e-mail per step; more than five in a week arrive as one weekly digest. Scheduled inspections are reminded too.
        </p>
        {error && (
          <p className="field__error" id={ids.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}

function CalendarFeedField({ companyId }: { companyId: string }) {
  const id = useId();
  const modals = useModals();
  const feed = useQuery<CalendarFeed>({
    queryKey: ['calendar-feed', companyId],
    queryFn: ({ signal }) => api.reminders.calendarFeed({ params: { companyId }, signal, silent: true }),
  });
  const [busy, setBusy] = useState(false);
  const rotate = async () => {
    if (feed.data?.url) {
      const sure = await modals.confirm({ title: 'Make a new calendar address?', message: 'Calendars subscribed to the current address stop updating at once; paste the new one in them.' });
      if (!sure) return;
    }
    setBusy(true);
    try {
      feed.set(await api.reminders.rotateCalendarFeed({ params: { companyId }, silent: true }));
      notify('success', 'The new calendar address is ready.');
    } catch (failure) {
      notify('error', serverMessageOr(failure instanceof Error ? failure.message : null, ROTATE_ERROR));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Calendar feed (expiry dates and scheduled inspections)
      </label>
      <div className="reminder-settings__steps">
        <input id={id} className="field__input" style={{ width: '28rem', maxWidth: '100%' }} readOnly value={feed.data?.url ?? ''} placeholder={feed.data ? 'No calendar address yet' : 'Loading…'} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="btn btn--ghost" disabled={busy || !feed.data} onClick={() => void rotate()}>
          {feed.data?.url ? 'Rotate' : 'Create address'}
        </button>
      </div>
      <p className="field__hint">Subscribe to it in Google Calendar, Outlook or Apple Calendar. Anyone with the address sees these dates: keep it private, and rotate it if it leaks.</p>
    </div>
  );
}

export function RemindersCard({ companyId }: { companyId: string }) {
  return (
    <section className="card stack reminder-settings" aria-labelledby="reminders-title">
      <h2 className="card__title" id="reminders-title">
        Expiry reminders
      </h2>
      <StepsForm companyId={companyId} />
      <CalendarFeedField companyId={companyId} />
    </section>
  );
}
