// Every lookup endpoint through the app, on every database target, after the seed at start.
import { type AdministrativeArea, type Municipality, PAGINATION_HEADERS, DEFAULT_SETTINGS, PERMIT_STAGES, US_STATES, municipalitySchema } from '@permitdesk/core';
import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets } from '../test/harness.js';
import { TASK_CATALOG } from '../reference/task-catalog.js';
import { operator } from '../test/permit-fixtures.js';
import { MUNICIPALITY_CACHE_LIMIT, municipalityCacheSize } from './municipality-cache.js';
import { listMunicipalities, listMunicipalitiesBySql, municipalityById } from './municipalities.repository.js';

type Ctx = Awaited<ReturnType<typeof createTestContext>>;

describe.each(databaseTargets())('lookups on %s', (target) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext({ target });
  });
  afterAll(() => ctx?.close());

  it('seeds at least 19,000 municipalities (coverage)', async () => {
    const res = await ctx.request('GET', '/v4/lookup/coverage');
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(19_000);
    expect(res.body.states.find((s: { stateCode: string }) => s.stateCode === 'CA').count).toBeGreaterThan(1000);
  });

  it('finds the municipality of a point: Pasadena CA, Austin TX, an unincorporated county point; 404 outside the US', async () => {
    const pasadena = await ctx.request('GET', '/search/', { query: { lat: '34.1478', lon: '-118.1445' } });
    expect(pasadena.status).toBe(200);
    expect(v.is(municipalitySchema, pasadena.body)).toBe(true);
    expect(pasadena.body).toMatchObject({ name: 'City of Pasadena', stateCode: 'CA', countyName: 'Los Angeles County', permitCutoffHour: 15, phoneNumbers: [] });
    expect(pasadena.body.administrativeAreas.map((a: { type: string }) => a.type)).toEqual(['state', 'county', 'city']);
    expect(pasadena.body.administrativeArea).toMatchObject({ type: 'city', name: 'Pasadena' });
    const austin = await ctx.request('GET', '/search/', { query: { lat: '30.2672', lon: '-97.7431' } });
    expect(austin.body).toMatchObject({ name: 'City of Austin', stateCode: 'TX' });
    const desert = await ctx.request('GET', '/search/', { query: { lat: '35.0', lon: '-116.0' } });
    expect(desert.body).toMatchObject({ name: 'San Bernardino County', kind: 'county' });
    expect((await ctx.request('GET', '/search/', { query: { lat: '48.8566', lon: '2.3522' } })).status).toBe(404);
    expect((await ctx.request('GET', '/search/', { query: { lat: '91', lon: '0' } })).status).toBe(400);
    expect((await ctx.request('GET', '/search/', { query: { lat: 'abc', lon: '0' } })).status).toBe(400);
  });

  it.each([
    // [what, lat, lon, the address's USPS city, state, ZIP, the municipality]
    ['350 5th Ave, Manhattan', '40.7484', '-73.9857', 'New York', 'NY', '10118', 'City of New York'],
    ['Brooklyn', '40.694', '-73.9903', 'Brooklyn', 'NY', '11201', 'City of New York'],
    ['downtown Los Angeles', '34.0537', '-118.2428', 'Los Angeles', 'CA', '90012', 'City of Los Angeles'],
    ['the Chicago Loop', '41.8781', '-87.6298', 'Chicago', 'IL', '60603', 'City of Chicago'],
    ['downtown Houston', '29.7604', '-95.3698', 'Houston', 'TX', '77002', 'City of Houston'],
    ['Pasadena CA', '34.1468', '-118.1391', 'Pasadena', 'CA', '91101', 'City of Pasadena'],
    ['Austin TX', '30.2713', '-97.7426', 'Austin', 'TX', '78701', 'City of Austin'],
    ['Marfa TX, a small town', '30.293', '-104.0848', 'Marfa', 'TX', '79843', 'City of Marfa'],
    ['the Mojave, unincorporated', '35.0', '-116.0', 'Needles', 'CA', '92363', 'San Bernardino County'],
  ])('finds the municipality of an address in %s, with and without its city, state and ZIP', async (_what, lat, lon, city, state, zip, name) => {
    const bare = await ctx.request('GET', '/search/', { query: { lat, lon } });
    expect(bare.status).toBe(200);
    expect(bare.body.name).toBe(name);
    const hinted = await ctx.request('GET', '/search/', { query: { lat, lon, city, state: state.toLowerCase(), zip } });
    expect(hinted.status).toBe(200);
    expect(v.is(municipalitySchema, hinted.body)).toBe(true);
    expect(hinted.body.name).toBe(name);
  });

  it('takes empty hints as none, refuses malformed ones, and lists no neighbourhood as a municipality', async () => {
    const empty = await ctx.request('GET', '/search/', { query: { lat: '40.7484', lon: '-73.9857', city: '', state: '', zip: '' } });
    expect(empty.body).toMatchObject({ name: 'City of New York', stateCode: 'NY', kind: 'city' });
    expect((await ctx.request('GET', '/search/', { query: { lat: '40.7484', lon: '-73.9857', state: 'NYC' } })).status).toBe(400);
    expect((await ctx.request('GET', '/search/', { query: { lat: '40.7484', lon: '-73.9857', zip: '1011' } })).status).toBe(400);
    for (const keyword of ['times square', 'harlem', 'tribeca']) {
      const listed = await ctx.request('GET', '/v4/lookup/municipalities', { query: { state: 'NY', keyword } });
      expect(listed.body).toEqual([]);
    }
  });

  it('finds a municipality by slug (with or without /us/), a city path, and 404s an unknown one', async () => {
    const slug = 'ca/los-angeles-county/pasadena/city-of-pasadena';
    const bySlug = await ctx.request('GET', '/search/municipality-slug', { query: { slug }, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.slug).toBe(slug);
    expect((await ctx.request('GET', '/search/municipality-slug', { query: { slug: `/us/${slug}/` } })).body.name).toBe('City of Pasadena');
    expect((await ctx.request('GET', '/search/municipality-slug', { query: { slug: 'ca/los-angeles-county/pasadena' } })).body.name).toBe('City of Pasadena');
    expect((await ctx.request('GET', '/search/municipality-slug', { query: { slug: 'ca/los-angeles-county' } })).body.kind).toBe('county');
    expect((await ctx.request('GET', '/search/municipality-slug', { query: { slug: 'zz/nowhere' } })).status).toBe(404);
  });

  it('lists municipalities paged by headers, by state and keyword', async () => {
    const res = await ctx.request('GET', '/v4/lookup/municipalities', { query: { state: 'ca', keyword: 'pasadena', size: '5' } });
    expect(res.status).toBe(200);
    expect(res.body.map((m: { name: string }) => m.name)).toContain('City of Pasadena');
    expect(res.body.every((m: { stateCode: string }) => m.stateCode === 'CA')).toBe(true);
    expect(res.headers.get(PAGINATION_HEADERS.totalCount)).toBe(String(res.body.length));
    const page2 = await ctx.request('GET', '/v4/lookup/municipalities', { query: { state: 'TX', page: '2', size: '10' } });
    expect(page2.body).toHaveLength(10);
    expect(page2.headers.get(PAGINATION_HEADERS.index)).toBe('2');
    expect(Number(page2.headers.get(PAGINATION_HEADERS.totalCount))).toBeGreaterThan(1000);
  });

  it('adds the other candidate municipality when the data cannot tell, and none where it can', async () => {
    const lasVegas = await ctx.request('GET', '/search/', { query: { lat: '36.1699', lon: '-115.1398', city: 'Las Vegas', state: 'NV' } });
    expect(lasVegas.body).toMatchObject({ name: 'City of Las Vegas', alternatives: [{ name: 'Clark County', kind: 'county', reason: 'unincorporated-nearby' }] });
    expect(lasVegas.body.alternatives[0].slug).toMatch(/^nv\/clark-county\//);
    const manhattan = await ctx.request('GET', '/search/', { query: { lat: '40.7484', lon: '-73.9857', city: 'New York', state: 'NY', zip: '10118' } });
    expect(manhattan.body.name).toBe('City of New York');
    expect(manhattan.body.alternatives).toBeUndefined();
  });

  it('asks which county in the geocoding answer for a ZIP that spans several, and not for a ZIP in one county', async () => {
    const answerFor = async (q: string) => {
      const [first] = (await ctx.request('GET', '/v4/lookup/addresses', { query: { q, limit: '1' } })).body;
      return (await ctx.request('GET', `/v4/lookup/addresses/${encodeURIComponent(first.id)}`)).body;
    };
    // Duluth GA 30097: Gwinnett County (the city), Forsyth County, Fulton County.
    const duluth = await answerFor('3500 Peachtree Industrial Blvd, Duluth, GA 30097');
    expect(duluth).toMatchObject({ zip: '30097', verified: false, municipality: { name: 'City of Duluth' } });
    expect(duluth.municipality.alternatives.map((a: { name: string; kind: string; reason: string }) => [a.name, a.kind, a.reason])).toEqual([
      ['Forsyth County', 'county', 'zip-county'],
      ['Fulton County', 'county', 'zip-county'],
    ]);
    expect(duluth.municipality.alternatives[0].slug).toMatch(/^ga\/forsyth-county/);
    // GET /search/ at the same point with the same ZIP asks the same.
    const search = await ctx.request('GET', '/search/', { query: { lat: duluth.latitude, lon: duluth.longitude, city: duluth.city, state: duluth.state, zip: duluth.zip } });
    expect(search.body.alternatives).toEqual(duluth.municipality.alternatives);
    // 10001 lies in New York County alone.
    const chelsea = await answerFor('1 Main St, New York, NY 10001');
    expect(chelsea.municipality.name).toBe('City of New York');
    expect(chelsea.municipality.alternatives).toBeUndefined();
  });

  it('answers a municipality keyword through its trigram index, not by reading every row', async () => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN SELECT count(*) FROM municipalities m WHERE lower(m.name) LIKE ${'%spring%'}`.execute(ctx.services.db);
    expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('municipalities_name_trgm_idx');
    const springs = await ctx.request('GET', '/v4/lookup/municipalities', { query: { keyword: 'spring', size: '50' } });
    expect(springs.body.length).toBeGreaterThan(20);
    expect(springs.body.every((m: { name: string }) => m.name.toLowerCase().includes('spring'))).toBe(true);
  });

  it('answers the keyword search from its in-memory list exactly as the SQL did: same rows, order and totals', async () => {
    const filters = [
      { keyword: 'spring', page: 1, size: 20 },
      { keyword: 'SAN', page: 3, size: 50 },
      { keyword: 'county', page: 2, size: 200 },
      { keyword: 'ville', state: 'TN', page: 1, size: 200 },
      { keyword: 'new york', page: 1, size: 20 },
      { keyword: "o'", page: 1, size: 20 },
      { keyword: '_', page: 1, size: 20 },
      { keyword: '%', page: 1, size: 20 },
      { keyword: 'a', page: 40, size: 100 },
      { keyword: 'zzzz-no-such-place', page: 1, size: 20 },
      { keyword: 'spring', page: 999, size: 20 },
      { state: 'TX', page: 2, size: 10 },
      { page: 97, size: 200 },
    ];
    // Twice: the second time the answers come from the cache (municipality-cache.ts).
    for (const pass of ['uncached', 'cached']) {
      for (const filter of filters) {
        expect(await listMunicipalities(ctx.services.db, filter), `${pass} ${JSON.stringify(filter)}`).toEqual(await listMunicipalitiesBySql(ctx.services.db, filter));
      }
    }
  });

  it('keeps at most MUNICIPALITY_CACHE_LIMIT answers, the answers the same past it', async () => {
    const db = ctx.services.db;
    for (let page = 1; page <= Math.ceil((MUNICIPALITY_CACHE_LIMIT * 1.5) / 200); page++) {
      const filter = { page, size: 200 };
      expect(await listMunicipalities(db, filter), JSON.stringify(filter)).toEqual(await listMunicipalitiesBySql(db, filter));
      expect(municipalityCacheSize(db)).toBeLessThanOrEqual(MUNICIPALITY_CACHE_LIMIT);
    }
    expect(municipalityCacheSize(db)).toBe(MUNICIPALITY_CACHE_LIMIT);
    // The first pages were pushed out and are read again.
    expect(await listMunicipalities(db, { page: 1, size: 200 })).toEqual(await listMunicipalitiesBySql(db, { page: 1, size: 200 }));
  });

  it("shows a directory or area edit made in the database (psql, a script) on the very next keyword search and lookup by id", async () => {
    const db = ctx.services.db;
    const target = await db.selectFrom('municipalities').select(['id', 'name', 'state_code', 'administrative_area_id']).where('state_code', '=', 'VT').orderBy('id').executeTakeFirstOrThrow();
    const find = async () => {
      const res = await ctx.request('GET', '/v4/lookup/municipalities', { query: { keyword: target.name, state: target.state_code, size: '200' } });
      expect(res.status).toBe(200);
      return res.body.find((m: Municipality) => m.id === target.id) as Municipality;
    };
    const before = await find();
    expect(await find()).toEqual(before);
    const area = before.administrativeAreas[before.administrativeAreas.length - 1] as AdministrativeArea;
    try {
      await db.insertInto('municipality_directory').values({ municipality_id: target.id, main_phone: '+18025550100', cutoff_hour: 9 }).execute();
      const edited = await find();
      expect(edited.phoneNumbers).toContainEqual({ label: 'main', phoneNumber: '+18025550100' });
      expect(edited.permitCutoffHour).toBe(9);
      await db.updateTable('municipality_directory').set({ cutoff_hour: 13 }).where('municipality_id', '=', target.id).execute();
      expect((await find()).permitCutoffHour).toBe(13);
      expect((await municipalityById(db, target.id))?.permitCutoffHour).toBe(13);
      await db.updateTable('administrative_areas').set({ name: 'Zyzzogeton Area' }).where('id', '=', area.id).execute();
      expect((await find()).administrativeAreas.map((a) => a.name)).toContain('Zyzzogeton Area');
      await db.updateTable('municipalities').set({ latitude: 44.5 }).where('id', '=', target.id).execute();
      expect((await find()).latitude).toBe(44.5);
    } finally {
      await db.deleteFrom('municipality_directory').where('municipality_id', '=', target.id).execute();
      await db.updateTable('administrative_areas').set({ name: area.name }).where('id', '=', area.id).execute();
      await db.updateTable('municipalities').set({ latitude: before.latitude }).where('id', '=', target.id).execute();
    }
    expect(await find()).toEqual(before);
    expect(await municipalityById(db, target.id)).toEqual(before);
  });

  it.runIf(target === 'postgres')('shows a directory edit made through another replica (its own process cache) on the next search', async () => {
    const other = await createTestContext({ target, databaseUrl: ctx.databaseUrl as string });
    try {
      const team = await operator(other);
      const town = await ctx.services.db.selectFrom('municipalities').select(['id', 'name', 'state_code']).where('state_code', '=', 'NH').orderBy('id').executeTakeFirstOrThrow();
      const find = async (c: Ctx) => {
        const res = await c.request('GET', '/v4/lookup/municipalities', { query: { keyword: town.name, state: town.state_code, size: '200' } });
        return res.body.find((m: Municipality) => m.id === town.id) as Municipality;
      };
      const before = await find(ctx);
      expect(await find(other)).toEqual(before);
      const put = (body: unknown) => other.request('PUT', `/v4/operator/municipalities/${town.id}`, { token: team.accessToken, body });
      expect((await put({ mainPhone: '(603) 555-0142', cutoffHour: 10 })).status).toBe(200);
      const edited = await find(ctx);
      expect(edited.phoneNumbers).toContainEqual({ label: 'main', phoneNumber: '+16035550142' });
      expect(edited.permitCutoffHour).toBe(10);
      expect(await find(other)).toEqual(edited);
      await put({ mainPhone: null, cutoffHour: null });
      expect(await find(ctx)).toEqual(before);
    } finally {
      await other.close();
    }
  });

  it("finds an edit to a municipality's name or state by the very next keyword search", async () => {
    // No endpoint renames a municipality yet: the permit team's fix lands in the table (psql, a script, another replica).
    const db = ctx.services.db;
    const target = await db.selectFrom('municipalities').select(['id', 'name', 'state_code']).where('state_code', '=', 'WY').orderBy('id').executeTakeFirstOrThrow();
    const search = async (keyword: string, state?: string) => {
      const res = await ctx.request('GET', '/v4/lookup/municipalities', { query: { keyword, ...(state ? { state } : {}), size: '200' } });
      expect(res.status).toBe(200);
      return res.body.map((m: { id: number; name: string; stateCode: string }) => [m.id, m.name, m.stateCode]);
    };
    expect(await search(target.name, 'WY')).toContainEqual([target.id, target.name, 'WY']);
    expect(await search('zyzzogeton')).toEqual([]);
    try {
      await db.updateTable('municipalities').set({ name: 'City of Zyzzogeton' }).where('id', '=', target.id).execute();
      expect(await search('zyzzogeton')).toEqual([[target.id, 'City of Zyzzogeton', 'WY']]);
      expect(await search('ZYZZOGETON', 'wy')).toEqual([[target.id, 'City of Zyzzogeton', 'WY']]);
      expect((await search(target.name, 'WY')).map(([id]: [number]) => id)).not.toContain(target.id);
      await db.updateTable('municipalities').set({ state_code: 'MT' }).where('id', '=', target.id).execute();
      expect(await search('zyzzogeton', 'WY')).toEqual([]);
      expect(await search('zyzzogeton', 'MT')).toEqual([[target.id, 'City of Zyzzogeton', 'MT']]);
      // Inside a transaction its own uncommitted edit is found too (the SQL answers there).
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.updateTable('municipalities').set({ name: 'City of Quuxbridge' }).where('id', '=', target.id).execute();
          const inside = await listMunicipalities(trx, { keyword: 'quuxbridge', page: 1, size: 20 });
          expect(inside.items.map((m) => m.id)).toEqual([target.id]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await search('quuxbridge')).toEqual([]);
    } finally {
      await db.updateTable('municipalities').set({ name: target.name, state_code: target.state_code }).where('id', '=', target.id).execute();
    }
    expect(await search('zyzzogeton')).toEqual([]);
    expect(await search(target.name, 'WY')).toContainEqual([target.id, target.name, 'WY']);
  });

  it('pages administrative areas in the body and centres a map on one', async () => {
    const states = await ctx.request('GET', '/v3/v1/administrative-areas', { query: { type: 'state', size: '10' } });
    expect(states.status).toBe(200);
    expect(states.body.meta).toEqual({ 'page-size': 10, 'record-count': 51 });
    expect(states.body.links.prev).toBeNull();
    expect(states.body.links.next).toContain('page=2');
    const california = (await ctx.request('GET', '/v3/v1/administrative-areas', { query: { type: 'state', keyword: 'california' } })).body.data[0];
    const counties = await ctx.request('GET', '/v3/v1/administrative-areas', { query: { parentId: String(california.id), size: '100' } });
    expect(counties.body.meta['record-count']).toBe(58);
    const map = await ctx.request('GET', `/v1/administrative-areas/${california.id}/map`);
    expect(map.body).toMatchObject({ id: california.id, zoom: 6 });
    expect(map.body.municipalityCount).toBeGreaterThan(1000);
    expect((await ctx.request('GET', '/v1/administrative-areas/99999999/map')).status).toBe(404);
  });

  it('searches and geocodes addresses, and never fails on bad input', async () => {
    const found = await ctx.request('GET', '/v4/lookup/addresses', { query: { q: '742 Evergreen Terrace, Springfield, IL' } });
    expect(found.status).toBe(200);
    expect(found.body[0].place_name).toMatch(/^742 Evergreen Terrace, Springfield, IL 627\d\d$/);
    const geocoded = await ctx.request('GET', `/v4/lookup/addresses/${encodeURIComponent(found.body[0].id)}`);
    expect(geocoded.body).toMatchObject({ streetAddress: '742 Evergreen Terrace', city: 'Springfield', state: 'IL' });
    // One round trip: the municipality comes in the same answer, as GET /search/ answers for the address.
    const { latitude, longitude, city, state, zip } = geocoded.body;
    const located = await ctx.request('GET', '/search/', { query: { lat: String(latitude), lon: String(longitude), city, state, zip } });
    expect(geocoded.body.municipality).toEqual(located.body);
    expect(geocoded.body.municipality).toMatchObject({ name: 'City of Springfield', stateCode: 'IL' });
    expect(geocoded.body.governing).toBeUndefined();
    expect((await ctx.request('GET', '/v4/lookup/addresses', { query: { q: '%%%' } })).body).toEqual([]);
    expect((await ctx.request('GET', '/v4/lookup/addresses', { query: { q: '' } })).status).toBe(400);
    expect((await ctx.request('GET', '/v4/lookup/addresses/not-an-id')).status).toBe(404);
  });

  it('counts requests per address and in all (only the product counts; PUT changes nothing)', async () => {
    const id = 'us.0123456789abcdef.62704.';
    const details = { longitude: -89.65, latitude: 39.78, place_name: 'Springfield, IL 62704' };
    const before = (await ctx.request('GET', '/v4/lookup/served-requests')).body.count;
    expect((await ctx.request('GET', `/address-count/${id}`)).body).toMatchObject({ addressId: '0123456789abcdef', count: 0, isCreate: false });
    expect((await ctx.request('PUT', `/address-count/${id}`, { body: { details } })).status).toBe(401);
    const user = await ctx.createUser();
    expect((await ctx.request('PUT', `/address-count/${id}`, { body: { details }, token: user.accessToken })).body).toMatchObject({ count: 0, isCreate: false });
    expect((await ctx.request('POST', '/address-count/integrations', { body: { addressId: id, details } })).status).toBe(401);
    const viaIntegration = await ctx.request('POST', '/address-count/integrations', { body: { addressId: id, details }, token: user.accessToken });
    expect(viaIntegration.body.count).toBe(1);
    expect((await ctx.request('GET', '/v4/lookup/served-requests')).body.count).toBe(before + 1);
    expect((await ctx.request('PUT', `/address-count/${id}`, { body: { details: { longitude: 'x' } }, token: user.accessToken })).status).toBe(400);
  });

  it('serves the task catalogue with inspections in perform order and fees', async () => {
    const tasks = (await ctx.request('GET', '/tasks')).body;
    expect(tasks.map((t: { name: string }) => t.name)).toEqual(TASK_CATALOG.map((t) => t.name));
    const services = (await ctx.request('GET', '/tasks/permit-services')).body;
    expect(services.map((s: { category: string }) => s.category)).toEqual([...new Set(TASK_CATALOG.map((t) => t.category))]);
    const solar = tasks.find((t: { name: string }) => t.name === 'Solar PV System');
    const detail = await ctx.request('GET', `/v3/tasks/${solar.id}`, { query: { include: 'inspections,fees' } });
    expect(detail.body).toMatchObject({ name: 'Solar PV System', category: 'Solar' });
    expect(detail.body.inspections.map((i: { name: string }) => i.name)).toEqual(TASK_CATALOG.find((t) => t.name === 'Solar PV System')!.inspections);
    expect(detail.body.fees[0]).toMatchObject({ name: 'Permit fee', amount: 450 });
    expect((await ctx.request('GET', `/v3/tasks/${solar.id}`)).body.inspections).toBeUndefined();
    expect((await ctx.request('GET', '/v3/inspections', { query: { taskId: String(solar.id) } })).body.map((i: { performOrder: number }) => i.performOrder)).toEqual([1, 2, 3]);
    expect((await ctx.request('GET', '/v3/fees', { query: { taskId: String(solar.id) } })).body.map((f: { amount: number }) => f.amount)).toEqual([450, 150, 18]);
    expect((await ctx.request('GET', '/v3/tasks/99999')).status).toBe(404);
    expect((await ctx.request('GET', '/v3/fees', { query: { taskId: '99999' } })).status).toBe(404);
    expect((await ctx.request('GET', '/v3/tasks/abc')).status).toBe(400);
  });

  it('serves settings, stages and states from core’s tables', async () => {
    const settings = (await ctx.request('GET', '/global-setting')).body;
    expect(settings).toEqual(expect.arrayContaining(DEFAULT_SETTINGS.map((s) => ({ settingKey: s.settingKey, value: s.value }))));
    expect((await ctx.request('GET', '/permit-stages')).body).toEqual(PERMIT_STAGES.map(({ stage, name }) => ({ stage, name })));
    const states = (await ctx.request('GET', '/v4/states')).body;
    expect(states.map((s: { code: string }) => s.code)).toEqual(US_STATES.map((s) => s.value));
    expect((await ctx.request('GET', `/v4/states/${states[4].id}`)).body).toEqual({ id: states[4].id, code: 'CA', name: 'California' });
    expect((await ctx.request('GET', '/v4/states/999')).status).toBe(404);
  });
});
