// Display and parsing formats (SPEC §3, §5, §9): USD, postal codes, dates, links, phones, project
// values, page counts, address results and classification codes. Intl and plain code only.
import * as v from 'valibot';
import { dateParts } from './date-parts.js';
import type { DateInput, TimeZoneOption } from './date-parts.js';
import { parsePhone, storedPhoneSchema } from './validation.js';

// ---- currency (USD, 2 decimals) ----

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A plain decimal amount; Number() alone would also take '0x1a', '1e3' and 'Infinity'. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** A typed amount as a number: '$' and ',' are stripped first; anything non-numeric is 0 (SPEC §5). */
export function parseUsd(input: string | number | null | undefined): number {
  if (typeof input === 'number') return Number.isFinite(input) ? input : 0;
  if (input == null) return 0;
  const cleaned = input.replace(/[$,]/g, '').trim();
  return DECIMAL.test(cleaned) ? Number(cleaned) : 0;
}

/** An amount in USD with 2 decimals: 1234.5 → '$1,234.50'. Text is parsed with parseUsd first. */
export const formatUsd = (value: string | number | null | undefined): string => usd.format(parseUsd(value));

// ---- postal code ----

export const POSTAL_CODE_LENGTH = 5;
/** A postal code shown as its first 5 characters: '94103-1234' → '94103' (SPEC §5). */
export const postalCode5 = (code: string | number | null | undefined): string =>
  code == null ? '' : String(code).trim().slice(0, POSTAL_CODE_LENGTH).trimEnd();

// ---- dates ----

/** The four date formats of SPEC §9, in moment-style notation. */
export const DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  dateTime: 'YYYY-MM-DD HH:mm:ss',
  usDateTime: 'MM/DD/YYYY hh:mm A',
  long: 'MMMM Do, YYYY [at] hh:mm A',
} as const;
export type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export const ordinal = (n: number): string => {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
};

/**
 * A date in one of the four formats, in the given IANA time zone (default the runtime's).
 * '' for a missing or invalid date, so a table cell shows nothing rather than 'Invalid Date'.
 * A date-only text ('2024-03-05') keeps its calendar day in every time zone.
 */
export function formatDate(
  value: DateInput | null | undefined,
  format: DateFormat = DATE_FORMATS.date,
  options: TimeZoneOption = {},
): string {
  if (value == null || value === '') return '';
  const p = dateParts(value, options);
  if (!p) return '';
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const clock12 = `${pad(hour12)}:${pad(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`;
  switch (format) {
    case DATE_FORMATS.date:
      return date;
    case DATE_FORMATS.dateTime:
      return `${date} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
    case DATE_FORMATS.usDateTime:
      return `${pad(p.month)}/${pad(p.day)}/${pad(p.year, 4)} ${clock12}`;
    case DATE_FORMATS.long:
      return `${MONTHS[p.month - 1]} ${ordinal(p.day)}, ${pad(p.year, 4)} at ${clock12}`;
  }
}

// ---- links ----

export const LINK_TRUNCATE_LENGTH = 15;
/** A long link shown as its first 15 characters followed by '...' (SPEC §9); short ones unchanged. */
export const truncateLink = (link: string, max: number = LINK_TRUNCATE_LENGTH): string =>
  link.length > max ? `${link.slice(0, max)}...` : link;

// ---- phone ----

/** National digits and extension of a stored '+1…' number (or of a typed one), or null. */
export function splitPhone(value: string): { national: string; extension: string } | null {
  const trimmed = value.trim();
  if (v.is(storedPhoneSchema, trimmed)) {
    // Stored form: '+1', 10 national digits, then up to 5 extension digits.
    return { national: trimmed.slice(2, 12), extension: trimmed.slice(12) };
  }
  const typed = parsePhone(trimmed);
  return 'error' in typed ? null : typed;
}

/**
 * A phone number for display: '+15552345678' → '+1 (555) 234-5678', and with more than 10 digits the
 * rest as an extension: '+15552345678123' → '+1 (555) 234-5678 x123' (SPEC §5). The output is the
 * input mask's shape, and parsePhone reads it back. Text that is no valid number is shown as it is.
 */
export function formatPhone(value: string | null | undefined): string {
  if (value == null) return '';
  const parts = splitPhone(value);
  if (!parts) return value.trim();
  const { national, extension } = parts;
  const main = `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  return extension ? `${main} x${extension}` : main;
}

// ---- numbers and paging ----

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** A project value with thousands separators: 1250000 → '1,250,000' (SPEC §2.7). Text is parsed as USD. */
export const formatProjectValue = (value: string | number | null | undefined): string =>
  value == null || value === '' ? '' : grouped.format(parseUsd(value));

/** Number of pages: ceiling of total over size (SPEC §9); 0 when there is nothing or no page size. */
export const pageCount = (total: number, size: number): number =>
  total > 0 && size > 0 ? Math.ceil(total / size) : 0;

// ---- address search results ----

export const UNITED_STATES_SUFFIX = ', United States';
/** An address result name without its trailing ', United States' (SPEC §3). */
export const stripUnitedStates = (name: string): string =>
  name.endsWith(UNITED_STATES_SUFFIX) ? name.slice(0, -UNITED_STATES_SUFFIX.length) : name;

/** The address id of a search result: the second dot-separated piece of its id ('address.123' → '123'). */
export const addressIdOf = (resultId: string): string | null => {
  const piece = resultId.split('.')[1];
  return piece ? piece : null;
};
