// When the data cannot tell: the other municipality a point may belong to, for the visitor to choose
// (the widget asks: 'City of Las Vegas' or 'Clark County (unincorporated)'). Cities are points in
// GeoNames and unincorporated communities have no outline in the data we ship, so near the answer's
// edge the other side is a real possibility:
// - a city answered, but an unincorporated community of the same county lies within AMBIGUOUS_KM:
//   the county may govern the address ('unincorporated-nearby');
// - a county answered, but a city of the county lies within AMBIGUOUS_KM: the address may be inside
//   its limits ('near-city-limits').
// - the point is the centre of the address's ZIP (the built-in gazetteer places a street it cannot check
//   there) and that ZIP's area lies in several counties (zip-counties.ts): the address may be in any of
//   them, so the governments of its counties other than the answer's own are offered, the ZIP's alternatives
//   first ('zip-county').
// A county one city governs whole (New York City, Philadelphia) has no other side of its own, but may be
// one of a ZIP's counties. A county that issues no permits (catalog.ts TOWN_GOVERNED_STATES) is never offered.
import type { MunicipalityAlternativeReason } from '@permitdesk/core';
import { countyAuthority, type GeoCatalog, type MunicipalityRecord } from './catalog.js';
import type { CountyIndex } from './county-index.js';
import { distanceKm } from './distance.js';
import type { PostalIndex } from './postal-index.js';
import type { ZipCounties } from './zip-counties.js';

export const AMBIGUOUS_KM = 8;
/** A point this close to its ZIP's centre stands for the whole ZIP (the gazetteer puts it exactly there). */
const ZIP_CENTRE_KM = 0.05;
/** At most this many other counties of one ZIP are offered (a handful of ZIPs reach into five or more). */
const MAX_ZIP_COUNTIES = 3;

export type AlternativeReason = MunicipalityAlternativeReason;

export interface MunicipalityAlternative {
  municipality: MunicipalityRecord;
  reason: AlternativeReason;
}

/** `zip`: the address's ZIP, when it has one. */
export type FindAlternatives = (latitude: number, longitude: number, answer: MunicipalityRecord, zip?: string | null) => MunicipalityAlternative[];

export function createAlternativesFinder(catalog: GeoCatalog, counties: CountyIndex, postal: PostalIndex, zipCounties: ZipCounties): FindAlternatives {
  const unincorporatedCounties = new Set(catalog.omitted.filter((place) => place.reason === 'unincorporated').map((place) => place.countyFips));
  const communitiesOf = (fips: string) => catalog.omitted.filter((place) => place.reason === 'unincorporated' && place.countyFips === fips);
  const within = (latitude: number, longitude: number) => (place: { latitude: number; longitude: number }) =>
    distanceKm(latitude, longitude, place.latitude, place.longitude) <= AMBIGUOUS_KM;

  /**
   * The governments of the ZIP's counties other than the answer's own, when the point is the ZIP's centre and
   * the ZIP spans several (the point's county too, when the answer is a city of the next county: Bishop CA).
   */
  const zipSides = (latitude: number, longitude: number, answer: MunicipalityRecord, zip: string): MunicipalityAlternative[] => {
    const record = postal.byZip(zip);
    if (!record || distanceKm(latitude, longitude, record.latitude, record.longitude) > ZIP_CENTRE_KM) return [];
    const fips = zipCounties.countiesOf(record.zip);
    if (fips.length < 2) return [];
    const sides = fips
      .filter((other) => other !== answer.countyFips)
      .map((other) => catalog.governingCity.get(other) ?? countyAuthority(catalog, other))
      .filter((municipality): municipality is MunicipalityRecord => municipality !== undefined && municipality.id !== answer.id);
    return sides.slice(0, MAX_ZIP_COUNTIES).map((municipality) => ({ municipality, reason: 'zip-county' }));
  };

  return (latitude, longitude, answer, zip) => {
    const county = counties.countyAt(latitude, longitude);
    const byZip = zip ? zipSides(latitude, longitude, answer, zip) : [];
    const near = nearSides(latitude, longitude, answer, county);
    const offered = new Set(byZip.map((side) => side.municipality.id));
    return [...byZip, ...near.filter((side) => !offered.has(side.municipality.id))];
  };

  function nearSides(latitude: number, longitude: number, answer: MunicipalityRecord, county: ReturnType<CountyIndex['countyAt']>): MunicipalityAlternative[] {
    if (!county || catalog.governingCity.has(county.fips)) return [];
    const countyMunicipality = countyAuthority(catalog, county.fips);
    if (!countyMunicipality) return [];
    if (answer.kind === 'city') {
      const nearby = unincorporatedCounties.has(county.fips) && communitiesOf(county.fips).some(within(latitude, longitude));
      return nearby ? [{ municipality: countyMunicipality, reason: 'unincorporated-nearby' }] : [];
    }
    const cities = (catalog.citiesByCounty.get(county.fips) ?? []).filter(within(latitude, longitude));
    cities.sort((a, b) => distanceKm(latitude, longitude, a.latitude, a.longitude) - distanceKm(latitude, longitude, b.latitude, b.longitude));
    return cities.slice(0, 1).map((city) => ({ municipality: city, reason: 'near-city-limits' }));
  }
}
