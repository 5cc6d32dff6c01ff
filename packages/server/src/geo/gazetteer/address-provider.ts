// One interface for address autocomplete and geocoding: the built-in US gazetteer by default; the Census
// Bureau's geocoder, a self-hosted Nominatim or Photon, or Google's web services when GEOCODER says so.
// Results are core's AddressSearchResult / GeocodedAddress.
import type { AddressSearchResult, GeocodedAddress } from '@permitdesk/core';

/**
 * What a geocoder that knows government boundaries says governs the address (the Census Bureau's answer):
 * the county's five-digit FIPS, the incorporated place containing the point (null: none, the county
 * governs) and the county subdivision (a township that may issue permits itself).
 */
export interface GoverningPlace {
  countyFips: string;
  place: string | null;
  subdivision: string | null;
}

/** A geocoded address, with what governs it when the provider knows (never sent to clients as such). */
export type ProviderAddress = GeocodedAddress & { governing?: GoverningPlace };

export interface AddressProvider {
  /** 'builtin' | 'census' | 'nominatim' | 'photon' | 'google' */
  readonly name: string;
  /** Up to `limit` US addresses matching what the user typed; [] when nothing matches. `signal` cancels the request. */
  search(query: string, limit: number, signal?: AbortSignal): Promise<AddressSearchResult[]>;
  /** The address behind a search result id, or null when the id is not one of ours. */
  geocode(id: string, signal?: AbortSignal): Promise<ProviderAddress | null>;
  /** The one-line address an id of ours stands for, when the id carries it (for the fallback to search it again). */
  addressText?(id: string): string | null;
}

/** SPEC §3: the ', United States' suffix is stripped from place names. */
export const stripCountry = (placeName: string): string => placeName.replace(/,\s*(United States|USA)\s*$/i, '');

/** SPEC §3: result ids are dot-separated and their second piece is the address id. */
export const addressIdOf = (resultId: string): string => resultId.split('.')[1] ?? resultId;

/** 'NEW YORK' → 'New York' (the Census answers in capitals). */
export const titleCase = (text: string): string => text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

/** A fetch answer's JSON body; throws (so the fallback answers) on an HTTP error or a body that is not JSON. */
export async function jsonOf(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
  return response.json();
}
