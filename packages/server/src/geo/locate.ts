// Municipality by latitude/longitude: the county whose polygon contains the point, then the nearest
// city of that county within CITY_RADIUS_KM, else the county itself (its unincorporated area).
// Cities are points in GeoNames, so "within the radius of the city's centre" stands in for "inside the
// city limits". A county whose Census polygon has no GeoNames county (Connecticut's old counties, now
// planning regions) falls back to the nearest city of the state.
import type { GeoCatalog, MunicipalityRecord } from './catalog.js';
import type { CountyIndex } from './county-index.js';
import { distanceKm } from './distance.js';

export const CITY_RADIUS_KM = 8;

function nearest(cities: readonly MunicipalityRecord[], latitude: number, longitude: number) {
  let best: MunicipalityRecord | null = null;
  let bestKm = Infinity;
  for (const city of cities) {
    const km = distanceKm(latitude, longitude, city.latitude, city.longitude);
    if (km < bestKm) {
      best = city;
      bestKm = km;
    }
  }
  return best ? { city: best, km: bestKm } : null;
}

/** The municipality governing a point, or null outside the US counties we cover. */
export function locateMunicipality(
  catalog: GeoCatalog,
  counties: CountyIndex,
  latitude: number,
  longitude: number,
): MunicipalityRecord | null {
  const county = counties.countyAt(latitude, longitude);
  if (!county) return null;
  const countyMunicipality = catalog.countyMunicipality.get(county.fips);
  if (countyMunicipality) {
    const near = nearest(catalog.citiesByCounty.get(county.fips) ?? [], latitude, longitude);
    return near && near.km <= CITY_RADIUS_KM ? near.city : countyMunicipality;
  }
  if (!county.stateCode) return null;
  return nearest(catalog.citiesByState.get(county.stateCode) ?? [], latitude, longitude)?.city ?? null;
}
