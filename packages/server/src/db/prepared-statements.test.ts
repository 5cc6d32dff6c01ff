// Prepared statements (issue 17): which statements are named, the per-connection bound, eviction outside
// transactions only, and a plan made stale by a migration (on PostgreSQL: the real server's answers).
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/harness.js';
import { freshPostgres } from '../test/templates.js';
import { usePreparedStatements } from './prepared-statements.js';

/** A client that records what it is asked to run. */
function recordingClient() {
  const calls: { text: string; name?: string; values?: unknown[] }[] = [];
  const client = {
    connection: { parsedStatements: {} as Record<string, string> },
    query(config: unknown, values?: unknown[]) {
      if (typeof config === 'string') calls.push({ text: config, ...(values ? { values } : {}) });
      else {
        const { name, text, values: v } = config as { name: string; text: string; values: unknown[] };
        calls.push({ name, text, values: v });
        client.connection.parsedStatements[name] = text;
      }
      return Promise.resolve({ rows: [], rowCount: 0, command: 'SELECT' });
    },
  };
  return { client, calls };
}

describe('prepared statements on a connection', () => {
  it('names parameterised statements, the same text with the same name, and leaves others alone', async () => {
    const { client, calls } = recordingClient();
    usePreparedStatements(client as unknown as pg.ClientBase);
    await client.query('select $1::int', [1]);
    await client.query('select $1::int', [2]);
    await client.query('select $1::text', ['a']);
    await client.query('begin');
    await client.query('CREATE TABLE a (x int); CREATE TABLE b (y int)', []);
    expect(calls).toEqual([
      { name: 'pd1', text: 'select $1::int', values: [1] },
      { name: 'pd1', text: 'select $1::int', values: [2] },
      { name: 'pd2', text: 'select $1::text', values: ['a'] },
      { text: 'begin' },
      { text: 'CREATE TABLE a (x int); CREATE TABLE b (y int)', values: [] },
    ]);
  });

  it('keeps at most `limit` statements: the least recently used is deallocated, outside a transaction only', async () => {
    const { client, calls } = recordingClient();
    const state = usePreparedStatements(client as unknown as pg.ClientBase, 2);
    await client.query('select $1 AS a', [1]);
    await client.query('select $1 AS b', [1]);
    await client.query('select $1 AS a', [1]); // a is now the most recent
    await client.query('select $1 AS c', [1]); // b goes
    expect(calls.slice(3).map((c) => c.name ?? c.text)).toEqual(['DEALLOCATE pd2', 'pd3']);
    expect([...state.prepared.keys()]).toEqual(['select $1 AS a', 'select $1 AS c']);
    expect(client.connection.parsedStatements).not.toHaveProperty('pd2');

    calls.length = 0;
    await client.query('BEGIN');
    await client.query('select $1 AS d', [1]); // full, in a transaction: unnamed, nothing evicted
    await client.query('COMMIT');
    await client.query('select $1 AS d', [1]); // after it: a goes
    expect(calls.map((c) => c.name ?? c.text)).toEqual(['BEGIN', 'select $1 AS d', 'COMMIT', 'DEALLOCATE pd1', 'pd4']);
    expect(calls[1]).toEqual({ text: 'select $1 AS d', values: [1] });
  });
});

const onPostgres = databaseTargets().includes('postgres');

describe.runIf(onPostgres)('prepared statements on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function client(limit?: number) {
    const fresh = await freshPostgres(process.env.DATABASE_URL!);
    await fresh.handle.close();
    cleanups.push(fresh.drop);
    const c = new pg.Client({ connectionString: fresh.url });
    await c.connect();
    cleanups.push(() => c.end());
    usePreparedStatements(c, limit);
    const prepared = async () =>
      (await c.query('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((row: { name: string }) => row.name);
    return { c, prepared };
  }

  it('prepares each statement once on the server and deallocates what it evicts', async () => {
    const { c, prepared } = await client(2);
    expect((await c.query('SELECT $1::int + 1 AS n', [1])).rows).toEqual([{ n: 2 }]);
    expect((await c.query('SELECT $1::int + 1 AS n', [41])).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toEqual(['pd1']);
    await c.query('SELECT $1::int + 2 AS n', [1]);
    await c.query('SELECT $1::int + 3 AS n', [1]);
    expect(await prepared()).toEqual(['pd2', 'pd3']);
  });

  it('a statement whose table changed under it runs again under a new name outside a transaction; inside one the error stands', async () => {
    const { c, prepared } = await client();
    await c.query('CREATE TABLE t (a int)');
    await c.query('INSERT INTO t VALUES (1)');
    const read = 'SELECT * FROM t WHERE a = $1';
    expect((await c.query(read, [1])).rows).toEqual([{ a: 1 }]);
    await c.query('ALTER TABLE t ADD COLUMN b int DEFAULT 7');
    expect((await c.query(read, [1])).rows).toEqual([{ a: 1, b: 7 }]);
    expect(await prepared()).toEqual(['pd2']);

    await c.query('ALTER TABLE t ADD COLUMN c int DEFAULT 8');
    await c.query('BEGIN');
    await expect(c.query(read, [1])).rejects.toThrow(/cached plan must not change result type/);
    await c.query('ROLLBACK');
    expect((await c.query(read, [1])).rows).toEqual([{ a: 1, b: 7, c: 8 }]);
  });
});
