// The U.S. Census Bureau geocoder (keyless, free) behind the AddressProvider interface, used when
// GEOCODER=census: its one-line address search of the 'geographies' kind answers the matched street
// address, its point, and the incorporated place and county that contain it. It is no autocomplete (a
// half-typed address matches nothing), so the fallback provider offers the built-in suggestions then.
// Ids carry the matched address ('census.{addressId}.{matched address, base64url}'); geocode asks again.
import type { AddressSearchResult, GeocodedAddress } from '@permitdesk/core';
import { addressHash } from './address-hash.js';
import type { AddressProvider } from './address-provider.js';
import { splitStreetModifier } from './parse-address.js';

export interface CensusProviderOptions {
  /** Default https://geocoding.geo.census.gov */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface CensusPlace {
  NAME?: string;
  BASENAME?: string;
  GEOID?: string;
}
interface CensusMatch {
  matchedAddress: string;
  coordinates: { x: number; y: number };
  addressComponents?: { city?: string; state?: string; zip?: string };
  geographies?: Record<string, CensusPlace[] | undefined>;
}

const PREFIX = 'census';
const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const decode = (text: string) => Buffer.from(text, 'base64url').toString('utf8');
/** 'NEW YORK' → 'New York' (the Census answers in capitals). */
const titleCase = (text: string) => text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

/** The municipality's name: the incorporated place ('Seattle city' → 'Seattle'), else the USPS city. */
function cityOf(match: CensusMatch): string {
  const place = match.geographies?.['Incorporated Places']?.[0];
  const placeName = place?.BASENAME ?? place?.NAME?.replace(/ (?:city|town|village|borough|municipality|city and borough)$/, '');
  return placeName ?? titleCase(match.addressComponents?.city ?? '');
}

/** '350 5TH AVE, NEW YORK, NY, 10118' → its parts. */
function partsOf(match: CensusMatch) {
  const [street = ''] = match.matchedAddress.split(',');
  return {
    street: titleCase(street.trim()),
    city: cityOf(match),
    state: match.addressComponents?.state ?? '',
    zip: match.addressComponents?.zip ?? '',
  };
}

export function createCensusProvider(options: CensusProviderOptions = {}): AddressProvider {
  const baseUrl = (options.baseUrl ?? 'https://geocoding.geo.census.gov').replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;

  async function matches(address: string): Promise<CensusMatch[]> {
    const url = new URL(`${baseUrl}/geocoder/geographies/onelineaddress`);
    url.searchParams.set('address', address);
    url.searchParams.set('benchmark', 'Public_AR_Current');
    url.searchParams.set('vintage', 'Current_Current');
    url.searchParams.set('format', 'json');
    const response = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
    if (!response.ok) throw new Error(`Census geocoder answered ${response.status}`);
    const body = (await response.json()) as { result?: { addressMatches?: CensusMatch[] } };
    return body.result?.addressMatches ?? [];
  }

  const idOf = (match: CensusMatch) => {
    const parts = partsOf(match);
    return `${PREFIX}.${addressHash(parts)}.${encode(match.matchedAddress)}`;
  };

  return {
    name: 'census',
    async search(query, limit) {
      return (await matches(query)).slice(0, limit).map((match): AddressSearchResult => {
        const { street, city, state, zip } = partsOf(match);
        const name = `${street}, ${city}, ${state} ${zip}`;
        return { id: idOf(match), center: [match.coordinates.x, match.coordinates.y], place_name: name, matching_place_name: name, street_line: street, verified: true };
      });
    },
    async geocode(id) {
      const [prefix, , encoded, ...rest] = id.split('.');
      if (prefix !== PREFIX || !encoded || rest.length > 0) return null;
      const match = (await matches(decode(encoded))).find((candidate) => idOf(candidate) === id);
      if (!match) return null;
      const { street, city, state, zip } = partsOf(match);
      const { streetAddress, streetModifier } = splitStreetModifier(street);
      const geocoded: GeocodedAddress = {
        address: street,
        city,
        state,
        zip,
        streetAddress,
        streetModifier,
        postalCode: zip,
        longitude: match.coordinates.x,
        latitude: match.coordinates.y,
        verified: true,
      };
      return geocoded;
    },
  };
}
