// Demo data, small: every stage and derived status appears, the demo users can sign in, and the
// radar of the demo company sees its own projects plus those shared with it.
import { PERMIT_STAGES } from '@permitdesk/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearchParams, searchProjects } from '../projects/search/search-projects.js';
import { createTestContext, databaseTargets } from '../test/harness.js';
import { DEMO_PASSWORD, DEMO_USERS, loadDemoData, splitProjects, type DemoSummary } from './demo-data.js';

type Ctx = Awaited<ReturnType<typeof createTestContext>>;

describe('splitProjects', () => {
  it('gives the demo company enough projects for --largest permits and shares the rest', () => {
    expect(splitProjects(800_000, 5, 200_000)).toEqual([160_000, 160_000, 160_000, 160_000, 160_000]);
    expect(splitProjects(100, 3, 50)).toEqual([40, 30, 30]);
    expect(splitProjects(100, 1, 50)).toEqual([100]);
  });
});

describe.each(databaseTargets())('demo data on %s', (target) => {
  let ctx: Ctx;
  let summary: DemoSummary;
  beforeAll(async () => {
    ctx = await createTestContext({ target });
    summary = await loadDemoData(ctx.services, { projects: 160, companies: 2, largest: 150 });
  });
  afterAll(() => ctx?.close());

  it('creates about 200 permits over every stage', async () => {
    expect(summary.permits).toBeGreaterThanOrEqual(200);
    const { rows } = await sql<{ stage: number }>`SELECT DISTINCT stage FROM permits ORDER BY stage`.execute(ctx.services.db);
    expect(rows.map((row) => row.stage)).toEqual(PERMIT_STAGES.map((entry) => entry.stage).sort((a, b) => a - b));
  });

  it('covers expired permits, open ones past their estimated completion, inspections and cancellations', async () => {
    const { rows } = await sql<{ expired: number; late: number; inspected: number; cancellations: number; dismissed: number }>`
      SELECT (SELECT count(*)::int FROM permits WHERE stage = 50 AND expires_at < now()) AS expired,
             (SELECT count(*)::int FROM permits WHERE stage = 50 AND expires_at > now() AND est_completion_at < now()) AS late,
             (SELECT count(DISTINCT permit_id)::int FROM permit_inspections) AS inspected,
             (SELECT count(*)::int FROM cancellation_requests) AS cancellations,
             (SELECT count(*)::int FROM permits WHERE dismissed) AS dismissed`.execute(ctx.services.db);
    const found = rows[0]!;
    for (const value of Object.values(found)) expect(value).toBeGreaterThan(0);
    const { rows: addresses } = await sql<{ project_address: string; municipality_id: number }>`SELECT project_address, municipality_id FROM projects LIMIT 5`.execute(ctx.services.db);
    for (const address of addresses) expect(address.project_address).toMatch(/^\d+ .+, .+, [A-Z]{2} \d{5}$/);
  });

  it('lets the demo users sign in, and the demo radar shows its projects with totals', async () => {
    for (const user of DEMO_USERS) expect((await ctx.signIn(user.email, DEMO_PASSWORD)).email).toBe(user.email);
    const radar = await searchProjects(ctx.services.db, { userId: summary.ownerUserId, companyId: summary.companyId }, parseSearchParams({ type: 'all' }));
    expect(radar.totalCount).toBeGreaterThanOrEqual(150);
    expect(radar.rows).toHaveLength(20);
    expect(radar.rows.every((row) => row.companyId === summary.companyId)).toBe(true);
  });
});
