// Wall-clock parts of an instant in a time zone, through Intl alone (core takes no date library).
// Shared by the date formats and the days-to-expiry rule.

export type DateInput = Date | string | number;

/** Options every date rule takes: an IANA time zone, default the runtime's. */
export interface TimeZoneOption {
  timeZone?: string;
}

export interface DateParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
  second: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a calendar date; setUTCFullYear because Date.UTC reads years 0–99 as 1900–1999. */
const utcMidnight = (year: number, month: number, day: number): Date => {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string | undefined): Intl.DateTimeFormat => {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(key, formatter);
  }
  return formatter;
};

/**
 * The wall-clock parts of a value in a time zone, or null when the value is not a date.
 * A date-only text ('2024-03-05') is a calendar date, not an instant: it keeps its own day in every zone.
 */
export function dateParts(value: DateInput, { timeZone }: TimeZoneOption = {}): DateParts | null {
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) {
      const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
      if (utcMidnight(year, month, day).getUTCMonth() !== month - 1) return null;
      return { year, month, day, hour: 0, minute: 0, second: 0 };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Whole days from the calendar date of `from` to the calendar date of `to`. */
export function calendarDaysBetween(from: DateParts, to: DateParts): number {
  const dayNumber = (p: DateParts) => utcMidnight(p.year, p.month, p.day).getTime() / 86_400_000;
  return dayNumber(to) - dayNumber(from);
}
