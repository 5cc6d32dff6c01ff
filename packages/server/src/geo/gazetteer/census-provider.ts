// The U.S. Census Bureau geocoder (keyless, free) behind the AddressProvider interface, used when
// GEOCODER=census: its one-line address search of the 'geographies' kind (benchmark Public_AR_Current,
// vintage Current_Current, layers Incorporated Places, County Subdivisions and Counties) answers the
// matched street address, its point, and the incorporated place and county that contain it: that picks
// the municipality (GoverningPlace). It is no autocomplete (a half-typed address matches nothing), so the
// fallback provider offers the built-in suggestions then.
// Ids carry the matched address ('census.{addressId}.{matched address, base64url}'); geocode asks again.
// An answer not in the documented shape is an error (the fallback answers), never a crash.
import type { AddressSearchResult } from '@permitdesk/core';
import * as v from 'valibot';
import { addressHash } from './address-hash.js';
import { jsonOf, titleCase, type AddressProvider, type GoverningPlace, type ProviderAddress } from './address-provider.js';
import { splitStreetModifier } from './parse-address.js';

export interface CensusProviderOptions {
  /** Default https://geocoding.geo.census.gov */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Default 5000 ms; the fallback provider cuts it to 1 s with its own signal. */
  timeoutMs?: number;
}

export const CENSUS_LAYERS = 'Incorporated Places,County Subdivisions,Counties';

const geographySchema = v.object({ NAME: v.optional(v.string()), BASENAME: v.optional(v.string()), GEOID: v.optional(v.string()), FUNCSTAT: v.optional(v.string()) });
const matchSchema = v.object({
  matchedAddress: v.string(),
  coordinates: v.object({ x: v.number(), y: v.number() }),
  addressComponents: v.optional(v.object({ city: v.optional(v.string()), state: v.optional(v.string()), zip: v.optional(v.string()) })),
  geographies: v.optional(v.record(v.string(), v.array(geographySchema))),
});
const answerSchema = v.object({ result: v.object({ addressMatches: v.array(matchSchema) }) });
type CensusMatch = v.InferOutput<typeof matchSchema>;

const PREFIX = 'census';
const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const decode = (text: string) => Buffer.from(text, 'base64url').toString('utf8');
/** 'Seattle city' → 'Seattle' when there is no BASENAME. */
const baseName = (place: { NAME?: string | undefined; BASENAME?: string | undefined }) =>
  place.BASENAME ?? place.NAME?.replace(/ (?:city and borough|unified government|metropolitan government|consolidated government|city|town|village|borough|township|municipality|charter township|plantation)$/i, '') ?? null;

/** What the Census says governs the match; undefined when it named no county (no layers answered). */
function governingOf(match: CensusMatch): GoverningPlace | undefined {
  const county = match.geographies?.['Counties']?.[0];
  if (!county?.GEOID) return undefined;
  const place = match.geographies?.['Incorporated Places']?.[0];
  // A subdivision that is a working government ('A'/'F' functional status): a township that may issue permits.
  const subdivision = match.geographies?.['County Subdivisions']?.find((entry) => entry.FUNCSTAT === 'A' || entry.FUNCSTAT === 'F');
  return { countyFips: county.GEOID, place: place ? baseName(place) : null, subdivision: subdivision ? baseName(subdivision) : null };
}

/** '350 5TH AVE, NEW YORK, NY, 10118' → its parts; the city is the incorporated place's name, else the USPS city. */
function partsOf(match: CensusMatch) {
  const [street = '', mailCity = ''] = match.matchedAddress.split(',').map((piece) => piece.trim());
  const place = match.geographies?.['Incorporated Places']?.[0];
  return {
    street: titleCase(street),
    city: (place && baseName(place)) || titleCase(match.addressComponents?.city ?? mailCity),
    state: match.addressComponents?.state ?? '',
    zip: match.addressComponents?.zip ?? '',
  };
}

export function createCensusProvider(options: CensusProviderOptions = {}): AddressProvider {
  const baseUrl = (options.baseUrl ?? 'https://geocoding.geo.census.gov').replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;

  async function matches(address: string, signal?: AbortSignal): Promise<CensusMatch[]> {
    const url = new URL(`${baseUrl}/geocoder/geographies/onelineaddress`);
    url.searchParams.set('address', address);
    url.searchParams.set('benchmark', 'Public_AR_Current');
    url.searchParams.set('vintage', 'Current_Current');
    url.searchParams.set('layers', CENSUS_LAYERS);
    url.searchParams.set('format', 'json');
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 5000);
    const response = await doFetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    const body = v.safeParse(answerSchema, await jsonOf(response, 'Census geocoder'));
    if (!body.success) throw new Error('Census geocoder: the answer is not in the documented shape');
    return body.output.result.addressMatches;
  }

  const idOf = (match: CensusMatch) => `${PREFIX}.${addressHash(partsOf(match))}.${encode(match.matchedAddress)}`;
  const addressText = (id: string) => {
    const [prefix, , encoded, ...rest] = id.split('.');
    return prefix === PREFIX && encoded && rest.length === 0 ? decode(encoded) : null;
  };

  return {
    name: 'census',
    async search(query, limit, signal) {
      return (await matches(query, signal)).slice(0, limit).map((match): AddressSearchResult => {
        const { street, city, state, zip } = partsOf(match);
        const name = `${street}, ${city}, ${state} ${zip}`;
        return { id: idOf(match), center: [match.coordinates.x, match.coordinates.y], place_name: name, matching_place_name: name, street_line: street, verified: true };
      });
    },
    addressText,
    async geocode(id, signal) {
      const text = addressText(id);
      if (!text) return null;
      const match = (await matches(text, signal)).find((candidate) => idOf(candidate) === id);
      if (!match) return null;
      const { street, city, state, zip } = partsOf(match);
      const { streetAddress, streetModifier } = splitStreetModifier(street);
      const governing = governingOf(match);
      const geocoded: ProviderAddress = {
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
        ...(governing ? { governing } : {}),
      };
      return geocoded;
    },
  };
}
