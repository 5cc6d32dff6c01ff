// The expiry watchdog's rules (issue 16): the steps (days before a lapse) a reminder goes out at, which
// step is due on a day, when a company's reminders become one weekly digest, and the colour of a vault
// tab's indicator. The server's watchdog and the dashboard read the same functions.
import type { IndicatorKind } from './compliance.js';
import { daysUntil, EXPIRING_SOON_DAYS, isCurrentItem, type IndicatorItem } from './compliance.js';

/** The default reminder steps: 60, 30, 7 and 0 days before a lapse. */
export const DEFAULT_REMINDER_STEPS: readonly number[] = [60, 30, 7, 0];
export const REMINDER_STEP_LIMITS = { min: 0, max: 365, count: 6 } as const;

/** Steps as stored: unique, whole days between 0 and 365, largest first. */
export const normalizeSteps = (steps: readonly number[]): number[] => [...new Set(steps)].sort((a, b) => b - a);

/**
 * A lapse the watchdog missed (the server was down on the day) is still told for this many days after
 * it, as the 0-day step; after that the item shows as Expired and no more mail goes out for it.
 */
export const LATE_LAPSE_DAYS = 7;

/**
 * The step due for an item on `today`: the smallest step at or above the days left (so an item 5 days from
 * its lapse is at its 7-day step), or the 0-day step for a lapse in the last LATE_LAPSE_DAYS days; null when
 * no step is due (further away than the largest step, or lapsed longer ago). Only the latest step reached is
 * due: a watchdog that missed the 30-day step sends the 7-day one, not both.
 */
export function dueStep(expiresOn: string, today: string, steps: readonly number[]): number | null {
  const days = daysUntil(expiresOn, today);
  if (days === null || steps.length === 0) return null;
  if (days < 0) return days >= -LATE_LAPSE_DAYS && steps.includes(0) ? 0 : null;
  const reached = steps.filter((step) => step >= days);
  return reached.length === 0 ? null : Math.min(...reached);
}

/**
 * The digest rule: when more than DIGEST_THRESHOLD vault reminders of one company fall due in one week
 * (weeks start on Monday, UTC; counted from the run's day through Sunday), the week's first run sends them
 * all (those due later that week too) as one digest mail per recipient instead of one mail per item; a
 * company gets at most one digest a week. Reminders that become due later in a week that already had its
 * digest go out one by one on their day, whatever their number, so no lapse waits for next week.
 */
export const DIGEST_THRESHOLD = 5;

/** The Monday (YYYY-MM-DD, UTC) of the week of `day`. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** A tab indicator's colour: red when nothing current is left, amber when something lapses soon, green otherwise. */
export type IndicatorColour = 'red' | 'amber' | 'green';
export type IndicatorColours = Record<IndicatorKind, IndicatorColour>;

/**
 * The colour of one kind's tab: red when the company holds items of that kind and none is current (all
 * expired or archived: the case whose indicator used to disappear), amber when a current item lapses
 * within EXPIRING_SOON_DAYS or an active one has lapsed beside a current one, green otherwise (no item
 * of that kind included: nothing is lapsing).
 */
export function indicatorColour(items: readonly IndicatorItem[], today: string): IndicatorColour {
  if (items.length === 0) return 'green';
  if (!items.some((item) => isCurrentItem(item, today))) return 'red';
  const attention = items.some((item) => {
    if (item.status !== 'active') return false;
    const days = daysUntil(item.expiresOn, today);
    return days !== null && days <= EXPIRING_SOON_DAYS;
  });
  return attention ? 'amber' : 'green';
}

/** The colour a tab shows for an indicator the server answered without colours (true/null green, false red). */
export const colourOfIndicator = (value: boolean | null): IndicatorColour => (value === false ? 'red' : 'green');

/** The words a colour stands for, for screen readers and titles. */
export const INDICATOR_COLOUR_LABELS: Readonly<Record<IndicatorColour, string>> = {
  red: 'Expired',
  amber: 'Expiring soon',
  green: 'Up to date',
};

/** The calendar feed's address for a secret (the server's public base URL in front). */
export const calendarFeedPath = (secret: string): string => `/calendar/${secret}.ics`;
