// Municipality by latitude/longitude, and the address's USPS city when the caller has it:
// 1. the county whose polygon contains the point; a county one city governs whole (New York City's
//    boroughs, Philadelphia, independent cities) answers that city;
// 2. the address's own city (the `city` hint, else the USPS city of its `zip`): the city of that name
//    in the state whose postal area reaches the point ('New York' → New York City, 'Saint
//    Petersburg' → St. Petersburg), wherever its county (Houston reaches into Fort Bend County);
// 3. else the nearest city of the county within CITY_RADIUS_KM (cities are points in GeoNames, so
//    "near the centre" stands in for "inside the city limits"), else the county (its unincorporated
//    area). A county whose Census polygon has no GeoNames county (Connecticut's old counties, now
//    planning regions), or that issues no permits (catalog.ts TOWN_GOVERNED_STATES), falls back to the
//    nearest city of the state;
// 4. but a nearest place that is no USPS city (a GeoNames neighbourhood: 'Chicago Loop', 'Koreatown')
//    does not win over the city whose postal area it lies in: the USPS city of the ZIP nearest the
//    point, when that is a city of the same county with POSTAL_AREA_MIN_ZIPS ZIP codes or more.
// Communities without a government are no city: unincorporated ones (unincorporated.ts: Columbia MD, Paradise
// NV) are their county's, a town's or township's hamlets (townships.ts: East Meadow NY) are the town's. An
// address naming one, or a point nearer one (within UNINCORPORATED_NEAR_KM) than the city its address names
// (the Las Vegas Strip, whose mail says Las Vegas, a name MAILING_NAME_MIN_ZIPS ZIP codes carry), answers
// that government.
// Known limit: a town without a post office name of its own (the zipcodes package gives one USPS name
// per ZIP: West Allis is 'Milwaukee') is answered by the city whose name its ZIPs carry, unless the
// address names the town.
import { countyAuthority, type GeoCatalog, type MunicipalityRecord, type OmittedPlace } from './catalog.js';
import type { CountyIndex } from './county-index.js';
import { distanceKm } from './distance.js';
import { nameMatch, placeKeys } from './place-names.js';
import type { PostalIndex } from './postal-index.js';

export const CITY_RADIUS_KM = 8;
/** How far a city's postal area may reach from its centre: Houston's or Los Angeles' outer ZIPs. */
export const POSTAL_AREA_MAX_KM = 40;
/** A ZIP's centre is inside its area; the area reaches about this much further. */
const ZIP_MARGIN_KM = 3;
/** A city whose name this many ZIP codes carry is big enough to hold neighbourhoods of its own. */
export const POSTAL_AREA_MIN_ZIPS = 5;
/** The nearest ZIP tells the postal city only when its centre is this close. */
const NEAREST_ZIP_MAX_KM = 15;
/** A place is a USPS city when a ZIP of its name lies this close (a name alone may be a town far away). */
const POSTAL_NAME_KM = 15;

/** An unincorporated community this close to the point, nearer than the city named, has the point... */
const UNINCORPORATED_NEAR_KM = 5;
/** ...when that city's name is a mailing name this many ZIP codes carry (Las Vegas, Miami), not a suburb's own. */
const MAILING_NAME_MIN_ZIPS = 20;

/** What the address itself says (core's GeocodedAddress): USPS city, state code, ZIP. */
export interface AddressHints {
  city?: string | null | undefined;
  state?: string | null | undefined;
  zip?: string | null | undefined;
}

export type Locate = (latitude: number, longitude: number, hints?: AddressHints) => MunicipalityRecord | null;

interface PostalArea {
  /** How far from the city's centre its postal area reaches. */
  reachKm: number;
  /** How many ZIP codes carry the city's name around it. */
  zipCount: number;
  /** Whether a ZIP carrying its name lies within POSTAL_NAME_KM: the place is a USPS city. */
  isPostalCity: boolean;
}

function nearest<T extends { latitude: number; longitude: number }>(cities: readonly T[], latitude: number, longitude: number) {
  let best: T | null = null;
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

export function createLocator(catalog: GeoCatalog, counties: CountyIndex, postal: PostalIndex): Locate {
  // State + name key → the cities answering to it (every form of their names).
  const citiesByKey = new Map<string, MunicipalityRecord[]>();
  for (const cities of catalog.citiesByState.values()) {
    for (const city of cities) {
      for (const key of placeKeys(city.placeName)) {
        const list = citiesByKey.get(`${city.stateCode}|${key}`);
        if (list) list.push(city);
        else citiesByKey.set(`${city.stateCode}|${key}`, [city]);
      }
    }
  }

  // Communities without a government (unincorporated, or a town's hamlets) by state + name key and by county.
  const communitiesByKey = new Map<string, OmittedPlace[]>();
  const communitiesByCounty = new Map<string, OmittedPlace[]>();
  const push = <V>(map: Map<string, V[]>, key: string, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const place of catalog.omitted) {
    if (place.reason !== 'unincorporated' && place.reason !== 'township') continue;
    for (const key of placeKeys(place.name)) push(communitiesByKey, `${place.stateCode}|${key}`, place);
    push(communitiesByCounty, place.countyFips, place);
  }
  /** Who issues a community's permits: its town or township, else its county. */
  const governmentOf = (community: OmittedPlace) => community.township ?? countyAuthority(catalog, community.countyFips) ?? null;
  /** The government of the community of this name whose surroundings reach the point. */
  const governmentOfCommunity = (name: string, stateCode: string, latitude: number, longitude: number) => {
    const found = new Set<OmittedPlace>();
    for (const key of placeKeys(name)) for (const place of communitiesByKey.get(`${stateCode}|${key}`) ?? []) found.add(place);
    const near = nearest([...found], latitude, longitude);
    return near && near.km <= POSTAL_AREA_MAX_KM ? governmentOf(near.city) : null;
  };

  const areas = new Map<number, PostalArea>();
  /** The city's postal area: the ZIPs carrying its name within POSTAL_AREA_MAX_KM of its centre. */
  const postalArea = (city: MunicipalityRecord): PostalArea => {
    let area = areas.get(city.id);
    if (!area) {
      let reachKm = CITY_RADIUS_KM;
      let zipCount = 0;
      let isPostalCity = false;
      for (const zip of postal.zipsNamed(city.stateCode, city.placeName)) {
        const km = distanceKm(city.latitude, city.longitude, zip.latitude, zip.longitude);
        if (km > POSTAL_AREA_MAX_KM) continue;
        zipCount++;
        reachKm = Math.max(reachKm, Math.min(POSTAL_AREA_MAX_KM, km + ZIP_MARGIN_KM));
        if (km <= POSTAL_NAME_KM) isPostalCity = true;
      }
      area = { reachKm, zipCount, isPostalCity };
      areas.set(city.id, area);
    }
    return area;
  };

  /** The city of this name (exact name first, then a shorter form) whose postal area reaches the point. */
  const cityNamed = (name: string, stateCode: string, latitude: number, longitude: number) => {
    const found = new Set<MunicipalityRecord>();
    for (const key of placeKeys(name)) for (const city of citiesByKey.get(`${stateCode}|${key}`) ?? []) found.add(city);
    let best: { city: MunicipalityRecord; level: number; km: number } | null = null;
    for (const city of found) {
      const level = nameMatch(city.placeName, name);
      const km = distanceKm(latitude, longitude, city.latitude, city.longitude);
      if (level === 0 || km > postalArea(city).reachKm) continue;
      if (!best || level > best.level || (level === best.level && km < best.km)) best = { city, level, km };
    }
    return best?.city ?? null;
  };

  return (latitude, longitude, hints = {}) => {
    const county = counties.countyAt(latitude, longitude);
    if (!county) return null;
    const governing = catalog.governingCity.get(county.fips);
    if (governing) return governing;
    const countyMunicipality = countyAuthority(catalog, county.fips);

    const stateCode = hints.state?.trim().toUpperCase() || county.stateCode;
    const named = hints.city?.trim();
    if (named && stateCode) {
      const government = governmentOfCommunity(named, stateCode, latitude, longitude);
      if (government) return government;
    }
    const community = nearest(communitiesByCounty.get(county.fips) ?? [], latitude, longitude);
    const nearCommunity = community && community.km <= UNINCORPORATED_NEAR_KM ? community : null;
    const communityKm = nearCommunity?.km ?? Infinity;
    const communityGovernment = nearCommunity ? governmentOf(nearCommunity.city) : null;
    /** A big city named by the mail wins unless a community without a government lies nearer the point than its centre. */
    const unlessNearerCommunity = (city: MunicipalityRecord | null) =>
      city &&
      communityGovernment &&
      communityKm < distanceKm(latitude, longitude, city.latitude, city.longitude) &&
      postalArea(city).zipCount >= MAILING_NAME_MIN_ZIPS
        ? communityGovernment
        : city;

    if (named && stateCode) {
      const city = unlessNearerCommunity(cityNamed(named, stateCode, latitude, longitude));
      if (city) return city;
    }
    const zip = hints.zip ? postal.byZip(hints.zip) : undefined;
    if (zip) {
      const city = unlessNearerCommunity(cityNamed(zip.city, zip.state, latitude, longitude));
      if (city) return city;
    }

    if (!countyMunicipality) {
      if (!county.stateCode) return null;
      const city = nearest(catalog.citiesByState.get(county.stateCode) ?? [], latitude, longitude);
      return communityGovernment && communityKm < (city?.km ?? Infinity) ? communityGovernment : (city?.city ?? null);
    }

    const near = nearest(catalog.citiesByCounty.get(county.fips) ?? [], latitude, longitude);
    if (communityGovernment && communityKm < (near?.km ?? Infinity)) return communityGovernment;
    if (!near || near.km > CITY_RADIUS_KM) return countyMunicipality;
    if (postalArea(near.city).isPostalCity) return near.city;
    const around = zip ?? postal.nearestZip(latitude, longitude, NEAREST_ZIP_MAX_KM);
    const city = around ? cityNamed(around.city, around.state, latitude, longitude) : null;
    const contains = city && city.countyFips === county.fips && postalArea(city).zipCount >= POSTAL_AREA_MIN_ZIPS;
    return contains ? city : near.city;
  };
}
