// The CSV exports over HTTP (issue 18): the radar's view (exactly the search's filters, sort and scope,
// every row, walked in keyset pages), each vault table, CSV injection neutralised, and the signed
// download links attacked: tampered, expired, another user's, scope widened, access lost since.
import { EXPORT_LINK_MESSAGES, EXPORT_LINK_TTL_SECONDS, RADAR_CSV_COLUMNS, VAULT_CSV_COLUMNS, type ExportLink, type Permit } from '@permitdesk/core';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf } from '../test/permit-fixtures.js';
import { parseSearchParams } from '../projects/search/search-projects.js';
import { walkRadar } from '../projects/search/radar-walk.js';

const INJECTIONS = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tTabbed', '\rReturn'];

describe.each(databaseTargets())('CSV exports on %s', (target) => {
  let t: TestContext;
  let alice: TestUser;
  let bob: TestUser;
  let acme: number;
  let other: number;

  /** The rows of a CSV answer (header row first). */
  const rowsOf = (text: string): string[][] => parse(text, { relaxColumnCount: false });
  const csv = async (path: string, user: TestUser | null, query: Record<string, string | number | undefined> = {}) => {
    const res = await t.request('GET', path, { token: user?.accessToken ?? null, query });
    return { ...res, rows: res.status === 200 ? rowsOf(res.text) : [] };
  };
  const link = async (user: TestUser, body: unknown) => t.request<ExportLink>('POST', '/v4/exports/links', { token: user.accessToken, body });
  /** A link's path and query, as the browser opens it. */
  const open = (url: string) => {
    const u = new URL(url);
    return t.request('GET', u.pathname + u.search);
  };

  beforeAll(async () => {
    t = await createTestContext({ target });
    alice = await t.createUser({ name: 'Alice Export' });
    bob = await t.createUser({ name: 'Bob Export' });
    acme = await companyOf(t, alice, 'Acme Export Co');
    other = await companyOf(t, bob, 'Other Export Co');
    const db = t.services.db;
    const task = Number((await sql<{ id: number }>`SELECT id FROM permit_tasks ORDER BY id LIMIT 1`.execute(db)).rows[0]!.id);
    const municipality = Number((await sql<{ id: number }>`SELECT id FROM municipalities ORDER BY id LIMIT 1`.execute(db)).rows[0]!.id);
    const add = async (companyId: number, owner: string, customer: string, stage: number, createdAt: string, dismissed = false) => {
      const project = Number((await sql<{ id: number }>`
        INSERT INTO projects (company_id, owner_user_id, customer_name, street_address, city, state, postal_code, project_address, municipality_id, created_at)
        VALUES (${companyId}, ${owner}::uuid, ${customer}, '1 Main St', 'Pasadena', 'CA', '91101', '1 Main St, Pasadena, CA 91101', ${municipality}, ${createdAt})
        RETURNING id`.execute(db)).rows[0]!.id);
      await sql`INSERT INTO permits (project_id, task_id, municipality_id, stage, created_at, dismissed)
                VALUES (${project}, ${task}, ${municipality}, ${stage}, ${createdAt}, ${dismissed})`.execute(db);
    };
    // 23 permits for acme (some share a customer name and a time, so the keyset needs the id too).
    for (let i = 0; i < 20; i++) await add(acme, alice.sub, `Customer ${String(i % 7).padStart(2, '0')}`, [10, 20, 30, 50, 70][i % 5]!, `2024-01-${String((i % 9) + 1).padStart(2, '0')} 10:00:00.123456+00`, i === 4);
    for (const [i, name] of INJECTIONS.slice(0, 3).entries()) await add(acme, alice.sub, name, 10, `2024-02-0${i + 1}`);
    await add(other, bob.sub, 'Secret Customer', 10, '2024-01-01');
    for (const name of ['Zoning license', ...INJECTIONS.slice(3), 'a license']) {
      const res = await t.request('POST', `/v4/companies/${acme}/licenses`, { token: alice.accessToken, body: { name, licenseType: 'state', number: `N-${name.length}` } });
      expect(res.status, res.text).toBe(200);
    }
    // The API trims a leading tab or line break; a row written otherwise (an import) may still hold one.
    await sql`UPDATE company_licenses SET name = ${'\tTabbed'} WHERE company_id = ${acme} AND name = 'Tabbed'`.execute(db);
    await sql`UPDATE company_licenses SET name = ${'\rReturn'} WHERE company_id = ${acme} AND name = 'Return'`.execute(db);
    expect((await t.request('POST', `/v4/companies/${acme}/documentations`, { token: alice.accessToken, body: { name: 'Safety plan', category: 'Sorted' } })).status).toBe(200);
  });
  afterAll(() => t?.close());

  /** Every row of a radar search, page by page through the search endpoint (the radar's own view). */
  const searchAll = async (user: TestUser, query: Record<string, string | number | undefined>) => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await t.request<Permit[]>('GET', '/v4/projects/search', { token: user.accessToken, query: { ...query, page, size: 100 } });
      expect(res.status, res.text).toBe(200);
      ids.push(...res.body.map((p) => p.id));
      if (res.body.length < 100) return ids;
    }
  };

  it.each([
    {},
    { sort: '-customerName' },
    { sort: '+createdAt' },
    { sort: '-createdAt', status: 'HasPermit' },
    { sort: '+status', type: 'all' },
    { sort: '-status', keyword: 'customer 0' },
  ])('exports the radar view %o: the search’s rows in its order, every column', async (filters) => {
    const query = { companyId: acme, ...filters };
    const res = await csv('/v4/exports/radar.csv', alice, query);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="project-radar-company-${acme}.csv"`);
    expect(res.rows[0]).toEqual([...RADAR_CSV_COLUMNS]);
    const expected = await searchAll(alice, query);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.rows.slice(1).map((row) => Number(row[0]))).toEqual(expected);
  });

  it('walks the view in keyset pages equal to the whole (pages of 1, 2 and 7)', async () => {
    for (const sort of ['+customerName', '-customerName', '+createdAt', '-createdAt', '+status', '-status']) {
      const params = parseSearchParams({ sort, type: 'all' });
      const whole = await searchAll(alice, { companyId: acme, sort, type: 'all' });
      for (const size of [1, 2, 7]) {
        const walked: number[] = [];
        for await (const page of walkRadar(t.services.db, { userId: alice.sub, companyId: acme }, params, size)) walked.push(...page.map((p) => p.id));
        expect(walked, `${sort} by ${size}`).toEqual(whole);
      }
    }
  });

  it('honours the filters: dismissed only with type all, no triage with HasPermit', async () => {
    const active = await csv('/v4/exports/radar.csv', alice, { companyId: acme });
    const all = await csv('/v4/exports/radar.csv', alice, { companyId: acme, type: 'all' });
    const hasPermit = await csv('/v4/exports/radar.csv', alice, { companyId: acme, status: 'HasPermit' });
    expect(all.rows.length - active.rows.length).toBe(1);
    const stage = RADAR_CSV_COLUMNS.indexOf('stage');
    expect(hasPermit.rows.slice(1).some((row) => row[stage] === active.rows.find((r) => r[stage]?.includes('Permit needed'))?.[stage])).toBe(false);
    expect(hasPermit.rows.length).toBeLessThan(active.rows.length);
  });

  it('keeps to the scope: another company is 403, the personal radar has only the user’s own', async () => {
    const refused = await csv('/v4/exports/radar.csv', alice, { companyId: other });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('COMPANY_FORBIDDEN');
    expect((await csv('/v4/exports/radar.csv', null, { companyId: acme })).status).toBe(401);
    const personal = await csv('/v4/exports/radar.csv', alice);
    expect(personal.status).toBe(200);
    expect(personal.rows).toHaveLength(1);
    const bobs = await csv('/v4/exports/radar.csv', bob, { companyId: other });
    expect(bobs.rows.slice(1).map((row) => row[2])).toEqual(['Secret Customer']);
    expect((await csv('/v4/exports/radar.csv', alice, { companyId: acme, sort: 'bogus' })).status).toBe(400);
  });

  it('neutralises CSV injection: every cell starting with = + - @ tab or CR gets a leading quote', async () => {
    const radar = await csv('/v4/exports/radar.csv', alice, { companyId: acme, keyword: '' });
    const names = radar.rows.map((row) => row[2]!);
    for (const bad of INJECTIONS.slice(0, 3)) expect(names).toContain(`'${bad}`);
    const licenses = await csv(`/v4/exports/companies/${acme}/licenses.csv`, alice);
    expect(licenses.status, licenses.text).toBe(200);
    const licenseNames = licenses.rows.map((row) => row[1]!);
    for (const bad of INJECTIONS.slice(3)) expect(licenseNames).toContain(`'${bad}`);
    for (const row of [...radar.rows, ...licenses.rows]) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('exports each vault table with its filters, to the vault’s readers only', async () => {
    const licenses = await csv(`/v4/exports/companies/${acme}/licenses.csv`, alice);
    expect(licenses.rows[0]).toEqual(VAULT_CSV_COLUMNS.licenses);
    expect(licenses.headers.get('content-disposition')).toBe(`attachment; filename="company-${acme}-licenses.csv"`);
    const listed = await t.request<{ licenseId: number }[]>('GET', `/v4/companies/${acme}/licenses`, { token: alice.accessToken });
    expect(licenses.rows.slice(1).map((row) => Number(row[0]))).toEqual(listed.body.map((l) => l.licenseId));
    const zoning = await csv(`/v4/exports/companies/${acme}/licenses.csv`, alice, { keyword: 'zoning' });
    expect(zoning.rows.slice(1).map((row) => row[1])).toEqual(['Zoning license']);
    const docs = await csv(`/v4/exports/companies/${acme}/documentations.csv`, alice);
    expect(docs.rows).toEqual([VAULT_CSV_COLUMNS.documentations, [expect.any(String), 'Safety plan', 'Sorted', 'active', '', expect.any(String)]]);
    expect((await csv(`/v4/exports/companies/${acme}/documentations.csv`, alice, { category: 'Unneeded' })).rows).toEqual([VAULT_CSV_COLUMNS.documentations]);
    expect((await csv(`/v4/exports/companies/${acme}/documentations.csv`, alice, { category: 'Sorted' })).rows).toHaveLength(2);
    for (const kind of ['insurances', 'certificates']) expect((await csv(`/v4/exports/companies/${acme}/${kind}.csv`, alice)).rows).toEqual([VAULT_CSV_COLUMNS[kind as 'insurances']]);
    expect((await csv(`/v4/exports/companies/${acme}/licenses.csv`, bob)).status).toBe(403);
    expect((await csv(`/v4/exports/companies/${acme}/passwords.csv`, alice)).status).toBe(400);
  });

  describe('signed download links', () => {
    it('a link opens the export without a bearer header, bound to its user, for 60 seconds', async () => {
      const res = await link(alice, { export: 'radar', query: { companyId: acme, sort: '-createdAt', page: 3 } });
      expect(res.status, res.text).toBe(200);
      const url = new URL(res.body.url);
      expect(url.pathname).toBe('/v4/exports/download');
      expect(url.searchParams.get('u')).toBe(alice.sub);
      expect(Date.parse(res.body.expiresAt) - Date.now()).toBeLessThanOrEqual(EXPORT_LINK_TTL_SECONDS * 1000 + 1000);
      const downloaded = await open(res.body.url);
      expect(downloaded.status, downloaded.text).toBe(200);
      const direct = await csv('/v4/exports/radar.csv', alice, { companyId: acme, sort: '-createdAt' });
      expect(downloaded.text).toBe(direct.text);
      const vault = await link(alice, { export: 'licenses', companyId: acme, query: { keyword: 'zoning' } });
      const vaultCsv = await open(vault.body.url);
      expect(rowsOf(vaultCsv.text).slice(1).map((row) => row[1])).toEqual(['Zoning license']);
    });

    it('refuses a link for an export the caller may not read', async () => {
      const radar = await link(alice, { export: 'radar', query: { companyId: other } });
      expect(radar.status).toBe(403);
      expect((await link(alice, { export: 'certificates', companyId: other })).status).toBe(403);
      expect((await link(alice, { export: 'passwords', companyId: acme })).status).toBe(400);
      expect((await t.request('POST', '/v4/exports/links', { body: { export: 'radar' } })).status).toBe(401);
    });

    it('refuses a tampered link: every parameter is signed', async () => {
      const res = await link(alice, { export: 'radar', query: { companyId: acme } });
      const tamper = async (change: (params: URLSearchParams) => void) => {
        const url = new URL(res.body.url);
        change(url.searchParams);
        const answer = await open(url.toString());
        expect(answer.status, url.search).toBe(403);
        expect(answer.body).toEqual({ message: EXPORT_LINK_MESSAGES.invalid, code: 'EXPORT_LINK_INVALID' });
      };
      await tamper((p) => p.set('sig', `${p.get('sig')!.slice(0, -2)}AA`));
      await tamper((p) => p.delete('sig'));
      await tamper((p) => p.set('exp', String(Number(p.get('exp')) + 3600)));
      await tamper((p) => p.set('type', 'all'));
      await tamper((p) => p.set('export', 'licenses'));
      // Scope widened: the same link pointed at another company, or at another user's radar.
      await tamper((p) => p.set('companyId', String(other)));
      await tamper((p) => p.delete('companyId'));
      await tamper((p) => p.set('u', bob.sub));
    });

    it('refuses another user’s link made over, and a link signed for another purpose', async () => {
      // Bob's own link cannot be turned into Alice's company export: the user and scope are signed together.
      const bobs = await link(bob, { export: 'radar', query: { companyId: other } });
      const url = new URL(bobs.body.url);
      url.searchParams.set('companyId', String(acme));
      expect((await open(url.toString())).status).toBe(403);
      url.searchParams.set('u', alice.sub);
      expect((await open(url.toString())).status).toBe(403);
      // A file URL's signature (the storage signer) never passes as an export link's.
      const fileSigned = (await import('../storage/url-signing.js')).createUrlSigner(new TextEncoder().encode('x')).sign('exports/download', { export: 'radar', u: alice.sub, exp: '9999999999' });
      expect((await t.request('GET', `/v4/exports/download?${fileSigned}`)).status).toBe(403);
    });

    it('refuses an expired link', async () => {
      const res = await link(alice, { export: 'licenses', companyId: acme });
      t.advanceTime((EXPORT_LINK_TTL_SECONDS + 1) * 1000);
      const expired = await open(res.body.url);
      expect(expired.status).toBe(403);
      expect(expired.body).toEqual({ message: EXPORT_LINK_MESSAGES.expired, code: 'EXPORT_LINK_EXPIRED' });
    });

    it('checks the user’s access again at the download: a member removed since is refused', async () => {
      const member = await t.createUser({ name: 'Mia Member' });
      await t.services.db.insertInto('company_users').values({ company_id: acme, user_id: member.sub, role: 'user', active: true }).execute();
      const res = await link(member, { export: 'radar', query: { companyId: acme } });
      expect(res.status, res.text).toBe(200);
      const vault = await link(member, { export: 'licenses', companyId: acme });
      await t.services.db.updateTable('company_users').set({ active: false }).where('user_id', '=', member.sub).execute();
      expect((await open(res.body.url)).status).toBe(403);
      expect((await open(vault.body.url)).status).toBe(403);
    });
  });
});
