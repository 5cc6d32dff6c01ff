// The built-in US gazetteer: the street as typed (it is not checked: results say `verified: false`), with
// city, state and ZIP resolved from the ZIP data and GeoNames places, and the point at the typed ZIP's
// centre, else the city's. Ids carry everything needed to geocode again
// ('us.{addressId}.{zip}.{street, base64url}[.{city, base64url}]', the city only when it is not the ZIP's
// USPS city), so no state is kept between search and geocode.
import type { AddressSearchResult, GeocodedAddress } from '@permitdesk/core';
import { distanceKm } from '../distance.js';
import type { ZipRecord } from '../sources.js';
import { addressHash } from './address-hash.js';
import type { AddressProvider } from './address-provider.js';
import { parseAddress, splitStreetModifier } from './parse-address.js';
import { zipIndex, type CityEntry } from './zip-index.js';

const PREFIX = 'us';
/** Keeps ids under the catalogue's 300-character limit. */
const MAX_STREET = 150;
/** A typed city is kept with a typed ZIP when it lies this close to the ZIP (West Allis, whose ZIPs say Milwaukee). */
const CITY_OF_ZIP_KM = 30;

/** Where an address is: its city's name, its ZIP, and the point standing for it. */
interface Place {
  city: string;
  zip: ZipRecord;
  latitude: number;
  longitude: number;
}

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const decode = (text: string) => Buffer.from(text, 'base64url').toString('utf8');
const placeOfCity = (entry: CityEntry): Place => ({ city: entry.city, zip: entry.main, latitude: entry.latitude, longitude: entry.longitude });

/** A city and ZIP stand at the city's centre when the ZIP is the city's own main one, else at the ZIP's centre. */
function placeOf(city: string, zip: ZipRecord): Place {
  const entry = zipIndex().cities(city, [zip.state]).find((candidate) => candidate.main.zip === zip.zip);
  return entry ? placeOfCity(entry) : { city, zip, latitude: zip.latitude, longitude: zip.longitude };
}

function toResult(street: string, place: Place): AddressSearchResult {
  const { city, zip } = place;
  const hash = addressHash({ street, city, state: zip.state, zip: zip.zip });
  const name = `${street ? `${street}, ` : ''}${city}, ${zip.state} ${zip.zip}`;
  const pieces = [PREFIX, hash, zip.zip, encode(street)];
  if (city !== zip.city) pieces.push(encode(city));
  return { id: pieces.join('.'), center: [place.longitude, place.latitude], place_name: name, matching_place_name: name, street_line: street, verified: false };
}

export function createBuiltinGazetteer(): AddressProvider {
  // The ZIP data is read on first use, not when the server starts.
  const index = () => zipIndex();

  /** The typed city (one typo allowed) when it lies by the typed ZIP, else the ZIP's own USPS city. */
  const cityByZip = (city: string | null, zip: ZipRecord): Place => {
    const named = city
      ? index().suggest(city, [zip.state], 5).find((entry) => distanceKm(entry.latitude, entry.longitude, zip.latitude, zip.longitude) <= CITY_OF_ZIP_KM)
      : undefined;
    return placeOf(named?.city ?? zip.city, zip);
  };

  return {
    name: 'builtin',
    async search(query, limit) {
      const parsed = parseAddress(query, (name, states, fuzzy) => index().hasCity(name, states, fuzzy));
      const street = parsed.street.slice(0, MAX_STREET);
      const zip = parsed.zip ? index().byZip(parsed.zip) : undefined;
      let places: Place[] = [];
      if (zip) places = [cityByZip(parsed.city, zip)];
      else if (parsed.city) places = index().suggest(parsed.city, parsed.states, limit).map(placeOfCity);
      return places.slice(0, limit).map((place) => toResult(street, place));
    },
    async geocode(id) {
      const [prefix, hash, zipCode, encodedStreet = '', encodedCity, ...rest] = id.split('.');
      if (prefix !== PREFIX || !hash || !zipCode || rest.length > 0) return null;
      const zip = index().byZip(zipCode);
      if (!zip) return null;
      const street = decode(encodedStreet);
      const city = encodedCity ? decode(encodedCity) : zip.city;
      if (addressHash({ street, city, state: zip.state, zip: zip.zip }) !== hash) return null;
      const place = placeOf(city, zip);
      const { streetAddress, streetModifier } = splitStreetModifier(street);
      const geocoded: GeocodedAddress = {
        address: street,
        city: place.city,
        state: zip.state,
        zip: zip.zip,
        streetAddress,
        streetModifier,
        postalCode: zip.zip,
        longitude: place.longitude,
        latitude: place.latitude,
        verified: false,
      };
      return geocoded;
    },
  };
}
