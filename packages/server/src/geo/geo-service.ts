// The geography service (services.geo): the municipality catalogue, the county polygons and the
// address provider, built lazily once per process (the data packages take ~2 s to read).
import { buildCatalog, type GeoCatalog, type MunicipalityRecord } from './catalog.js';
import { buildCountyIndex, type CountyIndex } from './county-index.js';
import type { AddressProvider } from './gazetteer/address-provider.js';
import { createBuiltinGazetteer } from './gazetteer/builtin-gazetteer.js';
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
  /** Builds the catalogue and the locator now (~2 s), so the first visitor does not wait for them. */
  warm(): void;
}

export interface GeoOptions {
  GOOGLE_MAPS_API_KEY?: string | undefined;
  /** For tests: where the Google web services live. */
  googleBaseUrl?: string;
}

let counties: CountyIndex | undefined;
let catalog: GeoCatalog | undefined;
let locator: Locate | undefined;
const countyIndex = () => (counties ??= buildCountyIndex());
/** The catalogue is the same for every service in the process, so it is built once. */
export const sharedCatalog = (): GeoCatalog => (catalog ??= buildCatalog(countyIndex(), postalIndex()));
const sharedLocator = (): Locate => (locator ??= createLocator(sharedCatalog(), countyIndex(), postalIndex()));

export function createGeoService(options: GeoOptions = {}): GeoService {
  const addresses = options.GOOGLE_MAPS_API_KEY
    ? createGoogleProvider({ apiKey: options.GOOGLE_MAPS_API_KEY, ...(options.googleBaseUrl ? { baseUrl: options.googleBaseUrl } : {}) })
    : createBuiltinGazetteer();
  return {
    addresses,
    catalog: sharedCatalog,
    locate: (latitude, longitude, hints) => sharedLocator()(latitude, longitude, hints),
    warm: () => void sharedLocator(),
  };
}
