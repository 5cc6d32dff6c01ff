// The built-in US gazetteer: the street as typed, with city, state and ZIP resolved from the zipcodes
// data and the point geocoded at the ZIP's location. Ids carry everything needed to geocode again
// ('us.{addressId}.{zip}.{street, base64url}'), so no state is kept between search and geocode.
import type { AddressSearchResult, GeocodedAddress } from '@permitdesk/core';
import type { ZipRecord } from '../sources.js';
import { addressHash } from './address-hash.js';
import type { AddressProvider } from './address-provider.js';
import { parseAddress, splitStreetModifier } from './parse-address.js';
import { zipIndex } from './zip-index.js';

const PREFIX = 'us';
/** Keeps ids under the catalogue's 300-character limit. */
const MAX_STREET = 150;

const placeName = (street: string, zip: ZipRecord) =>
  `${street ? `${street}, ` : ''}${zip.city}, ${zip.state} ${zip.zip}`;

function toResult(street: string, zip: ZipRecord): AddressSearchResult {
  const hash = addressHash({ street, city: zip.city, state: zip.state, zip: zip.zip });
  const name = placeName(street, zip);
  return {
    id: [PREFIX, hash, zip.zip, Buffer.from(street, 'utf8').toString('base64url')].join('.'),
    center: [zip.longitude, zip.latitude],
    place_name: name,
    matching_place_name: name,
    street_line: street,
  };
}

export function createBuiltinGazetteer(): AddressProvider {
  // The ZIP data is read on first use, not when the server starts.
  const isCity = (name: string, state: string | null) => zipIndex().cities(name, state ?? undefined).length > 0;

  return {
    name: 'builtin',
    async search(query, limit) {
      const index = zipIndex();
      const parsed = parseAddress(query, isCity);
      const street = parsed.street.slice(0, MAX_STREET);
      let places: ZipRecord[] = [];
      const zip = parsed.zip ? index.byZip(parsed.zip) : undefined;
      if (zip) places = [zip];
      else if (parsed.city) {
        const state = parsed.state ?? undefined;
        const exact = index.cities(parsed.city, state);
        const found = exact.length > 0 ? exact : index.citiesStartingWith(parsed.city, state, limit);
        places = found.map((entry) => entry.main);
      }
      return places.slice(0, limit).map((place) => toResult(street, place));
    },
    async geocode(id) {
      const [prefix, hash, zipCode, encoded = '', ...rest] = id.split('.');
      if (prefix !== PREFIX || !hash || !zipCode || rest.length > 0) return null;
      const zip = zipIndex().byZip(zipCode);
      if (!zip) return null;
      const street = Buffer.from(encoded, 'base64url').toString('utf8');
      if (addressHash({ street, city: zip.city, state: zip.state, zip: zip.zip }) !== hash) return null;
      const { streetAddress, streetModifier } = splitStreetModifier(street);
      const geocoded: GeocodedAddress = {
        address: street,
        city: zip.city,
        state: zip.state,
        zip: zip.zip,
        streetAddress,
        streetModifier,
        postalCode: zip.zip,
        longitude: zip.longitude,
        latitude: zip.latitude,
      };
      return geocoded;
    },
  };
}
