// The radar search repository against a real database (every target of the harness): keyword on each
// search field, both status filters, active/all, each sort, paging and the total, and scoping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, databaseTargets } from '../../test/harness.js';
import { loadPermits } from '../../permits/read-model.js';
import { openPostgres } from '../../db/database.js';
import { KEYWORD_TOTAL_CAP, parseSearchParams, searchProjects, searchRadarAs, type SearchOptions } from './search-projects.js';

type Ctx = Awaited<ReturnType<typeof createTestContext>>;

describe.each(databaseTargets())('radar search on %s', (target) => {
  let ctx: Ctx;
  const users = { alice: '', bob: '' };
  const companies = { acme: 0, other: 0, vendor: 0 };
  const permitIds: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext({ target });
    const db = ctx.services.db;
    for (const name of ['alice', 'bob'] as const) {
      users[name] = (await ctx.services.identity.createUser({ email: `${name}@example.com`, password: 'secret-pass-1', name, confirmed: true })).id;
    }
    for (const name of ['acme', 'other', 'vendor'] as const) {
      companies[name] = Number((await sql<{ id: number }>`INSERT INTO companies (name) VALUES (${`${name} radar co`}) RETURNING id`.execute(db)).rows[0]!.id);
    }
    const taskId = async (name: string) => Number((await sql<{ id: number }>`SELECT id FROM permit_tasks WHERE name = ${name}`.execute(db)).rows[0]!.id);
    const municipality = Number((await sql<{ id: number }>`SELECT id FROM municipalities WHERE slug = 'ca/los-angeles-county/pasadena/city-of-pasadena'`.execute(db)).rows[0]!.id);
    const project = async (key: string, companyId: number | null, owner: string, customer: string, address: string, order: string | null, createdAt: string) =>
      Number((await sql<{ id: number }>`
        INSERT INTO projects (company_id, owner_user_id, customer_name, order_number, street_address, city, state, postal_code, project_address, municipality_id, created_at)
        VALUES (${companyId}, ${owner}::uuid, ${customer}, ${order}, ${address}, 'Pasadena', 'CA', '91101', ${`${address}, Pasadena, CA 91101`}, ${municipality}, ${createdAt})
        RETURNING id`.execute(db)).rows[0]!.id);
    const permit = async (key: string, projectId: number, task: string, stage: number, permitNumber: string | null, createdAt: string, dismissed = false) => {
      permitIds[key] = Number((await sql<{ id: number }>`
        INSERT INTO permits (project_id, task_id, municipality_id, stage, permit_number, created_at, dismissed)
        VALUES (${projectId}, ${await taskId(task)}, ${municipality}, ${stage}, ${permitNumber}, ${createdAt}, ${dismissed}) RETURNING id`.execute(db)).rows[0]!.id);
    };
    const p1 = await project('p1', companies.acme, users.alice, 'Zelda Young', '12 Orchard Ln', 'PO-7781', '2024-01-01');
    const p2 = await project('p2', companies.acme, users.alice, 'aaron Banks', '400 Cedar Ln', null, '2024-02-01');
    const p3 = await project('p3', companies.acme, users.bob, 'Maria Lopez', '9 Maple Dr', 'PO-1200', '2024-03-01');
    const p4 = await project('p4', companies.other, users.bob, 'Hidden Customer', '1 Secret Rd', 'PO-9999', '2024-04-01');
    const p5 = await project('p5', companies.other, users.bob, 'Shared Customer', '5 Vendor Way', null, '2024-05-01');
    const p6 = await project('p6', null, users.alice, 'Personal Pete', '77 Home St', null, '2024-06-01');
    await permit('zeldaRoof', p1, 'Re-Roof', 50, 'ROO-2024-0001', '2024-01-02');
    await permit('zeldaTriage', p1, 'Fence', 70, null, '2024-01-03');
    await permit('aaronSolar', p2, 'Solar PV System', 10, null, '2024-02-02');
    await permit('mariaPanel', p3, 'Electrical Panel Replacement', 72, null, '2024-03-02', true);
    await permit('mariaPool', p3, 'Swimming Pool / Spa', 30, 'POOL-55', '2024-03-03');
    await permit('hidden', p4, 'Re-Roof', 50, 'ROO-2024-0002', '2024-04-02');
    await permit('shared', p5, 'Deck', 20, null, '2024-05-02');
    await permit('pete', p6, 'Fence', 10, null, '2024-06-02');
    // Project 5 of the other company is shared with acme as a vendor.
    await sql`INSERT INTO project_assignments (project_id, assignee_type, assignee_company_id, assign_name, access_level)
              VALUES (${p5}, 'Vendor', ${companies.acme}, 'acme radar co', 'editor')`.execute(db);
    void p2;
  });
  afterAll(() => ctx?.close());

  const search = (query: Record<string, unknown>, companyId: number | null = companies.acme, userId = users.alice, options: SearchOptions = {}) =>
    searchProjects(ctx.services.db, { userId, companyId }, parseSearchParams(query), options);
  const capped = (cap: number, query: Record<string, unknown>) => search(query, companies.acme, users.alice, { keywordTotalCap: cap });
  const keys = (rows: { id: number }[]) => rows.map((row) => Object.keys(permitIds).find((key) => permitIds[key] === row.id));

  it('lists the company radar by customer name (default), with assigned projects and without dismissed ones', async () => {
    const result = await search({});
    expect(keys(result.rows)).toEqual(['aaronSolar', 'mariaPool', 'shared', 'zeldaRoof', 'zeldaTriage']);
    expect(result.totalCount).toBe(5);
    expect(result.rows[0]).toMatchObject({ customerName: 'aaron Banks', taskName: 'Solar PV System', municipalityName: 'City of Pasadena', companyId: companies.acme });
  });

  it('never shows another company’s projects', async () => {
    const all = await search({ type: 'all', keyword: 'ROO-2024' });
    expect(keys(all.rows)).toEqual(['zeldaRoof']);
    const other = await search({}, companies.other, users.bob);
    expect(keys(other.rows)).toEqual(['hidden', 'shared']);
  });

  it('keeps the user’s own personal projects out of a company radar (they are under Personal)', async () => {
    // A personal project's main owner is its creator (projects.repository.ts): an assignment in the user's own scope.
    const db = ctx.services.db;
    const pete = (await sql<{ id: number }>`SELECT id FROM projects WHERE customer_name = 'Personal Pete'`.execute(db)).rows[0]!.id;
    await sql`INSERT INTO project_assignments (project_id, assignee_type, assignee_user_id, assign_name, access_level)
              VALUES (${pete}, 'User', ${users.alice}::uuid, 'alice', 'owner')`.execute(db);
    try {
      expect(keys((await search({})).rows)).not.toContain('pete');
      expect((await search({ type: 'all' })).totalCount).toBe(6);
      expect(keys((await search({}, null)).rows)).toEqual(['pete']);
    } finally {
      await sql`DELETE FROM project_assignments WHERE project_id = ${pete}`.execute(db);
    }
  });

  it('shows the personal radar for no company', async () => {
    expect(keys((await search({}, null)).rows)).toEqual(['pete']);
    expect((await search({}, null, users.bob)).totalCount).toBe(0);
  });

  it('filters HasPermit (not 70/71/72) and type all (dismissed too)', async () => {
    expect(keys((await search({ status: 'HasPermit' })).rows)).toEqual(['aaronSolar', 'mariaPool', 'shared', 'zeldaRoof']);
    expect((await search({ status: 'HasPermit' })).totalCount).toBe(4);
    const all = await search({ type: 'all' });
    expect(all.totalCount).toBe(6);
    expect(keys(all.rows)).toContain('mariaPanel');
  });

  it.each([
    ['+customerName', ['aaronSolar', 'mariaPool', 'shared', 'zeldaRoof', 'zeldaTriage']],
    ['-customerName', ['zeldaTriage', 'zeldaRoof', 'shared', 'mariaPool', 'aaronSolar']],
    ['+createdAt', ['zeldaRoof', 'zeldaTriage', 'aaronSolar', 'mariaPool', 'shared']],
    ['-createdAt', ['shared', 'mariaPool', 'aaronSolar', 'zeldaTriage', 'zeldaRoof']],
    ['+status', ['aaronSolar', 'shared', 'mariaPool', 'zeldaRoof', 'zeldaTriage']],
    ['-status', ['zeldaTriage', 'zeldaRoof', 'mariaPool', 'shared', 'aaronSolar']],
  ])('sorts %s', async (sort, expected) => {
    expect(keys((await search({ sort })).rows)).toEqual(expected);
  });

  it.each([
    ['customerName', 'lopez', ['mariaPool']],
    ['jobAddress', 'orchard', ['zeldaRoof', 'zeldaTriage']],
    ['orderNumber', 'po-1200', ['mariaPool']],
    ['permitNumber', 'pool-55', ['mariaPool']],
    ['taskName', 're-roof', ['zeldaRoof']],
  ])('finds a keyword in %s only', async (field, keyword, expected) => {
    const result = await search({ keyword, searchFields: field });
    expect(keys(result.rows)).toEqual(expected);
    expect(result.totalCount).toBe(expected.length);
  });

  it('finds a project by its id, and a keyword over every field by default', async () => {
    const projectId = (await search({ keyword: 'orchard' })).rows[0]!.projectId;
    expect(keys((await search({ keyword: String(projectId), searchFields: 'projectId' })).rows)).toEqual(['zeldaRoof', 'zeldaTriage']);
    expect(keys((await search({ keyword: 'MAPLE' })).rows)).toEqual(['mariaPool']);
    expect((await search({ keyword: 'lopez', searchFields: 'taskName' })).totalCount).toBe(0);
    expect((await search({ keyword: '100%_\\' })).rows).toEqual([]);
  });

  it('matches a keyword of one or two letters or digits at the start of a word', async () => {
    expect(keys((await search({ keyword: 'ma' })).rows)).toEqual(['mariaPool']);
    expect(keys((await search({ keyword: 'PO' })).rows)).toEqual(['mariaPool', 'zeldaRoof', 'zeldaTriage']);
    // Inside a word it is not found: 'ar' is in Orchard, Maria and aaron, but starts no word.
    expect((await search({ keyword: 'ar' })).totalCount).toBe(0);
    // With punctuation, or three letters or digits, a substring anywhere again.
    expect(keys((await search({ keyword: 'e-' })).rows)).toEqual(['zeldaRoof']);
    expect((await search({ keyword: '.*' })).totalCount).toBe(0);
    expect(keys((await search({ keyword: 'po', searchFields: 'permitNumber' })).rows)).toEqual(['mariaPool']);
    expect(keys((await search({ keyword: 'po', searchFields: 'orderNumber' })).rows)).toEqual(['mariaPool', 'zeldaRoof', 'zeldaTriage']);
    expect(keys((await search({ keyword: 'sw', searchFields: 'taskName' })).rows)).toEqual(['mariaPool']);
    expect((await search({ keyword: 'sw', searchFields: 'customerName' })).totalCount).toBe(0);
    expect(keys((await search({ keyword: 'rch' })).rows)).toEqual(['zeldaRoof', 'zeldaTriage']);
  });

  it('counts a keyword’s matches exactly up to the cap, and reads the cap itself past it (x-pagination-totalcount)', async () => {
    // 'pasadena' is in every job address: acme's four active permits and the vendor-shared one.
    expect(KEYWORD_TOTAL_CAP).toBe(2_000);
    expect((await search({ keyword: 'pasadena' })).totalCount).toBe(5);
    expect((await capped(5, { keyword: 'pasadena' })).totalCount).toBe(5);
    expect((await capped(4, { keyword: 'pasadena' })).totalCount).toBe(4);
    expect((await capped(2, { keyword: 'pasadena', status: 'HasPermit' })).totalCount).toBe(2);
    // Without a keyword there is no cap.
    expect((await capped(2, {})).totalCount).toBe(5);
  });

  it.each(['+customerName', '-customerName', '+createdAt', '-createdAt', '+status', '-status'])(
    'pages a keyword %s the same below the cap (sorted matches) and past it (ordered walk)',
    async (sort) => {
      const pages = async (cap?: number) => {
        const found: (string | undefined)[][] = [];
        for (const page of [1, 2, 3, 4]) {
          const query = { keyword: 'pasadena', sort, size: 2, page };
          found.push(keys((cap === undefined ? await search(query) : await capped(cap, query)).rows));
        }
        return found;
      };
      const exact = await pages();
      expect(exact.flat()).toHaveLength(5);
      expect(exact.flat()).toContain('shared');
      expect(exact.at(-1)).toEqual([]);
      expect(await pages(1)).toEqual(exact);
      expect(keys((await search({ sort })).rows)).toEqual(exact.flat());
    },
  );

  it.each(['+customerName', '-customerName', '+createdAt', '-createdAt', '+status', '-status'])(
    'pages %s one row at a time in the order of the whole list, the assigned project merged at its place',
    async (sort) => {
      const whole = keys((await search({ sort })).rows);
      const oneByOne: (string | undefined)[] = [];
      for (let page = 1; page <= whole.length + 1; page++) oneByOne.push(...keys((await search({ sort, size: 1, page })).rows));
      expect(oneByOne).toEqual(whole);
      expect(whole).toContain('shared');
    },
  );

  it('pages with a stable total', async () => {
    const first = await search({ size: 2, page: 1 });
    const third = await search({ size: 2, page: 3 });
    expect(keys(first.rows)).toEqual(['aaronSolar', 'mariaPool']);
    expect(keys(third.rows)).toEqual(['zeldaTriage']);
    expect([first.totalCount, third.totalCount]).toEqual([5, 5]);
    expect((await search({ size: 2, page: 9 })).rows).toEqual([]);
  });

  it('follows a renamed customer and keeps counts right after a stage change', async () => {
    const db = ctx.services.db;
    await sql`UPDATE projects SET customer_name = 'Aaa Aardvark' WHERE customer_name = 'Zelda Young'`.execute(db);
    expect(keys((await search({})).rows).slice(0, 2)).toEqual(['zeldaRoof', 'zeldaTriage']);
    expect(keys((await search({ keyword: 'aardvark' })).rows)).toEqual(['zeldaRoof', 'zeldaTriage']);
    await sql`UPDATE permits SET stage = 40 WHERE id = ${permitIds.zeldaTriage!}`.execute(db);
    expect((await search({ status: 'HasPermit' })).totalCount).toBe(5);
    await sql`UPDATE permits SET stage = 70 WHERE id = ${permitIds.zeldaTriage!}`.execute(db);
    expect((await search({ status: 'HasPermit' })).totalCount).toBe(4);
  });

  it('tests job address and order number against the project’s current values', async () => {
    const db = ctx.services.db;
    expect(keys((await search({ keyword: 'maple', searchFields: 'jobAddress' })).rows)).toEqual(['mariaPool']);
    await sql`UPDATE projects SET street_address = '9 Birch Ct', project_address = '9 Birch Ct, Pasadena, CA 91101', order_number = 'PO-3400'
              WHERE customer_name = 'Maria Lopez'`.execute(db);
    expect((await search({ keyword: 'maple', searchFields: 'jobAddress' })).totalCount).toBe(0);
    expect(keys((await search({ keyword: 'BIRCH CT', searchFields: 'jobAddress' })).rows)).toEqual(['mariaPool']);
    expect((await search({ keyword: 'po-1200', searchFields: 'orderNumber' })).totalCount).toBe(0);
    expect(keys((await search({ keyword: 'po-3400', searchFields: 'orderNumber,taskName' })).rows)).toEqual(['mariaPool']);
    // A permit added to the project later carries the same values.
    const projectId = (await search({ keyword: 'birch' })).rows[0]!.projectId;
    await sql`INSERT INTO permits (project_id, task_id, municipality_id, stage)
              SELECT ${projectId}, t.id, p.municipality_id, 20 FROM projects p, permit_tasks t WHERE p.id = ${projectId} AND t.name = 'Deck'`.execute(db);
    const added = await search({ keyword: 'deck', searchFields: 'taskName' });
    expect(added.rows.map((row) => row.address.streetAddress)).toEqual(['9 Birch Ct', '5 Vendor Way']);
    expect((await search({ keyword: 'po-3400', searchFields: 'orderNumber' })).totalCount).toBe(2);
  });

  it('reads radarScopeOf’s check with the page (searchRadarAs): the same answers for a usable role, 403 without one', async () => {
    const db = ctx.services.db;
    const member = (companyId: number, userId: string, role: string, active = true) =>
      sql`INSERT INTO company_users (company_id, user_id, role, active) VALUES (${companyId}, ${userId}::uuid, ${role}, ${active})`.execute(db);
    await member(companies.acme, users.alice, 'owner');
    await member(companies.other, users.bob, 'pm');
    await member(companies.other, users.alice, 'user', false);
    await member(companies.vendor, users.alice, 'guest');
    const as = (query: Record<string, unknown>, companyId: number | null, userId: string) => searchRadarAs(db, userId, companyId, parseSearchParams(query));
    const queries = [{}, { type: 'all' }, { sort: '-createdAt', size: 2, page: 2 }, { status: 'HasPermit' }, { keyword: 'ro' }];
    // acme has a project assigned from outside (merged afterwards), other none (one statement), alice's personal radar.
    for (const [companyId, userId] of [[companies.acme, users.alice], [companies.other, users.bob], [null, users.alice]] as const) {
      for (const query of queries) {
        const checked = await as(query, companyId, userId);
        expect(JSON.stringify(checked)).toBe(JSON.stringify(await search(query, companyId, userId)));
        // The page's rows read with the head are the permits as the by-id read model answers them.
        expect(JSON.stringify(checked.rows)).toBe(JSON.stringify(await loadPermits(db, checked.rows.map((row) => row.id))));
      }
      expect((await as({}, companyId, userId)).rows.length).toBeGreaterThan(0);
    }
    // A disabled role, a guest's role, no role: 403 before anything is answered, with or without a keyword.
    for (const [companyId, userId] of [[companies.other, users.alice], [companies.vendor, users.alice], [companies.acme, users.bob]] as const) {
      for (const query of [{}, { keyword: 'ro' }]) {
        await expect(as(query, companyId, userId)).rejects.toMatchObject({ status: 403, code: 'COMPANY_FORBIDDEN' });
      }
    }
  });

  it.runIf(target === 'postgres')('keeps the first page’s prepared statement as a generic plan after five runs: planned once, not on every request', async () => {
    const db = ctx.services.db;
    await sql`INSERT INTO company_users (company_id, user_id, role, active) VALUES (${companies.other}, ${users.bob}::uuid, 'pm', true) ON CONFLICT DO NOTHING`.execute(db);
    // Skewed assignments, as a real database has: one vendor holds 60,000 of them, the others none. A plan
    // that reads the company's id estimates ~1 row for 'other', the generic plan ~60,000: the costs differ
    // and PostgreSQL would plan the statement afresh on every run.
    await sql`INSERT INTO project_assignments (project_id, assignee_type, assignee_company_id, assign_name, access_level)
              SELECT p.id, 'Vendor', ${companies.vendor}, 'vendor radar co', 'editor' FROM projects p, generate_series(1, 20000)
              WHERE p.company_id = ${companies.acme}`.execute(db);
    // And skewed scopes: acme holds 30,000 more permits, 'other' a handful. A plan that reads the scope's key
    // estimates a few rows for 'other', the generic plan the average scope's.
    await sql`INSERT INTO permits (project_id, task_id, municipality_id, stage)
              SELECT p.id, t.id, p.municipality_id, 20 FROM projects p, permit_tasks t, generate_series(1, 30000 / (SELECT count(*) FROM projects WHERE company_id = ${companies.acme}))
              WHERE p.company_id = ${companies.acme} AND t.name = 'Deck'`.execute(db);
    await sql`ANALYZE project_assignments`.execute(db);
    await sql`ANALYZE permits`.execute(db);
    // One connection: the statement's plan counts below are this connection's.
    const one = await openPostgres(ctx.databaseUrl!, { poolSize: 1 });
    try {
      for (let run = 0; run < 8; run += 1) expect((await searchRadarAs(one.db, users.bob, companies.other, parseSearchParams({}))).rows.length).toBeGreaterThan(0);
      const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
        SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement LIKE '%WITH head AS MATERIALIZED%'`.execute(one.db);
      expect(rows).toHaveLength(1);
      // Five custom plans to learn the cost, then the generic plan for the other three runs.
      expect(rows[0]).toEqual({ custom_plans: 5, generic_plans: 3 });
    } finally {
      await one.close();
    }
  });
});
