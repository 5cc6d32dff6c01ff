// The built-in geography: every US city of GeoNames as a municipality ('City of Pasadena'), plus every
// county (or county equivalent) as the permitting authority of its unincorporated area ('Los Angeles
// County'), and the administrative areas (states → counties → cities) they belong to. GeoNames places
// that are sections of a city (sections.ts: Times Square, Harlem, Fishtown...) or unincorporated communities
// their county governs (unincorporated.ts: Columbia MD, Paradise NV) or their town or township governs
// (townships.ts: East Meadow NY → Town of Hempstead) are left out; a township's seat takes the township's
// name ('Township of Edison', not 'City of Edison'). Ids and
// slugs are assigned in a fixed sort order over every GeoNames place, left out or not, so the same data
// packages always give the same catalogue, and leaving a section out renumbers nothing that a database
// seeded before holds.
import { US_STATES } from '@permitdesk/core';
import type { CountyIndex } from './county-index.js';
import type { PostalIndex } from './postal-index.js';
import { BOROUGH_CITIES, findSections, type SectionReason } from './sections.js';
import { slugify } from './slug.js';
import { townshipOf, type Township } from './townships.js';
import { usAdmin2, usCities } from './sources.js';

/** Requests received after this hour (local time) are filed the next business day; no dataset has it per municipality. */
export const DEFAULT_PERMIT_CUTOFF_HOUR = 15;

export type AreaType = 'state' | 'county' | 'city';

export interface AreaRecord {
  id: number;
  type: AreaType;
  name: string;
  stateCode: string;
  slug: string;
  parentId: number | null;
  latitude: number;
  longitude: number;
}

export interface MunicipalityRecord {
  id: number;
  name: string;
  /** The place it governs, as GeoNames names it ('Pasadena', 'New York City', 'Los Angeles County'). */
  placeName: string;
  slug: string;
  kind: 'city' | 'county';
  stateCode: string;
  countyName: string;
  /** Five-digit FIPS of the county the municipality lies in. */
  countyFips: string;
  latitude: number;
  longitude: number;
  permitCutoffHour: number;
  /** The area the municipality governs: its city, or its county for the unincorporated area. */
  areaId: number;
  /** State, county and (for cities) city area ids, outermost first. */
  areaPath: number[];
}

/** A GeoNames place's name as a municipality, where no table knows its government's own name: 'City of Pasadena'. */
export const cityMunicipalityName = (placeName: string): string => `City of ${placeName}`;

export interface OmittedPlace {
  name: string;
  stateCode: string;
  countyFips: string;
  latitude: number;
  longitude: number;
  reason: SectionReason;
  /** The town or township that governs it (reason 'township'). */
  township?: MunicipalityRecord;
}

/**
 * States whose towns, townships, boroughs and cities govern all their land, so no county issues building
 * permits: Connecticut and Rhode Island have no county government; in Massachusetts and New Jersey every place
 * lies in a municipality (U.S. Census Bureau, Census of Governments, Individual State Descriptions). New
 * Hampshire, Vermont and Maine are not listed: their few unincorporated places and unorganized territories are
 * governed by the county or the state.
 */
export const TOWN_GOVERNED_STATES: ReadonlySet<string> = new Set(['CT', 'MA', 'NJ', 'RI']);

/** The county that issues permits for its unincorporated area, or undefined where towns govern all the land. */
export function countyAuthority(catalog: GeoCatalog, fips: string): MunicipalityRecord | undefined {
  const county = catalog.countyMunicipality.get(fips);
  return county && !TOWN_GOVERNED_STATES.has(county.stateCode) ? county : undefined;
}

export interface GeoCatalog {
  areas: AreaRecord[];
  municipalities: MunicipalityRecord[];
  /**
   * County FIPS → the county's own municipality (unincorporated area). Every county has one, so the seeded
   * ids never change; where towns govern all the land it issues no permits (see countyAuthority).
   */
  countyMunicipality: ReadonlyMap<string, MunicipalityRecord>;
  /** County FIPS → the city that governs the whole county (New York City's boroughs, Philadelphia...). */
  governingCity: ReadonlyMap<string, MunicipalityRecord>;
  /** GeoNames places left out as sections of a city, or as no place of today. */
  omitted: readonly OmittedPlace[];
  /** County FIPS → the city municipalities in that county. */
  citiesByCounty: ReadonlyMap<string, MunicipalityRecord[]>;
  /** State code → the city municipalities in that state. */
  citiesByState: ReadonlyMap<string, MunicipalityRecord[]>;
  /** County FIPS → its towns and townships of townships.ts (their seats' records, among the cities). */
  townshipsByCounty: ReadonlyMap<string, MunicipalityRecord[]>;
}

interface CountyDraft {
  fips: string;
  stateCode: string;
  name: string;
  latitude: number;
  longitude: number;
}
interface CityDraft {
  name: string;
  stateCode: string;
  countyFips: string;
  latitude: number;
  longitude: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Hands out slugs, adding -2, -3... when two places would share one. */
function slugRegistry() {
  const used = new Set<string>();
  return (base: string) => {
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}

export function buildCatalog(counties: CountyIndex, postal: PostalIndex): GeoCatalog {
  const stateFipsByCode = new Map([...counties.stateCodeByFips].map(([fips, code]) => [code, fips]));
  const stateNames = new Map<string, string>(US_STATES.map((state) => [state.value, state.label]));

  // Cities, each placed in a county: GeoNames' own county code, or the county polygon under the city.
  const cityDrafts: CityDraft[] = [];
  for (const city of usCities()) {
    const latitude = Number(city.lat);
    const longitude = Number(city.lng);
    const stateFips = stateFipsByCode.get(city.admin1);
    if (!stateFips || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    let countyFips = city.admin2 ? stateFips + city.admin2 : '';
    if (!countyFips) {
      const shape = counties.countyAt(latitude, longitude);
      if (!shape || shape.stateCode !== city.admin1) continue;
      countyFips = shape.fips;
    }
    cityDrafts.push({ name: city.name, stateCode: city.admin1, countyFips, latitude, longitude });
  }

  // Counties: GeoNames' list (current, with Connecticut's planning regions), plus any county a city
  // names that GeoNames lacks (the District of Columbia), named from the Census polygons.
  const countyDrafts = new Map<string, CountyDraft>();
  for (const entry of usAdmin2()) {
    const [, stateCode = '', code = ''] = entry.code.split('.');
    const stateFips = stateFipsByCode.get(stateCode);
    if (!stateFips || !code) continue;
    const fips = stateFips + code;
    const shape = counties.shapes.get(fips);
    countyDrafts.set(fips, { fips, stateCode, name: entry.name, latitude: shape?.latitude ?? NaN, longitude: shape?.longitude ?? NaN });
  }
  for (const city of cityDrafts) {
    if (countyDrafts.has(city.countyFips)) continue;
    const shape = counties.shapes.get(city.countyFips);
    if (!shape) continue;
    countyDrafts.set(city.countyFips, { ...shape, stateCode: city.stateCode, name: shape.name });
  }
  const placedCities = cityDrafts.filter((city) => countyDrafts.has(city.countyFips));
  // A county without a Census polygon (boundaries newer than us-atlas) sits at the mean of its cities.
  for (const county of countyDrafts.values()) {
    if (Number.isFinite(county.latitude)) continue;
    const inside = placedCities.filter((city) => city.countyFips === county.fips);
    county.latitude = inside.reduce((sum, city) => sum + city.latitude, 0) / Math.max(1, inside.length);
    county.longitude = inside.reduce((sum, city) => sum + city.longitude, 0) / Math.max(1, inside.length);
  }

  const sortedCounties = [...countyDrafts.values()].sort((a, b) => byText(a.stateCode, b.stateCode) || byText(a.name, b.name) || byText(a.fips, b.fips));
  const countyOrder = new Map(sortedCounties.map((county, index) => [county.fips, index]));
  placedCities.sort(
    (a, b) =>
      (countyOrder.get(a.countyFips) ?? 0) - (countyOrder.get(b.countyFips) ?? 0) ||
      byText(a.name, b.name) ||
      a.latitude - b.latitude ||
      a.longitude - b.longitude,
  );

  const countyNames = new Map([...countyDrafts.values()].map((county) => [county.fips, county.name]));
  const sections = findSections(placedCities, counties, postal, countyNames);
  const townships = findTownships(placedCities, sections.omitted);
  const omittedPlaces = new Map<CityDraft, SectionReason>(sections.omitted);
  for (const place of townships.communities.keys()) omittedPlaces.set(place, 'township');

  // Administrative areas: states, then counties, then cities.
  const areaSlug = slugRegistry();
  const areas: AreaRecord[] = [];
  let lastAreaId = 0;
  const stateAreas = new Map<string, AreaRecord>();
  const stateCodes = [...new Set(sortedCounties.map((county) => county.stateCode))].sort(byText);
  for (const stateCode of stateCodes) {
    const inside = sortedCounties.filter((county) => county.stateCode === stateCode);
    const area: AreaRecord = {
      id: ++lastAreaId,
      type: 'state',
      name: stateNames.get(stateCode) ?? stateCode,
      stateCode,
      slug: areaSlug(slugify(stateCode)),
      parentId: null,
      latitude: inside.reduce((sum, county) => sum + county.latitude, 0) / inside.length,
      longitude: inside.reduce((sum, county) => sum + county.longitude, 0) / inside.length,
    };
    areas.push(area);
    stateAreas.set(stateCode, area);
  }
  const countyAreas = new Map<string, AreaRecord>();
  for (const county of sortedCounties) {
    const state = stateAreas.get(county.stateCode)!;
    const area: AreaRecord = {
      id: ++lastAreaId,
      type: 'county',
      name: county.name,
      stateCode: county.stateCode,
      slug: areaSlug(`${state.slug}/${slugify(county.name)}`),
      parentId: state.id,
      latitude: county.latitude,
      longitude: county.longitude,
    };
    areas.push(area);
    countyAreas.set(county.fips, area);
  }
  // A left-out place still takes its id and slug, so the places after it keep theirs.
  const cityAreas: AreaRecord[] = [];
  for (const city of placedCities) {
    const county = countyAreas.get(city.countyFips)!;
    const area: AreaRecord = {
      id: ++lastAreaId,
      type: 'city',
      name: city.name,
      stateCode: city.stateCode,
      slug: areaSlug(`${county.slug}/${slugify(city.name) || 'city'}`),
      parentId: county.id,
      latitude: city.latitude,
      longitude: city.longitude,
    };
    if (!omittedPlaces.has(city)) areas.push(area);
    cityAreas.push(area);
  }

  // Municipalities: the counties (unincorporated areas) first, then the cities.
  const municipalities: MunicipalityRecord[] = [];
  let lastMunicipalityId = 0;
  const countyMunicipality = new Map<string, MunicipalityRecord>();
  for (const county of sortedCounties) {
    const area = countyAreas.get(county.fips)!;
    const record: MunicipalityRecord = {
      id: ++lastMunicipalityId,
      name: county.name,
      placeName: county.name,
      slug: `${area.slug}/unincorporated/${slugify(county.name)}`,
      kind: 'county',
      stateCode: county.stateCode,
      countyName: county.name,
      countyFips: county.fips,
      latitude: county.latitude,
      longitude: county.longitude,
      permitCutoffHour: DEFAULT_PERMIT_CUTOFF_HOUR,
      areaId: area.id,
      areaPath: [area.parentId!, area.id],
    };
    municipalities.push(record);
    countyMunicipality.set(county.fips, record);
  }
  const citiesByCounty = new Map<string, MunicipalityRecord[]>();
  const citiesByState = new Map<string, MunicipalityRecord[]>();
  const cityRecords = new Map<CityDraft, MunicipalityRecord>();
  const townshipRecords = new Map<Township, MunicipalityRecord>();
  const townshipsByCounty = new Map<string, MunicipalityRecord[]>();
  placedCities.forEach((city, index) => {
    const area = cityAreas[index]!;
    const county = countyDrafts.get(city.countyFips)!;
    const township = townships.seats.get(city);
    const name = township?.name ?? cityMunicipalityName(city.name);
    const id = ++lastMunicipalityId;
    if (omittedPlaces.has(city)) return;
    const official = BOROUGH_CITIES.find((borough) => borough.stateCode === city.stateCode && borough.cityName === city.name);
    const record: MunicipalityRecord = {
      id,
      name: official?.municipalityName ?? name,
      placeName: city.name,
      slug: `${area.slug}/${slugify(name)}`,
      kind: 'city',
      stateCode: city.stateCode,
      countyName: county.name,
      countyFips: city.countyFips,
      latitude: city.latitude,
      longitude: city.longitude,
      permitCutoffHour: DEFAULT_PERMIT_CUTOFF_HOUR,
      areaId: area.id,
      areaPath: [stateAreas.get(city.stateCode)!.id, countyAreas.get(city.countyFips)!.id, area.id],
    };
    municipalities.push(record);
    cityRecords.set(city, record);
    if (township) {
      townshipRecords.set(township, record);
      const list = townshipsByCounty.get(city.countyFips);
      if (list) list.push(record);
      else townshipsByCounty.set(city.countyFips, [record]);
    }
    const inCounty = citiesByCounty.get(city.countyFips);
    if (inCounty) inCounty.push(record);
    else citiesByCounty.set(city.countyFips, [record]);
    const inState = citiesByState.get(city.stateCode);
    if (inState) inState.push(record);
    else citiesByState.set(city.stateCode, [record]);
  });

  const governingCity = new Map<string, MunicipalityRecord>();
  for (const [fips, city] of sections.governingCity) {
    const record = cityRecords.get(city);
    if (record) governingCity.set(fips, record);
  }
  const omitted = [...omittedPlaces].map(([place, reason]): OmittedPlace => {
    const township = townships.communities.get(place);
    return {
      name: place.name,
      stateCode: place.stateCode,
      countyFips: place.countyFips,
      latitude: place.latitude,
      longitude: place.longitude,
      reason,
      ...(township ? { township: townshipRecords.get(township)! } : {}),
    };
  });
  return { areas, municipalities, countyMunicipality, governingCity, omitted, citiesByCounty, citiesByState, townshipsByCounty };
}

/**
 * The towns and townships of townships.ts among the places: their seats, and their communities (to be left
 * out). A place left out already, as a section of a city, stays so; a community whose township's seat is not
 * in the data stays a place of its own.
 */
function findTownships(places: readonly CityDraft[], sectionsOmitted: ReadonlyMap<CityDraft, SectionReason>) {
  const found = places.flatMap((place) => {
    const entry = sectionsOmitted.has(place) ? undefined : townshipOf(place);
    return entry ? [{ place, ...entry }] : [];
  });
  const seats = new Map(found.filter((entry) => entry.seat).map((entry) => [entry.place, entry.township]));
  const seated = new Set(seats.values());
  const communities = new Map(found.filter((entry) => !entry.seat && seated.has(entry.township)).map((entry) => [entry.place, entry.township]));
  return { seats, communities };
}
