// Recurring schedules: every N milliseconds (slots aligned on the epoch) or daily at HH:MM UTC.
export type ScheduleSpec = { every: number } | { dailyAt: string };

export interface Schedule {
  kind: string;
  spec: ScheduleSpec;
  payload?: Record<string, unknown>;
}

const DAY = 24 * 60 * 60 * 1000;

export function specText(spec: ScheduleSpec): string {
  return 'every' in spec ? `every:${spec.every}` : `daily:${spec.dailyAt}`;
}

function dailyOffset(hhmm: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new Error(`A daily schedule needs HH:MM (UTC), not '${hhmm}'`);
  return (Number(match[1]) * 60 + Number(match[2])) * 60_000;
}

export function validateSpec(spec: ScheduleSpec): void {
  if ('every' in spec) {
    if (!Number.isInteger(spec.every) || spec.every < 1000) throw new Error('A recurring job runs at most every second');
  } else dailyOffset(spec.dailyAt);
}

/** The slot in effect at `at`: the latest slot at or before it. */
export function currentSlot(spec: ScheduleSpec, at: Date): Date {
  const t = at.getTime();
  if ('every' in spec) return new Date(Math.floor(t / spec.every) * spec.every);
  const offset = dailyOffset(spec.dailyAt);
  const slot = Math.floor((t - offset) / DAY) * DAY + offset;
  return new Date(slot);
}

/** The first slot strictly after `at`. */
export function nextSlot(spec: ScheduleSpec, at: Date): Date {
  const current = currentSlot(spec, at).getTime();
  return new Date(current + ('every' in spec ? spec.every : DAY));
}

/** Where a new schedule starts: an interval runs in its current slot, a daily time at its next occurrence. */
export function firstSlot(spec: ScheduleSpec, at: Date): Date {
  if ('every' in spec) return currentSlot(spec, at);
  const current = currentSlot(spec, at);
  return current.getTime() === at.getTime() ? current : nextSlot(spec, at);
}

export const slotKey = (kind: string, slot: Date): string => `${kind}@${slot.toISOString()}`;
