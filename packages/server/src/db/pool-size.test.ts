// DATABASE_POOL_SIZE bounds the connections a replica opens to PostgreSQL (a smaller pool served the radar
// faster on a 2-core machine; bench/README.md), whatever the number of requests waiting.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/harness.js';
import { freshPostgres } from '../test/templates.js';
import { openDatabase, type DatabaseHandle } from './database.js';

describe.runIf(databaseTargets().includes('postgres'))('DATABASE_POOL_SIZE on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('opens at most that many connections; the other statements wait their turn and all answer', async () => {
    const fresh = await freshPostgres(process.env.DATABASE_URL!);
    await fresh.handle.close();
    cleanups.push(fresh.drop);
    const handle: DatabaseHandle = await openDatabase({ DATA_DIR: '', DATABASE_URL: fresh.url, DATABASE_POOL_SIZE: 2 });
    cleanups.push(() => handle.close());
    let most = 0;
    const statements = Array.from({ length: 8 }, (_, i) =>
      sql<{ n: number }>`SELECT ${i}::int AS n, pg_sleep(0.05)`.execute(handle.db).then(({ rows }) => {
        most = Math.max(most, handle.poolStats!().total);
        return rows[0]!.n;
      }),
    );
    expect(await Promise.all(statements)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
  });
});
