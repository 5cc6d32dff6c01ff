// Google's web services behind the AddressProvider interface, used when GOOGLE_MAPS_API_KEY is set:
// Places Autocomplete (country us, address results only) for the suggestions, then the Geocoding API
// by place id for each suggestion's point and for the parsed address. The base URL and fetch are
// injectable so tests run it against a local fake server.
import type { AddressSearchResult, GeocodedAddress } from '@permitdesk/core';
import { addressHash } from './address-hash.js';
import { stripCountry, type AddressProvider } from './address-provider.js';
import { splitStreetModifier } from './parse-address.js';

export interface GoogleProviderOptions {
  apiKey: string;
  /** Default https://maps.googleapis.com */
  baseUrl?: string;
  fetch?: typeof fetch;
}

interface Prediction {
  description: string;
  place_id: string;
  structured_formatting?: { main_text?: string };
}
interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
interface GeocodeResult {
  formatted_address: string;
  place_id: string;
  geometry: { location: { lat: number; lng: number } };
  address_components: AddressComponent[];
}

const PREFIX = 'google';

function parts(result: GeocodeResult) {
  const find = (type: string) => result.address_components.find((component) => component.types.includes(type));
  const street = [find('street_number')?.long_name, find('route')?.short_name].filter(Boolean).join(' ');
  const city = (find('locality') ?? find('sublocality') ?? find('postal_town') ?? find('administrative_area_level_3'))?.long_name ?? '';
  return {
    street,
    unit: find('subpremise')?.long_name ?? null,
    city,
    state: find('administrative_area_level_1')?.short_name ?? '',
    zip: find('postal_code')?.long_name ?? '',
  };
}

export function createGoogleProvider(options: GoogleProviderOptions): AddressProvider {
  const baseUrl = (options.baseUrl ?? 'https://maps.googleapis.com').replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${baseUrl}${path}`);
    for (const [name, value] of Object.entries({ ...params, key: options.apiKey })) url.searchParams.set(name, value);
    const response = await doFetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`Google Maps ${path} answered ${response.status}`);
    const body = (await response.json()) as T & { status: string; error_message?: string };
    if (body.status !== 'OK' && body.status !== 'ZERO_RESULTS') {
      throw new Error(`Google Maps ${path}: ${body.status} ${body.error_message ?? ''}`.trim());
    }
    return body;
  }

  const geocodePlace = async (placeId: string) =>
    (await call<{ results: GeocodeResult[] }>('/maps/api/geocode/json', { place_id: placeId })).results[0] ?? null;

  const idOf = (result: GeocodeResult) => {
    const p = parts(result);
    const hash = addressHash({ street: p.unit ? `${p.street} ${p.unit}` : p.street, city: p.city, state: p.state, zip: p.zip });
    return `${PREFIX}.${hash}.${result.place_id}`;
  };

  return {
    name: 'google',
    async search(query, limit) {
      const { predictions } = await call<{ predictions: Prediction[] }>('/maps/api/place/autocomplete/json', {
        input: query,
        components: 'country:us',
        types: 'address',
      });
      const found = await Promise.all(
        predictions.slice(0, limit).map(async (prediction): Promise<AddressSearchResult | null> => {
          const place = await geocodePlace(prediction.place_id);
          if (!place) return null;
          const name = stripCountry(prediction.description);
          return {
            id: idOf(place),
            center: [place.geometry.location.lng, place.geometry.location.lat],
            place_name: name,
            matching_place_name: name,
            street_line: prediction.structured_formatting?.main_text ?? name.split(',')[0] ?? name,
          };
        }),
      );
      return found.filter((result): result is AddressSearchResult => result !== null);
    },
    async geocode(id) {
      const [prefix, , ...rest] = id.split('.');
      const placeId = rest.join('.');
      if (prefix !== PREFIX || !placeId) return null;
      const place = await geocodePlace(placeId);
      if (!place || idOf(place) !== id) return null;
      const p = parts(place);
      const line = p.unit ? `${p.street} ${p.unit}` : p.street;
      const { streetAddress, streetModifier } = p.unit
        ? { streetAddress: p.street, streetModifier: p.unit }
        : splitStreetModifier(p.street);
      const geocoded: GeocodedAddress = {
        address: line,
        city: p.city,
        state: p.state,
        zip: p.zip,
        streetAddress,
        streetModifier,
        postalCode: p.zip,
        longitude: place.geometry.location.lng,
        latitude: place.geometry.location.lat,
      };
      return geocoded;
    },
  };
}
