// OpenStreetMap geocoders an operator runs themselves, behind the AddressProvider interface:
//  - Nominatim (GEOCODER=nominatim, NOMINATIM_URL): /search?format=jsonv2&addressdetails=1&countrycodes=us
//    for suggestions, /lookup?osm_ids=W123 to geocode a picked one again by its OSM id;
//  - Photon (GEOCODER=photon, PHOTON_URL), made for search-as-you-type: /api?q= answers GeoJSON features;
//    it has no lookup by id, so geocode searches the result's label again and keeps the same OSM object.
// Ids: 'nominatim.{addressId}.{N|W|R}{osm id}' and 'photon.{addressId}.{N|W|R}{osm id}.{label, base64url}'.
// OSM's 'city' is the postal or common name, not a government: the municipality is then found by point
// with the city, state and ZIP as hints, like the built-in gazetteer's. Only US results are kept.
import { STATE_NAME_TO_CODE, type AddressSearchResult } from '@permitdesk/core';
import * as v from 'valibot';
import { addressHash } from './address-hash.js';
import { jsonOf, stripCountry, type AddressProvider, type ProviderAddress } from './address-provider.js';
import { splitStreetModifier } from './parse-address.js';

export interface OsmProviderOptions {
  protocol: 'nominatim' | 'photon';
  /** Where the geocoder lives, e.g. http://nominatim.internal:8080 or http://photon.internal:2322 */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Default 5000 ms; the fallback provider cuts it to 1 s with its own signal. */
  timeoutMs?: number;
  /** Nominatim's usage policy asks for an identifying User-Agent. */
  userAgent?: string;
}

/** One address as both protocols describe it, flattened. */
interface OsmPlace {
  osmRef: string;
  houseNumber: string;
  street: string;
  city: string;
  stateCode: string;
  zip: string;
  latitude: number;
  longitude: number;
  label: string;
}

const text = v.optional(v.string());
const nominatimPlaceSchema = v.object({
  osm_type: v.picklist(['node', 'way', 'relation']),
  osm_id: v.number(),
  lat: v.string(),
  lon: v.string(),
  display_name: v.string(),
  address: v.optional(
    v.object({
      house_number: text, road: text, city: text, town: text, village: text, hamlet: text, municipality: text, county: text,
      state: text, 'ISO3166-2-lvl4': text, postcode: text, country_code: text,
    }),
  ),
});
const nominatimAnswerSchema = v.array(nominatimPlaceSchema);
const photonAnswerSchema = v.object({
  features: v.array(
    v.object({
      geometry: v.object({ coordinates: v.tuple([v.number(), v.number()]) }),
      properties: v.object({
        osm_type: v.picklist(['N', 'W', 'R']),
        osm_id: v.number(),
        housenumber: text, street: text, name: text, city: text, town: text, village: text, district: text, county: text,
        state: text, postcode: text, countrycode: text,
      }),
    }),
  ),
});

const encode = (value: string) => Buffer.from(value, 'utf8').toString('base64url');
const decode = (value: string) => Buffer.from(value, 'base64url').toString('utf8');
const STATE_CODES = new Map(Object.entries(STATE_NAME_TO_CODE).map(([name, code]) => [name.toLowerCase(), code]));
const stateCodeOf = (name: string | undefined, iso?: string) => (iso?.startsWith('US-') ? iso.slice(3) : (STATE_CODES.get((name ?? '').toLowerCase()) ?? ''));
const zip5 = (postcode: string | undefined) => /^\d{5}/.exec(postcode ?? '')?.[0] ?? '';

function fromNominatim(place: v.InferOutput<typeof nominatimPlaceSchema>): OsmPlace | null {
  const a = place.address ?? {};
  if (a.country_code !== undefined && a.country_code !== 'us') return null;
  return {
    osmRef: `${place.osm_type[0]!.toUpperCase()}${place.osm_id}`,
    houseNumber: a.house_number ?? '',
    street: a.road ?? '',
    city: a.city ?? a.town ?? a.village ?? a.hamlet ?? a.municipality ?? '',
    stateCode: stateCodeOf(a.state, a['ISO3166-2-lvl4']),
    zip: zip5(a.postcode),
    latitude: Number(place.lat),
    longitude: Number(place.lon),
    label: stripCountry(place.display_name),
  };
}

function fromPhoton(feature: v.InferOutput<typeof photonAnswerSchema>['features'][number]): OsmPlace | null {
  const p = feature.properties;
  if (p.countrycode !== undefined && p.countrycode.toUpperCase() !== 'US') return null;
  const [longitude, latitude] = feature.geometry.coordinates;
  const place: OsmPlace = {
    osmRef: `${p.osm_type}${p.osm_id}`,
    houseNumber: p.housenumber ?? '',
    street: p.street ?? (p.housenumber ? '' : (p.name ?? '')),
    city: p.city ?? p.town ?? p.village ?? p.district ?? '',
    stateCode: stateCodeOf(p.state),
    zip: zip5(p.postcode),
    latitude,
    longitude,
    label: '',
  };
  place.label = [lineOf(place), place.city, [place.stateCode, place.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return place;
}

const lineOf = (place: OsmPlace) => [place.houseNumber, place.street].filter(Boolean).join(' ');
const partsOf = (place: OsmPlace) => ({ street: lineOf(place), city: place.city, state: place.stateCode, zip: place.zip });
/** A place we can file a permit at: a US state and a point; a street unless it is a named place. */
const usable = (place: OsmPlace | null): place is OsmPlace =>
  place !== null && place.stateCode.length === 2 && Number.isFinite(place.latitude) && Number.isFinite(place.longitude) && place.street !== '';

export function createOsmProvider(options: OsmProviderOptions): AddressProvider {
  const { protocol } = options;
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;

  async function ask(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    const url = new URL(`${baseUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 5000);
    const headers = { accept: 'application/json', 'user-agent': options.userAgent ?? 'PermitDesk address lookup' };
    return jsonOf(await doFetch(url, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout }), protocol);
  }

  const parse = <S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> => {
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) throw new Error(`${protocol}: the answer is not in the documented shape`);
    return parsed.output;
  };

  async function find(query: string, limit: number, signal?: AbortSignal): Promise<OsmPlace[]> {
    if (protocol === 'nominatim') {
      const body = await ask('/search', { q: query, format: 'jsonv2', addressdetails: '1', countrycodes: 'us', limit: String(limit) }, signal);
      return parse(nominatimAnswerSchema, body).map(fromNominatim).filter(usable);
    }
    const body = await ask('/api', { q: query, limit: String(limit), lang: 'en' }, signal);
    return parse(photonAnswerSchema, body).features.map(fromPhoton).filter(usable);
  }

  const idOf = (place: OsmPlace) => {
    const pieces = [protocol, addressHash(partsOf(place)), place.osmRef];
    if (protocol === 'photon') pieces.push(encode(place.label));
    return pieces.join('.');
  };

  const pieces = (id: string) => {
    const [prefix, , osmRef, encoded, ...rest] = id.split('.');
    if (prefix !== protocol || !osmRef || !/^[NWR]\d{1,19}$/.test(osmRef) || rest.length > 0) return null;
    if ((protocol === 'photon') !== (encoded !== undefined)) return null;
    return { osmRef, label: encoded ? decode(encoded) : null };
  };

  async function placeOf(id: string, signal?: AbortSignal): Promise<OsmPlace | null> {
    const found = pieces(id);
    if (!found) return null;
    const candidates =
      protocol === 'nominatim'
        ? parse(nominatimAnswerSchema, await ask('/lookup', { osm_ids: found.osmRef, format: 'jsonv2', addressdetails: '1' }, signal)).map(fromNominatim).filter(usable)
        : await find(found.label!, 10, signal);
    return candidates.find((candidate) => idOf(candidate) === id) ?? null;
  }

  return {
    name: protocol,
    async search(query, limit, signal) {
      const seen = new Set<string>();
      const results: AddressSearchResult[] = [];
      for (const place of await find(query, limit, signal)) {
        const id = idOf(place);
        if (seen.has(id)) continue;
        seen.add(id);
        results.push({ id, center: [place.longitude, place.latitude], place_name: place.label, matching_place_name: place.label, street_line: lineOf(place), verified: place.houseNumber !== '' });
      }
      return results.slice(0, limit);
    },
    addressText: (id) => {
      const found = pieces(id);
      return found?.label ?? null;
    },
    async geocode(id, signal) {
      const place = await placeOf(id, signal);
      if (!place) return null;
      const street = lineOf(place);
      const { streetAddress, streetModifier } = splitStreetModifier(street);
      const geocoded: ProviderAddress = {
        address: street,
        city: place.city,
        state: place.stateCode,
        zip: place.zip,
        streetAddress,
        streetModifier,
        postalCode: place.zip,
        longitude: place.longitude,
        latitude: place.latitude,
        verified: place.houseNumber !== '',
      };
      return geocoded;
    },
  };
}
