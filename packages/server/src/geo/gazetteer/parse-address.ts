// Splits what a user typed into street, city, state and ZIP, the way US addresses are written:
// '1600 Pennsylvania Ave NW, Washington, DC 20500', '350 5th Ave New York NY', 'Springfield, IL', '90210'.
// Without commas, the city is the longest run of trailing words that names a known city.
import { US_STATES } from '@permitdesk/core';
import { stripCountry } from './address-provider.js';

export interface ParsedAddress {
  street: string;
  city: string | null;
  state: string | null;
  zip: string | null;
}

const STATE_CODES = new Set<string>(US_STATES.map((state) => state.value));
const STATE_BY_NAME = new Map<string, string>(US_STATES.map((state) => [state.label.toUpperCase(), state.value]));
const ZIP = /^(\d{5})(-\d{4})?$/;
const MAX_CITY_WORDS = 4;

/** `isCity(name, state)`: whether a city of that name exists (in that state when given). */
export type CityCheck = (name: string, state: string | null) => boolean;

/** Takes a state off the end of the words: a two-letter code or a full name ('North Carolina'). */
function takeState(words: string[]): string | null {
  const last = words.at(-1)?.toUpperCase();
  if (last && STATE_CODES.has(last)) {
    words.pop();
    return last;
  }
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const code = STATE_BY_NAME.get(words.slice(-n).join(' ').toUpperCase());
    if (code) {
      words.splice(-n, n);
      return code;
    }
  }
  return null;
}

export function parseAddress(query: string, isCity: CityCheck): ParsedAddress {
  const text = stripCountry(query.replace(/\s+/g, ' ').trim());
  const segments = text.split(',').map((segment) => segment.trim()).filter(Boolean);
  if (segments.length === 0) return { street: '', city: null, state: null, zip: null };

  // ZIP and state come off the end of the last segment.
  let words = segments.pop()!.split(' ');
  let zip: string | null = null;
  const zipMatch = ZIP.exec(words.at(-1) ?? '');
  if (zipMatch && (words.length > 1 || segments.length > 0 || !/^\d+$/.test(words[0] ?? '') || words.length === 1)) {
    zip = zipMatch[1]!;
    words.pop();
  }
  const beforeState = [...words];
  let state = takeState(words);
  // 'New York' or 'Washington' alone means the city, not the state.
  if (state && words.length === 0 && segments.length === 0 && !zip) {
    words = beforeState;
    state = null;
  }
  if (words.length > 0) segments.push(words.join(' '));

  if (segments.length >= 2) {
    const city = segments.pop()!;
    return { street: segments.join(', '), city, state, zip };
  }
  const only = segments[0]?.split(' ') ?? [];
  if (only.length === 0) return { street: '', city: null, state, zip };
  // No street number and no ZIP: the whole text is (the start of) a city name.
  if (!zip && !/^\d/.test(only[0]!)) return { street: '', city: only.join(' '), state, zip };
  for (let n = Math.min(MAX_CITY_WORDS, only.length - 1); n >= 1; n--) {
    const city = only.slice(-n).join(' ');
    if (isCity(city, state)) return { street: only.slice(0, -n).join(' '), city, state, zip };
  }
  return { street: only.join(' '), city: null, state, zip };
}

const MODIFIER = /^(.*?)[\s,]+((?:apt|apartment|suite|ste|unit|bldg|building|fl|floor|rm|room|lot|#)\.?\s*#?\s*[\w-]+)$/i;

/** '12 Oak St Apt 4B' → street '12 Oak St', modifier 'Apt 4B'. */
export function splitStreetModifier(street: string): { streetAddress: string; streetModifier: string | null } {
  const match = MODIFIER.exec(street.trim());
  if (!match || !match[1]) return { streetAddress: street.trim(), streetModifier: null };
  return { streetAddress: match[1].trim(), streetModifier: match[2]!.trim() };
}
