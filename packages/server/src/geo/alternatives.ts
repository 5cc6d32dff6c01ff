// When the data cannot tell: the other municipality a point may belong to, for the visitor to choose
// (the widget asks: 'City of Las Vegas' or 'Clark County (unincorporated)'). Cities are points in
// GeoNames and unincorporated communities have no outline in the data we ship, so near the answer's
// edge the other side is a real possibility:
// - a city answered, but an unincorporated community of the same county lies within AMBIGUOUS_KM:
//   the county may govern the address ('unincorporated-nearby');
// - a county answered, but a city of the county lies within AMBIGUOUS_KM: the address may be inside
//   its limits ('near-city-limits').
// A county one city governs whole (New York City, Philadelphia) has no other side.
import type { GeoCatalog, MunicipalityRecord } from './catalog.js';
import type { CountyIndex } from './county-index.js';
import { distanceKm } from './distance.js';

export const AMBIGUOUS_KM = 8;

export type AlternativeReason = 'unincorporated-nearby' | 'near-city-limits';

export interface MunicipalityAlternative {
  municipality: MunicipalityRecord;
  reason: AlternativeReason;
}

export type FindAlternatives = (latitude: number, longitude: number, answer: MunicipalityRecord) => MunicipalityAlternative[];

export function createAlternativesFinder(catalog: GeoCatalog, counties: CountyIndex): FindAlternatives {
  const unincorporatedCounties = new Set(catalog.omitted.filter((place) => place.reason === 'unincorporated').map((place) => place.countyFips));
  const communitiesOf = (fips: string) => catalog.omitted.filter((place) => place.reason === 'unincorporated' && place.countyFips === fips);
  const within = (latitude: number, longitude: number) => (place: { latitude: number; longitude: number }) =>
    distanceKm(latitude, longitude, place.latitude, place.longitude) <= AMBIGUOUS_KM;

  return (latitude, longitude, answer) => {
    const county = counties.countyAt(latitude, longitude);
    if (!county || catalog.governingCity.has(county.fips)) return [];
    const countyMunicipality = catalog.countyMunicipality.get(county.fips);
    if (!countyMunicipality) return [];
    if (answer.kind === 'city') {
      const nearby = unincorporatedCounties.has(county.fips) && communitiesOf(county.fips).some(within(latitude, longitude));
      return nearby ? [{ municipality: countyMunicipality, reason: 'unincorporated-nearby' }] : [];
    }
    const cities = (catalog.citiesByCounty.get(county.fips) ?? []).filter(within(latitude, longitude));
    cities.sort((a, b) => distanceKm(latitude, longitude, a.latitude, a.longitude) - distanceKm(latitude, longitude, b.latitude, b.longitude));
    return cities.slice(0, 1).map((city) => ({ municipality: city, reason: 'near-city-limits' }));
  };
}
