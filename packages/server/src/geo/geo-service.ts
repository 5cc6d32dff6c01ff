// The geography service (services.geo): the municipality catalogue, the county polygons and the
// address provider, built lazily once per process (the data packages take ~2 s to read).
import { createAlternativesFinder, type FindAlternatives, type MunicipalityAlternative } from './alternatives.js';
import { buildCatalog, type GeoCatalog, type MunicipalityRecord } from './catalog.js';
import { buildCountyIndex, type CountyIndex } from './county-index.js';
import type { AddressProvider, GoverningPlace } from './gazetteer/address-provider.js';
import { createBuiltinGazetteer } from './gazetteer/builtin-gazetteer.js';
import { createCensusProvider } from './gazetteer/census-provider.js';
import { withFallbacks, type Deadline } from './gazetteer/fallback-provider.js';
import { createGoogleProvider } from './gazetteer/google-provider.js';
import { createOsmProvider } from './gazetteer/osm-provider.js';
import { governedBy } from './governed-by.js';
import { createLocator, type AddressHints, type Locate } from './locate.js';
import { postalIndex } from './postal-index.js';
import { buildZipCounties } from './zip-counties.js';

export type { AddressHints } from './locate.js';

export interface GeoService {
  addresses: AddressProvider;
  catalog(): GeoCatalog;
  /**
   * The municipality governing a point, or null outside the US. `hints` is what the address says
   * (its USPS city, state and ZIP): the city it names wins over neighbourhood places nearer the point.
   */
  locate(latitude: number, longitude: number, hints?: LocateHints): MunicipalityRecord | null;
  /**
   * The other municipalities the point may belong to when the data cannot tell (alternatives.ts), for the
   * visitor to choose; `zip` is the address's (a point at its centre stands for a ZIP that may span counties).
   */
  alternatives(latitude: number, longitude: number, answer: MunicipalityRecord, zip?: string | null): MunicipalityAlternative[];
  /** Builds the catalogue and the locator now (~2 s), so the first visitor does not wait for them. */
  warm(): void;
  /** True once the locator is built (warm() ran, or a first lookup did): /readyz waits for it. */
  isWarm(): boolean;
}

/** What an address says about itself (city, state, ZIP), and what governs it when its geocoder knew (the Census). */
export type LocateHints = AddressHints & { governing?: GoverningPlace | undefined };

export type GeocoderName = 'builtin' | 'census' | 'nominatim' | 'photon' | 'google';

export interface GeoOptions {
  GOOGLE_MAPS_API_KEY?: string | undefined;
  /**
   * The address providers in fallback order (config's GEOCODER, e.g. ['census', 'nominatim']); the built-in
   * gazetteer always answers last. Default: google with a key, else builtin alone.
   */
  GEOCODER?: readonly GeocoderName[] | GeocoderName | undefined;
  /** Where the self-hosted Nominatim / Photon live (GEOCODER=nominatim / photon). */
  NOMINATIM_URL?: string | undefined;
  PHOTON_URL?: string | undefined;
  /** For tests: where the Google web services live. */
  googleBaseUrl?: string;
  /** For tests: where the Census geocoder lives. */
  censusBaseUrl?: string;
  /** For tests: when a street geocoder's time is up and the next answers (default after 1 s). */
  fallbackDeadline?: Deadline;
}

function addressProvider(options: GeoOptions): AddressProvider {
  const builtin = createBuiltinGazetteer();
  const chosen = [options.GEOCODER ?? (options.GOOGLE_MAPS_API_KEY ? 'google' : 'builtin')].flat();
  const primaries: AddressProvider[] = [];
  for (const choice of chosen) {
    if (choice === 'census') primaries.push(createCensusProvider(options.censusBaseUrl ? { baseUrl: options.censusBaseUrl } : {}));
    else if (choice === 'nominatim' && options.NOMINATIM_URL) primaries.push(createOsmProvider({ protocol: 'nominatim', baseUrl: options.NOMINATIM_URL }));
    else if (choice === 'photon' && options.PHOTON_URL) primaries.push(createOsmProvider({ protocol: 'photon', baseUrl: options.PHOTON_URL }));
    else if (choice === 'google' && options.GOOGLE_MAPS_API_KEY) {
      primaries.push(createGoogleProvider({ apiKey: options.GOOGLE_MAPS_API_KEY, ...(options.googleBaseUrl ? { baseUrl: options.googleBaseUrl } : {}) }));
    } else if (choice === 'builtin') break; // the gazetteer answers here: providers named after it are never asked
  }
  // Google alone keeps its own errors (a refused key is a 503, not a silent fallback), as before.
  if (primaries.length === 1 && primaries[0]!.name === 'google' && chosen.length === 1) return primaries[0]!;
  return primaries.length === 0 ? builtin : withFallbacks(primaries, builtin, options.fallbackDeadline);
}

let counties: CountyIndex | undefined;
let catalog: GeoCatalog | undefined;
let locator: Locate | undefined;
let alternativesFinder: FindAlternatives | undefined;
const countyIndex = () => (counties ??= buildCountyIndex());
/** The catalogue is the same for every service in the process, so it is built once. */
export const sharedCatalog = (): GeoCatalog => (catalog ??= buildCatalog(countyIndex(), postalIndex()));
const sharedLocator = (): Locate => (locator ??= createLocator(sharedCatalog(), countyIndex(), postalIndex()));
const sharedAlternatives = (): FindAlternatives =>
  (alternativesFinder ??= createAlternativesFinder(sharedCatalog(), countyIndex(), postalIndex(), buildZipCounties(countyIndex())));

export function createGeoService(options: GeoOptions = {}): GeoService {
  return {
    addresses: addressProvider(options),
    catalog: sharedCatalog,
    // What the Census says governs the address wins; the locator answers when it named nothing we cover.
    locate: (latitude, longitude, hints) =>
      (hints?.governing ? governedBy(sharedCatalog(), hints.governing, hints.state) : null) ?? sharedLocator()(latitude, longitude, hints),
    alternatives: (latitude, longitude, answer, zip) => sharedAlternatives()(latitude, longitude, answer, zip),
    warm: () => void [sharedLocator(), sharedAlternatives()],
    isWarm: () => locator !== undefined,
  };
}
