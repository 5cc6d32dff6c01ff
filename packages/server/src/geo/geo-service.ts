// The geography service (services.geo): the municipality catalogue, the county polygons and the
// address provider, built lazily once per process (the data packages take ~2 s to read).
import { createAlternativesFinder, type FindAlternatives, type MunicipalityAlternative } from './alternatives.js';
import { buildCatalog, type GeoCatalog, type MunicipalityRecord } from './catalog.js';
import { buildCountyIndex, type CountyIndex } from './county-index.js';
import type { AddressProvider } from './gazetteer/address-provider.js';
import { createBuiltinGazetteer } from './gazetteer/builtin-gazetteer.js';
import { createCensusProvider } from './gazetteer/census-provider.js';
import { withBuiltinFallback } from './gazetteer/fallback-provider.js';
import { createGoogleProvider } from './gazetteer/google-provider.js';
import { createLocator, type AddressHints, type Locate } from './locate.js';
import { postalIndex } from './postal-index.js';

export type { AddressHints } from './locate.js';

export interface GeoService {
  addresses: AddressProvider;
  catalog(): GeoCatalog;
  /**
   * The municipality governing a point, or null outside the US. `hints` is what the address says
   * (its USPS city, state and ZIP): the city it names wins over neighbourhood places nearer the point.
   */
  locate(latitude: number, longitude: number, hints?: AddressHints): MunicipalityRecord | null;
  /** The other municipality the point may belong to when the data cannot tell (alternatives.ts), for the visitor to choose. */
  alternatives(latitude: number, longitude: number, answer: MunicipalityRecord): MunicipalityAlternative[];
  /** Builds the catalogue and the locator now (~2 s), so the first visitor does not wait for them. */
  warm(): void;
  /** True once the locator is built (warm() ran, or a first lookup did): /readyz waits for it. */
  isWarm(): boolean;
}

export interface GeoOptions {
  GOOGLE_MAPS_API_KEY?: string | undefined;
  /** Which address provider: 'census' (the Census Bureau's geocoder, the built-in as fallback), 'google' or 'builtin'; default google with a key, else builtin. */
  GEOCODER?: 'builtin' | 'census' | 'google' | undefined;
  /** For tests: where the Google web services live. */
  googleBaseUrl?: string;
  /** For tests: where the Census geocoder lives. */
  censusBaseUrl?: string;
}

function addressProvider(options: GeoOptions): AddressProvider {
  const builtin = createBuiltinGazetteer();
  const choice = options.GEOCODER ?? (options.GOOGLE_MAPS_API_KEY ? 'google' : 'builtin');
  if (choice === 'census') return withBuiltinFallback(createCensusProvider(options.censusBaseUrl ? { baseUrl: options.censusBaseUrl } : {}), builtin);
  if (choice === 'google' && options.GOOGLE_MAPS_API_KEY) {
    return createGoogleProvider({ apiKey: options.GOOGLE_MAPS_API_KEY, ...(options.googleBaseUrl ? { baseUrl: options.googleBaseUrl } : {}) });
  }
  return builtin;
}

let counties: CountyIndex | undefined;
let catalog: GeoCatalog | undefined;
let locator: Locate | undefined;
let alternativesFinder: FindAlternatives | undefined;
const countyIndex = () => (counties ??= buildCountyIndex());
/** The catalogue is the same for every service in the process, so it is built once. */
export const sharedCatalog = (): GeoCatalog => (catalog ??= buildCatalog(countyIndex(), postalIndex()));
const sharedLocator = (): Locate => (locator ??= createLocator(sharedCatalog(), countyIndex(), postalIndex()));
const sharedAlternatives = (): FindAlternatives => (alternativesFinder ??= createAlternativesFinder(sharedCatalog(), countyIndex()));

export function createGeoService(options: GeoOptions = {}): GeoService {
  return {
    addresses: addressProvider(options),
    catalog: sharedCatalog,
    locate: (latitude, longitude, hints) => sharedLocator()(latitude, longitude, hints),
    alternatives: (latitude, longitude, answer) => sharedAlternatives()(latitude, longitude, answer),
    warm: () => void sharedLocator(),
    isWarm: () => locator !== undefined,
  };
}
