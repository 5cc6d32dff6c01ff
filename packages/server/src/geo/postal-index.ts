// The Postal Service's city names (the zipcodes package: each ZIP's city, state and centre) indexed
// for the geography: the ZIPs that carry a name in a state, and the ZIP nearest a point. The USPS
// city of an address is the best hint we have to which city governs it.
import { distanceKm } from './distance.js';
import { placeKeys } from './place-names.js';
import { usZipCodes, type ZipRecord } from './sources.js';

export interface PostalIndex {
  byZip(zip: string): ZipRecord | undefined;
  /**
   * The ZIPs of a state whose USPS city is this name: by its exact key when any ZIP has it, else by
   * a shorter form ('New York City' → the ZIPs named 'New York').
   */
  zipsNamed(state: string, name: string): readonly ZipRecord[];
  /** Whether any ZIP of the state within `km` of the point carries this name. */
  isPostalName(state: string, name: string, latitude: number, longitude: number, km: number): boolean;
  /** The ZIP whose centre is nearest the point, within `maxKm`. */
  nearestZip(latitude: number, longitude: number, maxKm: number): ZipRecord | null;
  all: readonly ZipRecord[];
}

/** Grid of a tenth of a degree (~11 km) for nearest-ZIP searches. */
const CELLS_PER_DEGREE = 10;
const cell = (degrees: number) => Math.floor(degrees * CELLS_PER_DEGREE);

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

let shared: PostalIndex | undefined;

export function postalIndex(): PostalIndex {
  if (shared) return shared;
  const all = usZipCodes();
  const zipMap = new Map<string, ZipRecord>();
  const exact = new Map<string, ZipRecord[]>();
  const loose = new Map<string, ZipRecord[]>();
  const grid = new Map<string, ZipRecord[]>();
  for (const record of all) {
    zipMap.set(record.zip, record);
    const [key, ...shorter] = placeKeys(record.city);
    push(exact, `${record.state}|${key}`, record);
    for (const form of [key, ...shorter]) push(loose, `${record.state}|${form}`, record);
    push(grid, `${cell(record.longitude)}:${cell(record.latitude)}`, record);
  }

  const zipsNamed = (state: string, name: string): readonly ZipRecord[] => {
    const [key, ...shorter] = placeKeys(name);
    const found = exact.get(`${state}|${key}`);
    if (found) return found;
    const merged = new Set<ZipRecord>();
    for (const form of [key!, ...shorter]) for (const record of loose.get(`${state}|${form}`) ?? []) merged.add(record);
    return [...merged];
  };

  shared = {
    all,
    byZip: (zip) => zipMap.get(zip.trim().slice(0, 5)),
    zipsNamed,
    isPostalName(state, name, latitude, longitude, km) {
      return zipsNamed(state, name).some((zip) => distanceKm(latitude, longitude, zip.latitude, zip.longitude) <= km);
    },
    nearestZip(latitude, longitude, maxKm) {
      let best: ZipRecord | null = null;
      let bestKm = maxKm;
      // Rings of cells outwards, until a ring lies wholly beyond the best distance found.
      const x = cell(longitude);
      const y = cell(latitude);
      const cellKm = 111 / CELLS_PER_DEGREE;
      const cosLat = Math.max(0.2, Math.cos((latitude * Math.PI) / 180));
      for (let ring = 0; (ring - 1) * cellKm * cosLat <= bestKm; ring++) {
        for (let dx = -ring; dx <= ring; dx++) {
          for (let dy = -ring; dy <= ring; dy++) {
            if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
            for (const record of grid.get(`${x + dx}:${y + dy}`) ?? []) {
              const km = distanceKm(latitude, longitude, record.latitude, record.longitude);
              if (km <= bestKm) {
                best = record;
                bestKm = km;
              }
            }
          }
        }
      }
      return best;
    },
  };
  return shared;
}
