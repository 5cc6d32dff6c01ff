// The ZCTA-to-county relationship matched to the county polygons: every name of the package finds its
// FIPS code, the independent cities apart from the counties of the same name.
import { describe, expect, it } from 'vitest';
import { buildCountyIndex } from './county-index.js';
import { buildZipCounties } from './zip-counties.js';

describe('the counties of a ZIP code', () => {
  const zips = buildZipCounties(buildCountyIndex());

  it('lists every county a ZIP reaches into, one for a ZIP inside one county', () => {
    expect([...zips.countiesOf('30097')].sort()).toEqual(['13117', '13121', '13135']); // Forsyth, Fulton, Gwinnett GA
    expect(zips.countiesOf('10001')).toEqual(['36061']); // New York County
    expect(zips.countiesOf('10118-0110')).toEqual([]); // a building's ZIP: no area, no ZCTA
    expect(zips.countiesOf('nonsense')).toEqual([]);
  });

  it('tells an independent city from the county of the same name, and knows renamed counties', () => {
    expect([...zips.countiesOf('21227')].sort()).toEqual(['24005', '24510']); // Baltimore County, Baltimore city
    expect(zips.countiesOf('23219')).toEqual(['51760']); // Richmond city VA, not Richmond County
    expect(zips.countiesOf('99554')).toEqual(['02158']); // Wade Hampton (2010) is Kusilvak
  });
});
