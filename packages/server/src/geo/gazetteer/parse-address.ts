// Splits what a user typed into street, city, state and ZIP, the way US addresses are written:
// '1600 Pennsylvania Ave NW, Washington, DC 20500', '350 5th Ave New York NY', 'Springfield, IL', '90210',
// '350 fifth avenue, new york', '121 n lasalle street chicago il 60602-1234'. Commas and case are free.
// ZIP (or ZIP+4) and state (code, name, or the start of one still being typed) come off the end; the
// city is the last comma segment, or, without commas, the run of trailing words that names a known city
// after a complete street (parse-address tells where a street line ends: its type, directional or unit).
import { US_STATES } from '@permitdesk/core';
import { parseInformalAddress } from 'parse-address';
import { stripCountry } from './address-provider.js';

export interface ParsedAddress {
  street: string;
  city: string | null;
  /** The state typed in full (code or name), else null. */
  state: string | null;
  /** The states the text allows: the typed one, those starting with a state being typed, or [] for any. */
  states: readonly string[];
  zip: string | null;
}

/** `isCity(name, states)`: whether a city of that name exists in one of the states (any when []); `fuzzy` allows one typo. */
export type CityCheck = (name: string, states: readonly string[], fuzzy: boolean) => boolean;

const STATE_CODES = new Set<string>(US_STATES.map((state) => state.value));
const STATE_BY_NAME = new Map<string, string>(US_STATES.map((state) => [state.label.toUpperCase(), state.value]));
const ZIP = /^(\d{5})(?:-?\d{4})?$/;
const MAX_CITY_WORDS = 4;

const stateToken = (word: string) => word.replace(/\./g, '').toUpperCase();

/** Takes a two-letter state code ('ny', 'D.C.') off the end of the words. */
function takeStateCode(words: string[]): string | null {
  const last = stateToken(words.at(-1) ?? '');
  if (!STATE_CODES.has(last)) return null;
  words.pop();
  return last;
}

/** Takes a whole state off the end of the words: a code, or a name ('North Carolina'). */
function takeState(words: string[]): string | null {
  const code = takeStateCode(words);
  if (code) return code;
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const named = STATE_BY_NAME.get(words.slice(-n).map(stateToken).join(' '));
    if (named) {
      words.splice(-n, n);
      return named;
    }
  }
  return null;
}

/** The states whose code or name starts with a segment still being typed ('N', 'new y'), or []. */
function statesStartingWith(segment: string): string[] {
  const typed = segment.replace(/\./g, '').replace(/\s+/g, ' ').trim().toUpperCase();
  if (!/^[A-Z ]+$/.test(typed)) return [];
  return US_STATES.filter((state) => state.value.startsWith(typed) || state.label.toUpperCase().startsWith(typed)).map((state) => state.value);
}

/** The parser is slow (~0.7 ms a call): its answers about single words, the few a street ends with, are kept. */
function keptAnswers(ask: (word: string) => boolean): (word: string) => boolean {
  const answers = new Map<string, boolean>();
  return (word) => {
    const key = word.toLowerCase();
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = ask(key);
      if (answers.size >= 20_000) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

/** Whether parse-address reads a word as a street type ('st', 'Avenue') or a directional ('NW'). */
const isStreetEndWord = keptAnswers((word) => {
  const parsed = parseInformalAddress(`1 Main ${word}`);
  return Boolean(parsed && parsed.street === 'Main' && (parsed.type || parsed.suffix));
});
/** Whether parse-address reads a word as a unit designator ('Apt', 'Suite', 'Ste'). */
const isUnitWord = keptAnswers((word) => Boolean(parseInformalAddress(`1 Main St ${word} 1`)?.sec_unit_type));

/** A unit written after a street: 'Apt 4B', 'Suite 100', '# 5'. */
const isUnit = (words: readonly string[]) => words.length === 2 && (words[0] === '#' || isUnitWord(words[0]!)) && /^#?[\w-]+$/.test(words[1]!);

/** Whether words are only a street's end ('Street', 'Ave NW', 'Apt 4'): they belong to the street, not a town. */
export function isStreetEnd(text: string): boolean {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > 0 && (words.every(isStreetEndWord) || isUnit(words));
}

/** Whether a street line has a number and a street name. */
const isStreetLine = (street: string) => /^\d+[a-z]?(?:-\d+)?(?: \S+)+$/i.test(street.trim());

/** Whether a street line is complete: a number and a street, ending with a type, directional or unit ('Main St', 'Oak Ave NW', 'Elm St Apt 4'). */
export function endsStreet(street: string): boolean {
  const words = street.trim().split(/\s+/);
  return isStreetLine(street) && words.length > 2 && (isStreetEndWord(words.at(-1)!) || (words.length > 3 && isUnit(words.slice(-2))));
}

/** A compass abbreviation ('W') that fits as the street's post-directional: '15 Kellogg Blvd W St Paul' is not 'West St Paul'. */
function startsWithPostDirectional(city: string, street: string): boolean {
  const [first, ...rest] = city.split(' ');
  return rest.length > 0 && /^(?:n|s|e|w|ne|nw|se|sw)$/i.test(first!) && endsStreet(`${street} ${first}`);
}

/**
 * The city at the end of a comma-less 'number street city' text, longest first: a known name right after
 * a complete street, then one with a typo there ('Santa Fe Dr Overand Park' is not 'Park'), then a known
 * name anywhere ('123 Broadway New York'), then one with a typo anywhere.
 */
function splitStreetAndCity(words: string[], states: readonly string[], isCity: CityCheck) {
  const most = Math.min(MAX_CITY_WORDS, words.length - 2);
  const passes = [
    { fuzzy: false, afterCompleteStreet: true },
    { fuzzy: true, afterCompleteStreet: true },
    { fuzzy: false, afterCompleteStreet: false },
    { fuzzy: true, afterCompleteStreet: false },
  ];
  for (const pass of passes) {
    for (let n = most; n >= 1; n--) {
      const city = words.slice(-n).join(' ');
      const street = words.slice(0, -n).join(' ');
      const streetIsComplete = endsStreet(street);
      if (pass.afterCompleteStreet && !streetIsComplete) continue;
      // 'LaSalle Street': a street's own last words are no town.
      if (!streetIsComplete && isStreetEnd(city)) continue;
      if (startsWithPostDirectional(city, street) || !isStreetLine(street)) continue;
      if (isCity(city, states, pass.fuzzy)) return { street, city };
    }
  }
  return { street: words.join(' '), city: null };
}

function parse(text: string, isCity: CityCheck, readStateName: boolean): ParsedAddress {
  const segments = text.split(',').map((segment) => segment.trim()).filter(Boolean);
  const empty = { street: '', city: null, state: null, states: [], zip: null };
  if (segments.length === 0) return empty;

  let words = segments.pop()!.split(' ');
  let zip: string | null = null;
  const zipMatch = ZIP.exec(words.at(-1) ?? '');
  if (zipMatch) {
    zip = zipMatch[1]!;
    words.pop();
  }
  const state = readStateName ? takeState(words) : takeStateCode(words);
  let states: string[] = state ? [state] : [];
  if (words.length > 0) segments.push(words.join(' '));
  // 'Main St, Springfield, Ill' or 'Springfield, Ill': a last segment after a city is a state being typed
  // (after a street, '350 5th Ave, New Y', it is the city being typed).
  const afterCity = segments.length >= 3 || (segments.length === 2 && !/^\d/.test(segments[0]!));
  if (!state && !zip && afterCity) {
    const partial = statesStartingWith(segments.at(-1)!);
    if (partial.length > 0) {
      segments.pop();
      states = partial;
    }
  }

  if (segments.length >= 2) {
    let city: string | null = segments.pop()!;
    // '121 N LaSalle, Street, IL': a trailing street word is the street's, not a town ('1300 White St, Key West' is).
    if (isStreetEnd(city) && !endsStreet(segments.at(-1)!)) {
      segments[segments.length - 1] = `${segments.at(-1)} ${city}`;
      city = null;
    }
    return { street: segments.join(', '), city, state, states, zip };
  }
  const only = segments[0]?.split(' ') ?? [];
  if (only.length === 0) return { ...empty, state, states, zip };
  // No street number and no ZIP: the whole text is (the start of) a city name.
  if (!zip && !/^\d/.test(only[0]!)) return { street: '', city: only.join(' '), state, states, zip };
  return { ...splitStreetAndCity(only, states, isCity), state, states, zip };
}

export function parseAddress(query: string, isCity: CityCheck): ParsedAddress {
  const text = stripCountry(query.replace(/\s+/g, ' ').trim()).replace(/\s*,\s*(?:US|USA)$/i, '');
  const parsed = parse(text, isCity, true);
  // 'New York' or '350 5th Ave, Washington' names the city, not the state, when no city is left otherwise.
  if (!parsed.city && !parsed.zip && parsed.state) {
    const asCity = parse(text, isCity, false);
    if (asCity.city) return asCity;
  }
  return parsed;
}

const MODIFIER = /^(.*?)[\s,]+((?:apt|apartment|suite|ste|unit|bldg|building|fl|floor|rm|room|lot|#)\.?\s*#?\s*[\w-]+)$/i;

/** '12 Oak St Apt 4B' → street '12 Oak St', modifier 'Apt 4B'. */
export function splitStreetModifier(street: string): { streetAddress: string; streetModifier: string | null } {
  const match = MODIFIER.exec(street.trim());
  if (!match || !match[1]) return { streetAddress: street.trim(), streetModifier: null };
  return { streetAddress: match[1].trim(), streetModifier: match[2]!.trim() };
}
