// The built-in geography without a database: the catalogue, lookups by latitude/longitude, the
// gazetteer on real addresses and bad input, and the Google adapter against a local fake server.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressSearchResultSchema, geocodedAddressSchema } from '@permitdesk/core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeoService, sharedCatalog } from './geo-service.js';
import { createBuiltinGazetteer } from './gazetteer/builtin-gazetteer.js';
import { createCensusProvider } from './gazetteer/census-provider.js';
import { withBuiltinFallback } from './gazetteer/fallback-provider.js';
import { createGoogleProvider } from './gazetteer/google-provider.js';
import { slugify } from './slug.js';
import { TOWNSHIPS } from './townships.js';

const geo = createGeoService();
const gazetteer = createBuiltinGazetteer();
/** The municipality of a search's first result, the way the widget gets it: geocode, then locate. */
const municipalityOf = async (query: string) => {
  const [first] = await gazetteer.search(query, 5);
  const address = await gazetteer.geocode(first!.id);
  return geo.locate(address!.latitude, address!.longitude, address!)?.name;
};

describe('municipality catalogue', () => {
  it('has every city and county: at least 19,000 municipalities with unique slugs', () => {
    const { municipalities, areas } = sharedCatalog();
    expect(municipalities.length).toBeGreaterThanOrEqual(19_000);
    expect(new Set(municipalities.map((m) => m.slug)).size).toBe(municipalities.length);
    expect(municipalities.filter((m) => m.kind === 'county').length).toBeGreaterThan(3_000);
    expect(areas.filter((a) => a.type === 'state').length).toBe(51);
  });

  it('names cities "City of …" under their county, with the default cutoff hour and no invented phone', () => {
    const pasadena = sharedCatalog().municipalities.find((m) => m.slug === 'ca/los-angeles-county/pasadena/city-of-pasadena');
    expect(pasadena).toMatchObject({ name: 'City of Pasadena', kind: 'city', stateCode: 'CA', countyName: 'Los Angeles County', permitCutoffHour: 15 });
    const areas = new Map(sharedCatalog().areas.map((area) => [area.id, area]));
    const path = pasadena!.areaPath.map((id) => areas.get(id)!);
    expect(path.map((a) => [a.type, a.name])).toEqual([['state', 'California'], ['county', 'Los Angeles County'], ['city', 'Pasadena']]);
    expect(path[1]!.parentId).toBe(path[0]!.id);
    expect(path[2]!.parentId).toBe(path[1]!.id);
  });
});

describe('sections of cities left out of the catalogue', () => {
  const { municipalities, areas, omitted } = sharedCatalog();
  const names = new Set(municipalities.map((m) => `${m.name}, ${m.stateCode}`));

  it('leaves out neighbourhoods of cities that govern whole counties, and keeps 19,000+ authorities', () => {
    const reason = (name: string, stateCode: string) => omitted.find((o) => o.name === name && o.stateCode === stateCode)?.reason;
    expect(reason('Times Square', 'NY')).toBe('borough-city');
    expect(reason('Harlem', 'NY')).toBe('borough-city');
    expect(reason('Brooklyn', 'NY')).toBe('borough-city');
    expect(reason('Fishtown', 'PA')).toBe('consolidated-city');
    expect(reason('Dupont Circle', 'DC')).toBe('consolidated-city');
    expect(reason('Mission District', 'CA')).toBe('consolidated-city');
    expect(reason('Alton North (historical)', 'TX')).toBe('historical');
    for (const gone of ['City of Times Square, NY', 'City of Harlem, NY', 'City of Tribeca, NY', 'City of Brooklyn, NY', 'City of Fishtown, PA', 'City of Dupont Circle, DC']) {
      expect(names.has(gone)).toBe(false);
    }
    // Real cities stay, suburbs and namesakes elsewhere included.
    for (const kept of ['City of New York, NY', 'City of Philadelphia, PA', 'City of Chicago, IL', 'City of Evanston, IL', 'City of Yonkers, NY', 'City of Jersey City, NJ', 'City of Harlem, GA']) {
      expect(names.has(kept)).toBe(true);
    }
    expect(municipalities.length).toBeGreaterThanOrEqual(19_000);
    expect(omitted.length).toBeGreaterThan(300);
    expect(areas.some((a) => a.type === 'city' && a.name === 'Times Square')).toBe(false);
  });

  it('names New York City as a government, and keeps every id and slug of the full list (no renumbering)', () => {
    const nyc = municipalities.find((m) => m.name === 'City of New York');
    expect(nyc).toMatchObject({ kind: 'city', stateCode: 'NY', countyName: 'New York County', slug: 'ny/new-york-county/new-york-city/city-of-new-york-city' });
    // Left-out places keep their numbers: the highest id counts them, and no id is used twice.
    const ids = municipalities.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.max(...ids)).toBe(municipalities.length + omitted.length);
    const areaIds = areas.map((a) => a.id);
    expect(Math.max(...areaIds)).toBe(areas.length + omitted.length);
  });
});

describe('municipality by latitude/longitude', () => {
  it('finds the city at a city centre', () => {
    expect(geo.locate(34.1478, -118.1445)?.name).toBe('City of Pasadena');
    expect(geo.locate(30.2672, -97.7431)).toMatchObject({ name: 'City of Austin', stateCode: 'TX', countyName: 'Travis County' });
  });

  // [what, latitude, longitude, the address's USPS city / state / ZIP, the municipality]: points as
  // the built-in gazetteer geocodes them (the ZIP's centre) and as a street geocoder would.
  it.each([
    ['350 5th Ave, Manhattan', 40.7484, -73.9857, { city: 'New York', state: 'NY', zip: '10118' }, 'City of New York'],
    ['Manhattan ZIP 10118', 40.749, -73.9865, { city: 'New York', state: 'NY', zip: '10118' }, 'City of New York'],
    ['Harlem', 40.8116, -73.955, { city: 'New York', state: 'NY', zip: '10027' }, 'City of New York'],
    ['Brooklyn', 40.694, -73.9903, { city: 'Brooklyn', state: 'NY', zip: '11201' }, 'City of New York'],
    ['Flushing, Queens', 40.7667, -73.8241, { city: 'Flushing', state: 'NY', zip: '11354' }, 'City of New York'],
    ['downtown Los Angeles', 34.0537, -118.2428, { city: 'Los Angeles', state: 'CA', zip: '90012' }, 'City of Los Angeles'],
    ['Hollywood, Los Angeles', 34.1005, -118.3254, { city: 'Los Angeles', state: 'CA', zip: '90028' }, 'City of Los Angeles'],
    ['Chicago Loop', 41.8781, -87.6298, { city: 'Chicago', state: 'IL', zip: '60603' }, 'City of Chicago'],
    ['downtown Houston', 29.7604, -95.3698, { city: 'Houston', state: 'TX', zip: '77002' }, 'City of Houston'],
    ['Center City, Philadelphia', 39.9523, -75.1724, { city: 'Philadelphia', state: 'PA', zip: '19103' }, 'City of Philadelphia'],
    ['Pasadena CA', 34.1468, -118.1391, { city: 'Pasadena', state: 'CA', zip: '91101' }, 'City of Pasadena'],
    ['Austin TX', 30.2713, -97.7426, { city: 'Austin', state: 'TX', zip: '78701' }, 'City of Austin'],
    ['Evanston, a suburb next to Chicago', 42.0546, -87.6943, { city: 'Evanston', state: 'IL', zip: '60201' }, 'City of Evanston'],
    ['Marfa TX, a small town', 30.293, -104.0848, { city: 'Marfa', state: 'TX', zip: '79843' }, 'City of Marfa'],
  ])('%s: with and without the address', (_what, latitude, longitude, hints, expected) => {
    expect(geo.locate(latitude, longitude)?.name).toBe(expected);
    expect(geo.locate(latitude, longitude, hints)?.name).toBe(expected);
  });

  it('matches the USPS spelling of the city to the municipality: Saint ↔ St., a ZIP alone', () => {
    expect(geo.locate(27.7723, -82.6386, { city: 'Saint Petersburg', state: 'FL' })?.name).toBe('City of St. Petersburg');
    expect(geo.locate(40.7484, -73.9857, { zip: '10118' })?.name).toBe('City of New York');
    expect(geo.locate(40.7484, -73.9857, { city: 'new york', state: 'ny' })?.name).toBe('City of New York');
  });

  it('prefers the city the address names over a nearer place, but not beyond its postal area', () => {
    // By Pico Rivera's centre, an address that says 'Whittier' (its neighbour, whose postal area reaches here).
    const near = geo.locate(33.9831, -118.0967);
    expect(near?.name).toBe('City of Pico Rivera');
    expect(geo.locate(33.9831, -118.0967, { city: 'Whittier', state: 'CA' })?.name).toBe('City of Whittier');
    // A city of that name far away, or in another state, is no answer: the point decides.
    expect(geo.locate(34.1478, -118.1445, { city: 'Austin', state: 'TX' })?.name).toBe('City of Pasadena');
    expect(geo.locate(34.1478, -118.1445, { city: 'Springfield', state: 'CA', zip: '' })?.name).toBe('City of Pasadena');
  });

  it('falls back to the county for an unincorporated point far from any city', () => {
    // The Mojave Desert between Baker and Needles.
    expect(geo.locate(35.0, -116.0)).toMatchObject({ kind: 'county', name: 'San Bernardino County', stateCode: 'CA' });
    // Its mail goes to Needles, 100 km away: the address's city does not reach that far.
    expect(geo.locate(35.0, -116.0, { city: 'Needles', state: 'CA', zip: '92363' })).toMatchObject({ kind: 'county', name: 'San Bernardino County' });
  });

  it('answers a town, never a county, where towns govern all the land (CT, MA, NJ, RI)', async () => {
    // Near the Quabbin Reservoir (Worcester County, whose government Massachusetts abolished in 1998), in the
    // Pine Barrens (Burlington County NJ: Woodland Township issues the permits), rural Rhode Island.
    for (const [latitude, longitude, state] of [[42.38, -72.3, 'MA'], [39.8, -74.55, 'NJ'], [41.85, -71.73, 'RI']] as const) {
      const answer = geo.locate(latitude, longitude)!;
      expect(answer).toMatchObject({ kind: 'city', stateCode: state });
      expect(geo.alternatives(latitude, longitude, answer, null)).toEqual([]);
    }
    // Nor is a county offered for a ZIP spanning several: 08540 (Princeton) reaches into Middlesex and Somerset.
    const [first] = await createBuiltinGazetteer().search('400 Witherspoon St, Princeton, NJ 08540', 1);
    const princeton = (await createBuiltinGazetteer().geocode(first!.id))!;
    const answer = geo.locate(princeton.latitude, princeton.longitude, princeton)!;
    expect(answer.name).toBe('City of Princeton');
    expect(geo.alternatives(princeton.latitude, princeton.longitude, answer, princeton.zip)).toEqual([]);
    // Where counties do govern unincorporated land, they still answer (the Mojave, above).
  });

  it('answers null outside the US', () => {
    expect(geo.locate(25.0, -40.0)).toBeNull();
    expect(geo.locate(48.8566, 2.3522)).toBeNull();
  });
});

describe('built-in gazetteer', () => {
  const gazetteer = createBuiltinGazetteer();

  it.each([
    ['1600 Pennsylvania Ave NW, Washington, DC 20500', '1600 Pennsylvania Ave NW, Washington, DC 20500', 'DC', '20500'],
    ['350 5th Ave New York NY', '350 5th Ave, New York, NY', 'NY', '10'],
    ['742 Evergreen Terrace, Springfield, IL', '742 Evergreen Terrace, Springfield, IL', 'IL', '627'],
  ])('resolves %s', async (query, placeStart, state, zipStart) => {
    const [first] = await gazetteer.search(query, 5);
    expect(first).toBeDefined();
    expect(v.is(addressSearchResultSchema, first)).toBe(true);
    expect(first!.place_name.startsWith(placeStart)).toBe(true);
    expect(first!.place_name).not.toContain('United States');
    const geocoded = await gazetteer.geocode(first!.id);
    expect(v.is(geocodedAddressSchema, geocoded)).toBe(true);
    expect(geocoded!.state).toBe(state);
    expect(geocoded!.zip.startsWith(zipStart)).toBe(true);
    expect(first!.center).toEqual([geocoded!.longitude, geocoded!.latitude]);
    // The geocoded point lies in the municipality the address belongs to.
    expect(geo.locate(geocoded!.latitude, geocoded!.longitude)?.stateCode).toBe(state);
  });

  it('gives the same address id however the address is typed', async () => {
    const [a] = await gazetteer.search('742 Evergreen Terrace, Springfield, IL', 1);
    const [b] = await gazetteer.search('742  EVERGREEN terrace ,springfield, il', 1);
    expect(a!.id.split('.')[1]).toBe(b!.id.split('.')[1]);
  });

  it('strips ", United States" and splits the unit from the street', async () => {
    const [result] = await gazetteer.search('12 Oak St Apt 4B, Austin, TX 78701, United States', 1);
    expect(result!.place_name).toBe('12 Oak St Apt 4B, Austin, TX 78701');
    expect(await gazetteer.geocode(result!.id)).toMatchObject({ streetAddress: '12 Oak St', streetModifier: 'Apt 4B', city: 'Austin' });
  });

  it('answers a bare ZIP or city', async () => {
    expect((await gazetteer.search('90210', 5)).map((r) => r.place_name)).toEqual(['Beverly Hills, CA 90210']);
    const austins = await gazetteer.search('Austin', 5);
    expect(austins[0]!.place_name).toMatch(/^Austin, TX \d{5}$/);
    expect(austins.length).toBeGreaterThan(1);
  });

  it.each(['', '   ', '!!!', '350 5th Ave', 'zzzz, ZZ 99999', '💥'.repeat(50)])('answers [] for %j', async (query) => {
    expect(await gazetteer.search(query, 5)).toEqual([]);
  });

  it('refuses ids it did not make', async () => {
    const [result] = await gazetteer.search('350 5th Ave New York NY', 1);
    const tampered = result!.id.replace(/\.[^.]+$/, `.${Buffer.from('1 Other St').toString('base64url')}`);
    expect(await gazetteer.geocode(tampered)).toBeNull();
    expect(await gazetteer.geocode('garbage')).toBeNull();
    expect(await gazetteer.geocode('us.x.00000.')).toBeNull();
  });
});

describe('address search as people type', () => {

  it('finds a city typed in full without its state, the largest first, and only in a state being typed', async () => {
    expect((await gazetteer.search('350 5th Ave, New York', 5))[0]!.place_name).toMatch(/^350 5th Ave, New York, NY \d{5}$/);
    expect((await gazetteer.search('1 Main St, Washington', 5))[0]!.place_name).toMatch(/^1 Main St, Washington, DC \d{5}$/);
    const typing = await gazetteer.search('350 5th Ave, New York, N', 5);
    expect(typing[0]!.place_name).toMatch(/, NY \d{5}$/);
    for (const result of typing) expect(result.place_name).toMatch(/, N[A-Z] \d{5}$/);
  });

  it('offers up to five ranked suggestions while the city is typed', async () => {
    const typing = await gazetteer.search('350 5th Ave, New Y', 5);
    expect(typing.length).toBeGreaterThan(1);
    expect(typing[0]!.place_name).toMatch(/New York, NY/);
    expect(await gazetteer.search('Spring', 5)).toHaveLength(5);
  });

  it('finds saints, apostrophes and a city with one typo', async () => {
    expect((await gazetteer.search('1200 Market St, St. Louis, MO', 5))[0]!.place_name).toMatch(/, Saint Louis, MO 63\d{3}$/);
    expect((await gazetteer.search('15 Kellogg Blvd W, St. Paul, MN', 5))[0]!.place_name).toMatch(/, Saint Paul, MN 55\d{3}$/);
    expect((await gazetteer.search("710 E Mullan Ave, Coeur d'Alene, ID", 5))[0]!.place_name).toMatch(/, Coeur D Alene, ID 838\d{2}$/);
    expect((await gazetteer.search('300 S 7th St, Sprngfield, IL', 5))[0]!.place_name).toMatch(/, Springfield, IL 627\d{2}$/);
  });

  it('keeps a typed ZIP, and the typed city by it, and says the street is not verified', async () => {
    const [empire] = await gazetteer.search('350 5th Ave, New York, NY 10118', 5);
    expect(empire).toMatchObject({ place_name: '350 5th Ave, New York, NY 10118', verified: false });
    const [westAllis] = await gazetteer.search('7525 W Greenfield Ave, West Allis, WI 53214', 5);
    expect(westAllis!.place_name).toBe('7525 W Greenfield Ave, West Allis, WI 53214');
    expect(await gazetteer.geocode(westAllis!.id)).toMatchObject({ city: 'West Allis', zip: '53214', verified: false });
    expect(await municipalityOf('7525 W Greenfield Ave, West Allis, WI 53214')).toBe('City of West Allis');
  });

  it('finds a named place no ZIP is named after (GeoNames)', async () => {
    const [tysons] = await gazetteer.search('1961 Chain Bridge Rd, Tysons, VA', 5);
    expect(tysons!.place_name).toMatch(/^1961 Chain Bridge Rd, Tysons, VA 22\d{3}$/);
    expect(await gazetteer.geocode(tysons!.id)).toMatchObject({ city: 'Tysons', state: 'VA' });
  });

  it.each([
    ['3570 S Las Vegas Blvd, Las Vegas, NV 89109', 'Clark County'],
    ['10221 Wincopin Cir, Columbia, MD 21044', 'Howard County'],
    ['1961 Chain Bridge Rd, Tysons, VA 22102', 'Fairfax County'],
    ['8435 Georgia Ave, Silver Spring, MD 20910', 'Montgomery County'],
    ['25 Aupuni St, Hilo, HI 96720', 'Hawaii County'],
    ['2100 Clarendon Blvd, Arlington, VA 22201', 'Arlington County'],
    ['495 S Main St, Las Vegas, NV 89101', 'City of Las Vegas'],
    ['405 Biltmore Way, Coral Gables, FL 33134', 'City of Coral Gables'],
  ])('lands %s on %s', async (query, expected) => {
    expect(await municipalityOf(query)).toBe(expected);
  });

  it('names the other side when the data cannot tell: county area near a city, a city near county area', () => {
    const alternatives = (latitude: number, longitude: number, hints = {}) => {
      const answer = geo.locate(latitude, longitude, hints)!;
      return [answer.name, ...geo.alternatives(latitude, longitude, answer).map((a) => `${a.municipality.name} (${a.reason})`)];
    };
    // Downtown Las Vegas: the city, but unincorporated Clark County (Winchester, Sunrise Manor) is close.
    expect(alternatives(36.1699, -115.1398, { city: 'Las Vegas', state: 'NV' })).toEqual(['City of Las Vegas', 'Clark County (unincorporated-nearby)']);
    // Manhattan: New York City governs the whole county, nothing to ask.
    expect(alternatives(40.7484, -73.9857, { city: 'New York', state: 'NY' })).toEqual(['City of New York']);
    // The Mojave: county area, no city within reach.
    expect(alternatives(35.0, -116.0)).toEqual(['San Bernardino County']);
    // Winchester NV (county area) borders Las Vegas: its limits may reach.
    expect(alternatives(36.13, -115.1189)).toEqual(['Clark County', 'City of Las Vegas (near-city-limits)']);
  });

  it('asks which county when the address is placed at the centre of a ZIP that spans several, and not otherwise', async () => {
    /** The answer and the alternatives for a search's first result, the way the geocode route gives them. */
    const asked = async (query: string) => {
      const [first] = await gazetteer.search(query, 5);
      const address = (await gazetteer.geocode(first!.id))!;
      const answer = geo.locate(address.latitude, address.longitude, address)!;
      return [answer.name, ...geo.alternatives(address.latitude, address.longitude, answer, address.zip).map((a) => `${a.municipality.name} (${a.reason})`)];
    };
    // 30097 (Duluth GA, placed at the ZIP's centre in Gwinnett County) reaches into Forsyth and Fulton counties.
    expect(await asked('3500 Peachtree Industrial Blvd, Duluth, GA 30097')).toEqual([
      'City of Duluth',
      'Forsyth County (zip-county)',
      'Fulton County (zip-county)',
    ]);
    // 80237 (Denver): the city and county of Denver, or Arapahoe County.
    expect(await asked('1 Main St, Denver, CO 80237')).toEqual(['City of Denver', 'Arapahoe County (zip-county)']);
    // 93514's centre lies in Mono County, Bishop in Inyo: the city's own county is not offered, the centre's is.
    expect(await asked('377 W Line St, Bishop, CA 93514')).toEqual(['City of Bishop', 'Mono County (zip-county)']);
    // 10001 lies in New York County alone: nothing to ask.
    expect(await asked('1 Main St, New York, NY 10001')).toEqual(['City of New York']);
    // No ZIP typed: the point is Duluth's centre, not a ZIP's, so no ZIP question.
    expect(await asked('100 Main St, Duluth, GA')).toEqual(['City of Duluth']);
    // The same ZIP with a point of its own (a street geocoder's): the point's county is known.
    const duluth = geo.locate(34.0029, -84.1446, { city: 'Duluth', state: 'GA', zip: '30097' })!;
    expect(geo.alternatives(34.0029, -84.1446, duluth, '30097')).toEqual([]);
  });

  it('leaves unincorporated communities out of the catalogue as cities', () => {
    const { municipalities, omitted } = sharedCatalog();
    const names = new Set(municipalities.map((m) => `${m.name}, ${m.stateCode}`));
    for (const gone of ['City of Columbia, MD', 'City of Silver Spring, MD', 'City of Paradise, NV', 'City of Tysons, VA', 'City of Hilo, HI']) expect(names.has(gone)).toBe(false);
    for (const kept of ['City of Columbia, MO', 'City of Columbia, SC', 'City of Honolulu, HI', 'City of Rockville, MD']) expect(names.has(kept)).toBe(true);
    expect(omitted.find((o) => o.name === 'Columbia' && o.stateCode === 'MD')?.reason).toBe('unincorporated');
  });
});

describe('towns and townships that issue permits (townships.ts)', () => {
  it('names every seat after its township, and leaves each community out as a city of its own', () => {
    const { municipalities, omitted } = sharedCatalog();
    for (const [stateCode, townships] of Object.entries(TOWNSHIPS)) {
      for (const township of townships) {
        // The table names places as GeoNames does: each seat and community is found, once.
        const seats = municipalities.filter((m) => m.stateCode === stateCode && m.name === township.name);
        expect(seats, `${township.name}, ${stateCode}`).toHaveLength(1);
        expect(seats[0]!.placeName).toBe(township.seat);
        expect(seats[0]!.slug).toMatch(new RegExp(`/${slugify(township.name)}$`));
        for (const community of township.communities) {
          const left = omitted.filter((o) => o.stateCode === stateCode && o.name === community && o.reason === 'township');
          expect(left, `${community}, ${stateCode}`).toHaveLength(1);
          expect(left[0]!.township).toBe(seats[0]);
        }
      }
    }
    const names = new Set(municipalities.map((m) => `${m.name}, ${m.stateCode}`));
    for (const gone of ['City of Edison, NJ', 'City of East Meadow, NY', 'City of Hicksville, NY', 'City of Hyannis, MA', 'City of Iselin, NJ']) expect(names.has(gone)).toBe(false);
    // A village that governs itself inside a town keeps its own record: the village of Hempstead, not the town.
    expect(names.has('City of Hempstead, NY')).toBe(true);
  });

  it.each([
    ['1899 Hempstead Tpke, East Meadow, NY 11554', 'Town of Hempstead'],
    ['1899 hempstead tpke east meadow ny', 'Town of Hempstead'],
    ['3000 Hempstead Tpke, Levittown, NY 11756', 'Town of Hempstead'],
    ['99 Commack Rd, Brentwood, NY 11717', 'Town of Islip'],
    ['160 Old Country Rd, hicksvile ny', 'Town of Oyster Bay'],
    ['175 W DeKalb Pike, King of Prussia, PA', 'Upper Merion Township'],
    ['75 E Lancaster Ave, Ardmore, PA 19003', 'Lower Merion Township'],
    ['100 Municipal Blvd, Edison, NJ 08817', 'Township of Edison'],
    ['500 Green St, Iselin, NJ 08830', 'Township of Woodbridge'],
    ['40700 Romeo Plank Rd, Clinton Township, MI 48038', 'Charter Township of Clinton'],
    ['5151 Marsh Rd, Okemos, MI 48864', 'Charter Township of Meridian'],
    ['367 Main St, Hyannis, MA 02601', 'Town of Barnstable'],
    ['18 Cos Cob Ave, Cos Cob, CT 06807', 'Town of Greenwich'],
    // The village of Hempstead issues its own permits.
    ['50 Clinton St, Hempstead, NY 11550', 'City of Hempstead'],
  ])('lands %s on %s', async (query, expected) => {
    expect(await municipalityOf(query)).toBe(expected);
  });

  it('picks the town the Census names as the county subdivision, not the village of the same name', () => {
    // A hamlet of the Town of Hempstead: no incorporated place, the subdivision 'Hempstead town' (BASENAME Hempstead).
    const eastMeadow = { latitude: 40.7140, longitude: -73.5590, city: 'East Meadow', state: 'NY', zip: '11554' };
    const inHamlet = { ...eastMeadow, governing: { countyFips: '36059', place: null, subdivision: 'Hempstead' } };
    expect(geo.locate(eastMeadow.latitude, eastMeadow.longitude, inHamlet)?.name).toBe('Town of Hempstead');
    const inVillage = { ...eastMeadow, governing: { countyFips: '36059', place: 'Hempstead', subdivision: 'Hempstead' } };
    expect(geo.locate(eastMeadow.latitude, eastMeadow.longitude, inVillage)?.name).toBe('City of Hempstead');
  });
});

describe('Google adapter (against a local fake of the web services)', () => {
  let server: Server;
  let baseUrl = '';
  const seen: URL[] = [];
  const place = {
    place_id: 'ChIJ-fake.place',
    formatted_address: '350 5th Ave, New York, NY 10118, USA',
    geometry: { location: { lat: 40.7484, lng: -73.9857 } },
    address_components: [
      { long_name: '350', short_name: '350', types: ['street_number'] },
      { long_name: '5th Avenue', short_name: '5th Ave', types: ['route'] },
      { long_name: 'New York', short_name: 'New York', types: ['locality', 'political'] },
      { long_name: 'New York', short_name: 'NY', types: ['administrative_area_level_1', 'political'] },
      { long_name: '10118', short_name: '10118', types: ['postal_code'] },
    ],
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      seen.push(url);
      res.setHeader('content-type', 'application/json');
      if (url.searchParams.get('key') !== 'test-key') return void res.end(JSON.stringify({ status: 'REQUEST_DENIED' }));
      if (url.pathname === '/maps/api/place/autocomplete/json') {
        const predictions = url.searchParams.get('input') === 'nothing' ? [] : [
          { description: '350 5th Ave, New York, NY 10118, United States', place_id: place.place_id, structured_formatting: { main_text: '350 5th Ave' } },
        ];
        return void res.end(JSON.stringify({ status: predictions.length ? 'OK' : 'ZERO_RESULTS', predictions }));
      }
      if (url.pathname === '/maps/api/geocode/json') {
        const results = url.searchParams.get('place_id') === place.place_id ? [place] : [];
        return void res.end(JSON.stringify({ status: results.length ? 'OK' : 'ZERO_RESULTS', results }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks for US addresses only and maps the answer to our shapes', async () => {
    const google = createGoogleProvider({ apiKey: 'test-key', baseUrl });
    const [result] = await google.search('350 5th', 5);
    const asked = seen.find((url) => url.pathname.endsWith('/autocomplete/json'))!;
    expect(asked.searchParams.get('components')).toBe('country:us');
    expect(asked.searchParams.get('types')).toBe('address');
    expect(result).toMatchObject({ place_name: '350 5th Ave, New York, NY 10118', street_line: '350 5th Ave', center: [-73.9857, 40.7484] });
    expect(result!.id.split('.')).toHaveLength(4); // google.{addressId}.{place id with a dot}
    expect(await google.geocode(result!.id)).toEqual({
      address: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', streetAddress: '350 5th Ave',
      streetModifier: null, postalCode: '10118', longitude: -73.9857, latitude: 40.7484,
    });
    expect(await google.search('nothing', 5)).toEqual([]);
    expect(await google.geocode('us.abc.10118.')).toBeNull();
  });

  it('reports a refused key as an error (the route turns it into a 503)', async () => {
    await expect(createGoogleProvider({ apiKey: 'wrong', baseUrl }).search('350 5th', 5)).rejects.toThrow(/REQUEST_DENIED/);
  });

  it('is the provider when GOOGLE_MAPS_API_KEY is set', () => {
    expect(createGeoService({ GOOGLE_MAPS_API_KEY: 'k', googleBaseUrl: baseUrl }).addresses.name).toBe('google');
    expect(createGeoService({}).addresses.name).toBe('builtin');
  });
});

describe('Census geocoder adapter (against a local fake speaking its protocol)', () => {
  let server: Server;
  let baseUrl = '';
  const asked: URL[] = [];
  // Answers in the shape of geocoding.geo.census.gov's geographies/onelineaddress (JSON format):
  // an incorporated place (Seattle), and an unincorporated point whose mail says Las Vegas.
  const seattle = [{
      matchedAddress: '600 4TH AVE, SEATTLE, WA, 98104',
      coordinates: { x: -122.32966, y: 47.60357 },
      tigerLine: { tigerLineId: '71956577', side: 'L' },
      addressComponents: { fromAddress: '600', toAddress: '698', streetName: '4TH', suffixType: 'AVE', city: 'SEATTLE', state: 'WA', zip: '98104' },
      geographies: {
        States: [{ GEOID: '53', NAME: 'Washington', BASENAME: 'Washington' }],
        Counties: [{ GEOID: '53033', NAME: 'King County', BASENAME: 'King' }],
        'Incorporated Places': [{ GEOID: '5363000', NAME: 'Seattle city', BASENAME: 'Seattle' }],
      },
    }];
  const strip = [{
      matchedAddress: '3600 S LAS VEGAS BLVD, LAS VEGAS, NV, 89109',
      coordinates: { x: -115.17425, y: 36.11274 },
      addressComponents: { preDirection: 'S', streetName: 'LAS VEGAS', suffixType: 'BLVD', city: 'LAS VEGAS', state: 'NV', zip: '89109' },
      geographies: {
        States: [{ GEOID: '32', NAME: 'Nevada', BASENAME: 'Nevada' }],
        Counties: [{ GEOID: '32003', NAME: 'Clark County', BASENAME: 'Clark' }],
        'Census Designated Places': [{ GEOID: '3254600', NAME: 'Paradise CDP', BASENAME: 'Paradise' }],
      },
    }];
  // By what was asked (lower case), as typed and as geocode asks again with the matched address.
  const answers: Record<string, unknown[]> = {
    '600 4th ave, seattle, wa': seattle,
    '600 4th ave, seattle, wa, 98104': seattle,
    '3600 s las vegas blvd, las vegas, nv': strip,
    '3600 s las vegas blvd, las vegas, nv, 89109': strip,
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      asked.push(url);
      const address = (url.searchParams.get('address') ?? '').toLowerCase();
      if (address.startsWith('down')) return void res.writeHead(500).end('{}');
      if (address.startsWith('slow')) return void setTimeout(() => res.end(JSON.stringify({ result: { addressMatches: [] } })), 300);
      res.setHeader('content-type', 'application/json');
      if (url.pathname !== '/geocoder/geographies/onelineaddress') return void res.writeHead(404).end('{}');
      res.end(JSON.stringify({ result: { input: { address: { address } }, addressMatches: answers[address] ?? [] } }));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks for the one-line address with its geographies and maps the match, verified', async () => {
    const census = createCensusProvider({ baseUrl });
    const [result] = await census.search('600 4th Ave, Seattle, WA', 5);
    const url = asked.at(-1)!;
    expect(url.searchParams.get('benchmark')).toBe('Public_AR_Current');
    expect(url.searchParams.get('vintage')).toBe('Current_Current');
    expect(url.searchParams.get('format')).toBe('json');
    expect(v.is(addressSearchResultSchema, result)).toBe(true);
    expect(result).toMatchObject({ place_name: '600 4th Ave, Seattle, WA 98104', street_line: '600 4th Ave', center: [-122.32966, 47.60357], verified: true });
    const geocoded = await census.geocode(result!.id);
    expect(geocoded).toEqual({
      address: '600 4th Ave', city: 'Seattle', state: 'WA', zip: '98104', streetAddress: '600 4th Ave', streetModifier: null,
      postalCode: '98104', longitude: -122.32966, latitude: 47.60357, verified: true, governing: { countyFips: '53033', place: 'Seattle', subdivision: null },
    });
    expect(geo.locate(geocoded!.latitude, geocoded!.longitude, geocoded!)?.name).toBe('City of Seattle');
    expect(await census.geocode(result!.id.replace(/\.[^.]+$/, `.${Buffer.from('1 OTHER ST').toString('base64url')}`))).toBeNull();
    expect(await census.search('99999 Nowhere Rd, Seattle, WA', 5)).toEqual([]);
  });

  it('lands an unincorporated match on its county', async () => {
    const census = createCensusProvider({ baseUrl });
    const [strip] = await census.search('3600 S Las Vegas Blvd, Las Vegas, NV', 5);
    const geocoded = await census.geocode(strip!.id);
    expect(geocoded).toMatchObject({ city: 'Las Vegas', zip: '89109' });
    expect(geo.locate(geocoded!.latitude, geocoded!.longitude, geocoded!)?.name).toBe('Clark County');
  });

  it('falls back to the built-in gazetteer when the geocoder is down, slow or finds nothing', async () => {
    const provider = withBuiltinFallback(createCensusProvider({ baseUrl }), createBuiltinGazetteer(), 100);
    for (const query of ['down 1 Main St, Austin, TX', 'slow 1 Main St, Austin, TX', '99999 Nowhere Rd, Austin, TX']) {
      const [result] = await provider.search(query, 5);
      expect(result).toMatchObject({ verified: false });
      expect(result!.id.startsWith('us.')).toBe(true);
      expect(await provider.geocode(result!.id)).toMatchObject({ city: 'Austin', state: 'TX' });
    }
    const [found] = await provider.search('600 4th Ave, Seattle, WA', 5);
    expect(found).toMatchObject({ verified: true });
    expect(await provider.geocode(found!.id)).toMatchObject({ city: 'Seattle' });
  });

  it('is the provider when GEOCODER=census', () => {
    expect(createGeoService({ GEOCODER: 'census', censusBaseUrl: baseUrl }).addresses.name).toBe('census');
    expect(createGeoService({ GEOCODER: 'builtin', GOOGLE_MAPS_API_KEY: 'k' }).addresses.name).toBe('builtin');
  });
});
