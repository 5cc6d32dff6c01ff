// ZIP codes by code and by city, from the zipcodes package: the gazetteer resolves city, state and a
// location from them.
import { usZipCodes, type ZipRecord } from '../sources.js';

export interface CityEntry {
  /** Upper-case city name used for matching. */
  key: string;
  city: string;
  state: string;
  zips: ZipRecord[];
  /** The ZIP that stands for the whole city. */
  main: ZipRecord;
}

export interface ZipIndex {
  byZip(zip: string): ZipRecord | undefined;
  /** Cities with exactly this name (any state, or one state), biggest (most ZIPs) first. */
  cities(name: string, state?: string): CityEntry[];
  /** Cities whose name starts with the text, biggest first. */
  citiesStartingWith(prefix: string, state: string | undefined, limit: number): CityEntry[];
}

export const cityKey = (name: string): string => name.toUpperCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();

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

let shared: ZipIndex | undefined;

export function zipIndex(): ZipIndex {
  if (shared) return shared;
  const zipMap = new Map<string, ZipRecord>();
  const groups = new Map<string, ZipRecord[]>();
  for (const record of usZipCodes()) {
    zipMap.set(record.zip, record);
    const key = `${cityKey(record.city)}|${record.state}`;
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  const entries: CityEntry[] = [...groups.values()].map((zips) => {
    const sorted = [...zips].sort((a, b) => (a.zip < b.zip ? -1 : 1));
    return { key: cityKey(sorted[0]!.city), city: sorted[0]!.city, state: sorted[0]!.state, zips: sorted, main: mainZip(sorted) };
  });
  // Sorted by name for prefix search; ties broken by size so bigger cities come first.
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.zips.length - a.zips.length));
  const byName = new Map<string, CityEntry[]>();
  for (const entry of entries) {
    const list = byName.get(entry.key);
    if (list) list.push(entry);
    else byName.set(entry.key, [entry]);
  }
  const biggestFirst = (a: CityEntry, b: CityEntry) => b.zips.length - a.zips.length;

  shared = {
    byZip: (zip) => zipMap.get(zip.slice(0, 5)),
    cities(name, state) {
      const list = byName.get(cityKey(name)) ?? [];
      return (state ? list.filter((entry) => entry.state === state) : list).slice().sort(biggestFirst);
    },
    citiesStartingWith(prefix, state, limit) {
      const key = cityKey(prefix);
      if (!key) return [];
      let low = 0;
      let high = entries.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (entries[mid]!.key < key) low = mid + 1;
        else high = mid;
      }
      const found: CityEntry[] = [];
      for (let i = low; i < entries.length && entries[i]!.key.startsWith(key); i++) {
        if (!state || entries[i]!.state === state) found.push(entries[i]!);
      }
      return found.sort(biggestFirst).slice(0, limit);
    },
  };
  return shared;
}
