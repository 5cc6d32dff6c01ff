// The street geocoders (Census, Nominatim, Photon) against one local fake speaking each real protocol,
// answering from recorded-shape fixtures (fixtures/*.json): the mapping to our shapes, the municipality
// the Census's answer picks, and the fallback to the built-in gazetteer when a geocoder is slow, down,
// answers nonsense or finds nothing. No wall clock is waited on: the "slow" geocoder never answers, and
// the test drives the fallback's deadline (it passes the moment the fake holds the hanging request).
import { addressSearchResultSchema, geocodedAddressSchema } from '@permitdesk/core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGeocoders, type FakeGeocoders } from '../../test/fake-geocoders.js';
import { createGeoService } from '../geo-service.js';
import { createBuiltinGazetteer } from './builtin-gazetteer.js';
import { CENSUS_LAYERS, createCensusProvider } from './census-provider.js';
import { withFallbacks } from './fallback-provider.js';
import { createOsmProvider } from './osm-provider.js';

let fake: FakeGeocoders;
let baseUrl = '';
let asked: URL[] = [];
let hanging: FakeGeocoders['hanging'] = [];
/** The fallback deadlines: each passes when the fake starts holding a request (the clock the test drives). */
const heldDeadline = () => fake.held();

beforeAll(async () => {
  fake = await startFakeGeocoders();
  ({ url: baseUrl, asked, hanging } = fake);
});
afterAll(() => fake?.close());

const geoWith = (GEOCODER: string, fallbackDeadline: (() => Promise<void>) | number = heldDeadline) =>
  createGeoService({
    GEOCODER: GEOCODER.split(',') as never,
    censusBaseUrl: `${baseUrl}/census`,
    NOMINATIM_URL: `${baseUrl}/nominatim`,
    PHOTON_URL: `${baseUrl}/photon`,
    fallbackDeadline,
  });

/** Search, geocode the first result, and the municipality governing it (as the geocode route answers). */
async function municipalityOf(geo: ReturnType<typeof createGeoService>, query: string) {
  const [first] = await geo.addresses.search(query, 5);
  const address = await geo.addresses.geocode(first!.id);
  return { first: first!, address: address!, municipality: geo.locate(address!.latitude, address!.longitude, address!)?.name };
}

describe('Census geocoder (geographies/onelineaddress)', () => {
  it('asks with the benchmark, vintage and layers, and maps the match, verified', async () => {
    const provider = createCensusProvider({ baseUrl: `${baseUrl}/census` });
    const [result] = await provider.search('600 4th Ave, Seattle, WA', 5);
    const url = asked.at(-1)!;
    expect(url.pathname).toBe('/census/geocoder/geographies/onelineaddress');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      address: '600 4th Ave, Seattle, WA', benchmark: 'Public_AR_Current', vintage: 'Current_Current', layers: CENSUS_LAYERS, format: 'json',
    });
    expect(v.is(addressSearchResultSchema, result)).toBe(true);
    expect(result).toMatchObject({ place_name: '600 4th Ave, Seattle, WA 98104', street_line: '600 4th Ave', verified: true });
    const geocoded = await provider.geocode(result!.id);
    expect(v.is(geocodedAddressSchema, geocoded)).toBe(true);
    expect(geocoded).toMatchObject({ address: '600 4th Ave', city: 'Seattle', state: 'WA', zip: '98104', verified: true, governing: { countyFips: '53033', place: 'Seattle', subdivision: null } });
  });

  it('picks the municipality from the place and county the Census names', async () => {
    const geo = geoWith('census');
    expect((await municipalityOf(geo, '600 4th Ave, Seattle, WA')).municipality).toBe('City of Seattle');
    // The Strip: no incorporated place, so Clark County, though the mail says Las Vegas.
    const strip = await municipalityOf(geo, '3600 S Las Vegas Blvd, Las Vegas, NV');
    expect(strip.address.governing, JSON.stringify(strip)).toEqual({ countyFips: '32003', place: null, subdivision: null });
    expect(strip.municipality).toBe('Clark County');
    // Tysons: unincorporated Fairfax County, whatever the mailing city.
    expect((await municipalityOf(geo, '1600 Tysons Blvd, McLean, VA')).municipality).toBe('Fairfax County');
    // A suburb that governs itself, whose ZIPs the Postal Service names after the big city nearby.
    expect((await municipalityOf(geo, '7525 W Greenfield Ave, West Allis, WI 53214')).municipality).toBe('City of West Allis');
    // Manhattan: New York County is governed by New York City.
    expect((await municipalityOf(geo, '350 5th Ave, New York, NY')).municipality).toBe('City of New York');
  });

  it('finds nothing for a made-up street (then the gazetteer offers the city, marked unverified)', async () => {
    expect(await createCensusProvider({ baseUrl: `${baseUrl}/census` }).search('99999 Nowhere Rd, Seattle, WA', 5)).toEqual([]);
    const [fallback] = await geoWith('census').addresses.search('99999 Nowhere Rd, Seattle, WA', 5);
    expect(fallback).toMatchObject({ verified: false });
    expect(fallback!.id.startsWith('us.')).toBe(true);
  });

  it('refuses an id that is not its own or whose matched address changed', async () => {
    const provider = createCensusProvider({ baseUrl: `${baseUrl}/census` });
    const [result] = await provider.search('600 4th Ave, Seattle, WA', 5);
    const forged = result!.id.replace(/\.[^.]+$/, `.${Buffer.from('3600 S LAS VEGAS BLVD, LAS VEGAS, NV, 89109').toString('base64url')}`);
    expect(await provider.geocode(forged)).toBeNull();
    expect(await provider.geocode('google.abc.def')).toBeNull();
    expect(await provider.geocode('census.abc')).toBeNull();
  });

  it('reports a malformed answer or an HTTP error as an error (the fallback then answers)', async () => {
    const provider = createCensusProvider({ baseUrl: `${baseUrl}/census` });
    await expect(provider.search('nonsense 1 Main St', 5)).rejects.toThrow(/documented shape/);
    await expect(provider.search('down 1 Main St', 5)).rejects.toThrow(/502/);
  });
});

describe('fallback to the built-in gazetteer', () => {
  for (const geocoder of ['census', 'nominatim', 'photon']) {
    it(`answers for ${geocoder} when it hangs past the deadline, is down or answers nonsense`, async () => {
      const geo = geoWith(geocoder);
      for (const query of ['hang 1 Main St, Austin, TX', 'down 1 Main St, Austin, TX', 'nonsense 1 Main St, Austin, TX']) {
        const [result] = await geo.addresses.search(query, 5);
        expect(result, query).toMatchObject({ verified: false });
        expect(await geo.addresses.geocode(result!.id)).toMatchObject({ city: 'Austin', state: 'TX' });
      }
    });
  }

  it('aborts the hanging request at the deadline instead of leaving it open', async () => {
    const before = hanging.length;
    await geoWith('census').addresses.search('hang 2 Main St, Austin, TX', 5);
    expect(hanging.length).toBe(before + 1);
    const held = hanging.at(-1)!;
    // The client hung up: the held request closes (the fake never answered it).
    held.req.on('error', () => undefined);
    if (!held.req.destroyed) await new Promise((resolve) => held.req.once('close', resolve));
    expect(held.req.destroyed).toBe(true);
    expect(held.writableEnded).toBe(false);
  });

  it('tries the geocoders in the order GEOCODER lists them, then the gazetteer', async () => {
    const geo = geoWith('census,nominatim');
    expect(geo.addresses.name).toBe('census');
    // The Census finds it: its answer.
    expect((await geo.addresses.search('600 4th Ave, Seattle, WA', 5))[0]!.id.startsWith('census.')).toBe(true);
    // Nominatim only: the Census finds nothing for '350 5th Ave, New York, NY' in this order test's own chain.
    const chain = withFallbacks(
      [createOsmProvider({ protocol: 'photon', baseUrl: `${baseUrl}/photon` }), createOsmProvider({ protocol: 'nominatim', baseUrl: `${baseUrl}/nominatim` })],
      createBuiltinGazetteer(),
      heldDeadline,
    );
    expect((await chain.search('350 5th Ave, New York, NY', 5))[0]!.id.startsWith('nominatim.')).toBe(true);
    // Both down: the gazetteer.
    expect((await chain.search('down 1 Main St, Austin, TX', 5))[0]!.id.startsWith('us.')).toBe(true);
  });

  it('geocodes a Census id by searching its address down the chain when the Census is down at geocode time', async () => {
    const provider = createCensusProvider({ baseUrl: `${baseUrl}/census` });
    const [result] = await provider.search('600 4th Ave, Seattle, WA', 5);
    const downCensus = createCensusProvider({ baseUrl: 'http://127.0.0.1:1' });
    const geocoded = await withFallbacks([downCensus], createBuiltinGazetteer(), heldDeadline).geocode(result!.id);
    expect(geocoded).toMatchObject({ city: 'Seattle', state: 'WA', verified: false });
  });
});

describe('Nominatim (jsonv2)', () => {
  const provider = () => createOsmProvider({ protocol: 'nominatim', baseUrl: `${baseUrl}/nominatim` });

  it('asks for US addresses with their details and maps them; geocodes by OSM id', async () => {
    const results = await provider().search('350 5th Ave, New York, NY', 5);
    const url = asked.at(-1)!;
    expect(url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ format: 'jsonv2', addressdetails: '1', countrycodes: 'us', limit: '5' });
    expect(results.every((result) => v.is(addressSearchResultSchema, result))).toBe(true);
    expect(results[0]).toMatchObject({ street_line: '350 5th Avenue', verified: true, center: [-73.9856589, 40.7484421] });
    expect(results[0]!.id).toMatch(/^nominatim\.[0-9a-f]{16}\.W34633854$/);
    // A street without a house number is offered, but not as a verified address.
    expect(results[1]).toMatchObject({ street_line: '5th Avenue', verified: false });
    const geocoded = await provider().geocode(results[0]!.id);
    expect(asked.at(-1)!.pathname).toBe('/nominatim/lookup');
    expect(asked.at(-1)!.searchParams.get('osm_ids')).toBe('W34633854');
    expect(geocoded).toEqual({
      address: '350 5th Avenue', city: 'New York', state: 'NY', zip: '10118', streetAddress: '350 5th Avenue', streetModifier: null,
      postalCode: '10118', longitude: -73.9856589, latitude: 40.7484421, verified: true,
    });
  });

  it('lands a hamlet on its municipality by point and hints, and finds nothing for a made-up street', async () => {
    const geo = geoWith('nominatim');
    const { address, municipality } = await municipalityOf(geo, '1600 Tysons Blvd, McLean, VA');
    expect(address).toMatchObject({ city: 'Tysons', state: 'VA', zip: '22102' });
    expect(municipality).toBe('Fairfax County');
    expect(await provider().search('99999 Nowhere Rd, Seattle, WA', 5)).toEqual([]);
  });

  it('refuses ids that are not its own, or whose OSM object changed address', async () => {
    expect(await provider().geocode('nominatim.0000000000000000.W34633854')).toBeNull();
    expect(await provider().geocode('nominatim.abc.X1')).toBeNull();
    expect(await provider().geocode('photon.abc.W1.YQ')).toBeNull();
  });
});

describe('Photon (GeoJSON)', () => {
  const provider = () => createOsmProvider({ protocol: 'photon', baseUrl: `${baseUrl}/photon` });

  it('keeps US features only, and geocodes by searching the label again for the same OSM object', async () => {
    const results = await provider().search('350 5th Ave New York', 5);
    expect(asked.at(-1)!.pathname).toBe('/photon/api');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ place_name: '350 5th Avenue, New York, NY 10118', verified: true });
    expect(await provider().geocode(results[0]!.id)).toMatchObject({ address: '350 5th Avenue', city: 'New York', state: 'NY', zip: '10118' });
    expect(await provider().search('99999 Nowhere Rd', 5)).toEqual([]);
  });
});
