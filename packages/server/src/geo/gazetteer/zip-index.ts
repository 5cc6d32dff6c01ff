// The places an address can name, for the gazetteer: every USPS city name of the zipcodes package (with
// its ZIP codes) and every GeoNames place no ZIP is named after ('Tysons', 'Highlands Ranch', with the
// ZIP nearest it), matched by place-names.ts keys ('St. Louis' = 'Saint Louis', "Coeur d'Alene" =
// 'Coeur D Alene'), exactly, by the start of a name being typed, or with one typo.
import { placeKey } from '../place-names.js';
import { postalIndex } from '../postal-index.js';
import { distanceKm } from '../distance.js';
import { usCities, type GeoNamesCity, type ZipRecord } from '../sources.js';

export interface CityEntry {
  /** The place key without spaces: 'coeurdalene'. */
  key: string;
  city: string;
  state: string;
  /** The ZIP codes carrying the name: their count stands in for the city's size (no package has populations). */
  zips: ZipRecord[];
  /** The ZIP that stands for the whole city. */
  main: ZipRecord;
  /** Where the city is: its main ZIP's centre, or the GeoNames point of a place no ZIP is named after. */
  latitude: number;
  longitude: number;
}

export interface ZipIndex {
  byZip(zip: string): ZipRecord | undefined;
  /** Cities with exactly this name in one of the states (any when []), biggest first. */
  cities(name: string, states: readonly string[]): CityEntry[];
  /** Whether a city of this name exists in the states, with one typo allowed when `fuzzy`. */
  hasCity(name: string, states: readonly string[], fuzzy: boolean): boolean;
  /** What a typed city may be: exact names, then names it starts, then names one typo away; biggest first in each. */
  suggest(name: string, states: readonly string[], limit: number): CityEntry[];
}

export const cityKey = (name: string): string => placeKey(name).replace(/ /g, '');
/** Typos are looked for only in names this long: shorter ones are one letter away from too many others. */
const FUZZY_MIN_LENGTH = 5;
/** A GeoNames place takes the ZIP nearest it when one lies this close. */
const PLACE_ZIP_KM = 25;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
};

/** The ZIP nearest the median point of a city's ZIPs (the median ignores the odd far-off PO-box ZIP). */
function mainZip(zips: ZipRecord[]): ZipRecord {
  const lat = median(zips.map((zip) => zip.latitude));
  const lon = median(zips.map((zip) => zip.longitude));
  let best = zips[0]!;
  for (const zip of zips) {
    if ((zip.latitude - lat) ** 2 + (zip.longitude - lon) ** 2 < (best.latitude - lat) ** 2 + (best.longitude - lon) ** 2) best = zip;
  }
  return best;
}

/** The place nearest a point within `maxKm`, or undefined. */
function nearestTo(places: readonly GeoNamesCity[], latitude: number, longitude: number, maxKm: number): GeoNamesCity | undefined {
  let best: GeoNamesCity | undefined;
  let bestKm = maxKm;
  for (const place of places) {
    const km = distanceKm(latitude, longitude, Number(place.lat), Number(place.lng));
    if (km <= bestKm) {
      best = place;
      bestKm = km;
    }
  }
  return best;
}

/** Whether two keys are at most one edit apart (a letter added, dropped, changed, or two swapped). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const cityEntry = (city: string, state: string, zips: ZipRecord[], main: ZipRecord, latitude: number, longitude: number): CityEntry => ({
  key: cityKey(city),
  city,
  state,
  zips,
  main,
  latitude,
  longitude,
});

let shared: ZipIndex | undefined;

export function zipIndex(): ZipIndex {
  if (shared) return shared;
  const postal = postalIndex();
  const groups = new Map<string, ZipRecord[]>();
  for (const record of postal.all) push(groups, `${cityKey(record.city)}|${record.state}`, record);
  const places = new Map<string, GeoNamesCity[]>();
  for (const place of usCities()) if (!/\(historical\)|\//.test(place.name)) push(places, `${cityKey(place.name)}|${place.admin1}`, place);

  const entries: CityEntry[] = [...groups.entries()].map(([groupKey, zips]) => {
    const sorted = [...zips].sort((a, b) => (a.zip < b.zip ? -1 : 1));
    const middle = mainZip(sorted);
    const { city, state } = sorted[0]!;
    // The city's own GeoNames point is its centre (a median of ZIP centres may lie in a neighbour),
    // and the city's ZIP the one nearest that centre.
    const centre = nearestTo(places.get(groupKey) ?? [], middle.latitude, middle.longitude, PLACE_ZIP_KM);
    // Entries are built as one literal (not spread from a shared base): ~30,000 of them then share one
    // hidden class instead of each carrying its own (issue 17: 8 MB of object shapes).
    if (!centre) return cityEntry(city, state, sorted, middle, middle.latitude, middle.longitude);
    const latitude = Number(centre.lat);
    const longitude = Number(centre.lng);
    const main = sorted.reduce((best, zip) =>
      distanceKm(latitude, longitude, zip.latitude, zip.longitude) < distanceKm(latitude, longitude, best.latitude, best.longitude) ? zip : best,
    );
    return cityEntry(city, state, sorted, main, latitude, longitude);
  });
  const named = new Set(groups.keys());
  for (const [groupKey, list] of places) {
    if (named.has(groupKey)) continue;
    for (const place of list) {
      const latitude = Number(place.lat);
      const longitude = Number(place.lng);
      const main = postal.nearestZip(latitude, longitude, PLACE_ZIP_KM);
      if (!main || main.state !== place.admin1) continue;
      entries.push(cityEntry(place.name, place.admin1, [], main, latitude, longitude));
      break;
    }
  }
  // Sorted by key for prefix search.
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const byKey = new Map<string, CityEntry[]>();
  for (const entry of entries) push(byKey, entry.key, entry);

  const biggestFirst = (a: CityEntry, b: CityEntry) => b.zips.length - a.zips.length;
  const inStates = (states: readonly string[]) => (entry: CityEntry) => states.length === 0 || states.includes(entry.state);
  const exact = (key: string, states: readonly string[]) => (byKey.get(key) ?? []).filter(inStates(states)).sort(biggestFirst);
  const startingWith = (key: string, states: readonly string[]) => {
    let low = 0;
    let high = entries.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (entries[mid]!.key < key) low = mid + 1;
      else high = mid;
    }
    const found: CityEntry[] = [];
    const wanted = inStates(states);
    for (let i = low; i < entries.length && entries[i]!.key.startsWith(key); i++) if (wanted(entries[i]!)) found.push(entries[i]!);
    return found.sort(biggestFirst);
  };
  // Keys by length, in all states ('') and in each: a key one typo away is at most one letter longer or shorter.
  const byLength = new Map<string, CityEntry[]>();
  for (const entry of entries) {
    push(byLength, `|${entry.key.length}`, entry);
    push(byLength, `${entry.state}|${entry.key.length}`, entry);
  }
  const oneTypoAway = (key: string, states: readonly string[]) => {
    if (key.length < FUZZY_MIN_LENGTH) return [];
    const found: CityEntry[] = [];
    for (const state of states.length > 0 ? states : ['']) {
      for (const length of [key.length - 1, key.length, key.length + 1]) {
        for (const entry of byLength.get(`${state}|${length}`) ?? []) if (withinOneEdit(key, entry.key)) found.push(entry);
      }
    }
    return found.sort(biggestFirst);
  };

  shared = {
    byZip: (zip) => postal.byZip(zip),
    cities: (name, states) => exact(cityKey(name), states),
    hasCity(name, states, fuzzy) {
      const key = cityKey(name);
      return exact(key, states).length > 0 || (fuzzy && oneTypoAway(key, states).length > 0);
    },
    suggest(name, states, limit) {
      const key = cityKey(name);
      if (!key) return [];
      const found = new Set<CityEntry>(exact(key, states));
      for (const entry of startingWith(key, states)) if (found.size < limit) found.add(entry);
      if (found.size < limit) for (const entry of oneTypoAway(key, states)) if (found.size < limit) found.add(entry);
      return [...found].slice(0, limit);
    },
  };
  return shared;
}
