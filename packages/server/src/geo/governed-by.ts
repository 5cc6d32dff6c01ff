// The municipality a geocoder that knows government boundaries (the Census Bureau's) says governs an
// address: the city governing the whole county (New York City's boroughs, Philadelphia, San Francisco...),
// else the incorporated place containing the point, else a township that governs itself (the county
// subdivision, where the catalogue has it), else the county (unincorporated). Undefined when the answer
// names a place the catalogue does not have: the locator decides then.
import type { GoverningPlace } from './gazetteer/address-provider.js';
import type { GeoCatalog, MunicipalityRecord } from './catalog.js';
import { nameMatch } from './place-names.js';

export function governedBy(catalog: GeoCatalog, governing: GoverningPlace, stateCode?: string | null): MunicipalityRecord | undefined {
  const whole = catalog.governingCity.get(governing.countyFips);
  if (whole) return whole;
  const inCounty = catalog.citiesByCounty.get(governing.countyFips) ?? [];
  const state = stateCode ?? catalog.countyMunicipality.get(governing.countyFips)?.stateCode;
  const inState = state ? (catalog.citiesByState.get(state) ?? []) : [];
  /** The city of that name: in the county first, then anywhere in the state (a city reaching into a second county). */
  const named = (name: string) => {
    const best = (cities: MunicipalityRecord[]) =>
      cities.find((city) => nameMatch(city.placeName, name) === 2) ?? cities.find((city) => nameMatch(city.placeName, name) === 1);
    return best(inCounty) ?? best(inState);
  };
  if (governing.place) return named(governing.place);
  // A township of townships.ts by its government's name first (the Town of Hempstead, not the village of Hempstead).
  const subdivision = governing.subdivision;
  const township = subdivision
    ? ((catalog.townshipsByCounty.get(governing.countyFips) ?? []).find((town) => nameMatch(town.name, subdivision) > 0) ??
      inCounty.find((city) => nameMatch(city.placeName, subdivision) === 2))
    : undefined;
  return township ?? catalog.countyMunicipality.get(governing.countyFips);
}
