// One interface for address autocomplete and geocoding: the built-in US gazetteer by default, Google's
// web services when GOOGLE_MAPS_API_KEY is set. Results are core's AddressSearchResult / GeocodedAddress.
import type { AddressSearchResult, GeocodedAddress } from '@permitdesk/core';

export interface AddressProvider {
  /** 'builtin' | 'google' */
  readonly name: string;
  /** Up to `limit` US addresses matching what the user typed; [] when nothing matches. */
  search(query: string, limit: number): Promise<AddressSearchResult[]>;
  /** The address behind a search result id, or null when the id is not one of ours. */
  geocode(id: string): Promise<GeocodedAddress | null>;
}

/** SPEC §3: the ', United States' suffix is stripped from place names. */
export const stripCountry = (placeName: string): string => placeName.replace(/,\s*(United States|USA)\s*$/i, '');

/** SPEC §3: result ids are dot-separated and their second piece is the address id. */
export const addressIdOf = (resultId: string): string => resultId.split('.')[1] ?? resultId;
