// The server's own VACUUM of the queue tables where nothing else vacuums them (PGlite; PostgreSQL with
// autovacuum off): after it, the planner has statistics and the dead rows are gone.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';
import { autovacuumRuns, vacuumChurnTables } from './maintenance.js';

describe.each(databaseTargets())('database maintenance on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  });
  afterAll(() => t?.close());

  const estimate = async () =>
    (await sql<{ reltuples: number }>`SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = 'mail_outbox'::regclass`.execute(t.services.db)).rows[0]!.reltuples;

  it('vacuums and analyses the mail outbox and the job queue unless autovacuum does', async () => {
    const to = t.email('churn');
    await sql`INSERT INTO mail_outbox (template, to_address, subject, text_body, html_body)
      SELECT 'welcome', ${to}, 's', 't', '<p>h</p>' FROM generate_series(1, 3000)`.execute(t.services.db);
    await t.services.db.updateTable('mail_outbox').set({ status: 'sent' }).where('to_address', '=', to).execute();
    // Never analysed: PostgreSQL's estimate of the rows is -1 (unknown).
    expect(await estimate()).toBe(-1);

    const expected = target === 'pglite' ? false : (await sql<{ on: string }>`SHOW autovacuum`.execute(t.services.db)).rows[0]!.on === 'on';
    expect(await autovacuumRuns(t.services.db, t.services.dbKind)).toBe(expected);
    const ran = await vacuumChurnTables(t.services.db, t.services.dbKind);
    expect(ran).toBe(!expected);
    // Analysed by our VACUUM ANALYZE (where autovacuum runs, it is left to autovacuum, on its own schedule).
    if (ran) expect(await estimate()).toBe(3000);
  });
});
