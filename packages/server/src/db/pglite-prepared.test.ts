// Prepared statements on PGlite (issue 17): against a real in-memory PGlite, the statements are named and
// parsed once, values and results come out as PGlite's own query() gives them, errors leave the backend
// ready, the list is bounded (closing outside a transaction only) and a migrated table is re-prepared.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedPglite } from './pglite-prepared.js';

describe('prepared statements on PGlite', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`CREATE TABLE t (id int PRIMARY KEY, name text, tags text[], doc jsonb, at timestamptz, ok boolean, big int8)`);
  });
  afterAll(() => pglite.close());

  const serverStatements = async () =>
    (await pglite.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time, name')).rows;

  it('parses each parameterised statement once under a name and returns what PGlite itself returns', async () => {
    const client = preparedPglite(pglite);
    const insert = 'INSERT INTO t (id, name, tags, doc, at, ok, big) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *';
    const at = new Date('2026-11-27T12:00:00Z');
    const mine = await client.query(insert, [1, 'a', ['x', 'y'], { k: [1, 2] }, at, true, 9007199254740993n]);
    const theirs = await pglite.query(insert, [2, 'a', ['x', 'y'], { k: [1, 2] }, at, true, 9007199254740993n]);
    expect(mine.rows).toEqual([{ ...(theirs.rows[0] as object), id: 1 }]);
    expect(mine.fields).toEqual(theirs.fields);
    expect(mine.affectedRows).toBe(1);

    const read = 'SELECT id, name FROM t WHERE name = $1 ORDER BY id';
    expect((await client.query(read, ['a'])).rows).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'a' },
    ]);
    expect((await client.query(read, [null])).rows).toEqual([]);
    expect((await serverStatements()).map((s) => s.statement)).toEqual([insert, read]);
    // Statements without parameters go through PGlite's own query(), unnamed.
    expect((await client.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 2 }]);
    expect([...client.prepared.keys()]).toEqual([insert, read]);
  });

  it('throws Postgres errors with their code and leaves the backend ready for the next statement', async () => {
    await pglite.exec('DEALLOCATE ALL');
    const client = preparedPglite(pglite);
    const insert = 'INSERT INTO t (id, name) VALUES ($1, $2)';
    await expect(client.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('SELECT nope FROM t WHERE id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    expect((await client.query('SELECT name FROM t WHERE id = $1', [1])).rows).toEqual([{ name: 'a' }]);

    // In a transaction: an error aborts it, the rollback recovers it.
    await client.query('BEGIN');
    await expect(client.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('SELECT name FROM t WHERE id = $1', [1])).rejects.toMatchObject({ code: '25P02' });
    await client.query('ROLLBACK');
    expect(pglite.isInTransaction()).toBe(false);
    expect((await client.query('SELECT name FROM t WHERE id = $1', [2])).rows).toEqual([{ name: 'a' }]);
  });

  it('keeps at most `limit` statements: the least recently used is closed, outside a transaction only', async () => {
    await pglite.exec('DEALLOCATE ALL');
    const client = preparedPglite(pglite, 2);
    await client.query('SELECT $1::int AS a', [1]);
    await client.query('SELECT $1::int AS b', [1]);
    await client.query('SELECT $1::int AS a', [1]); // a is now the most recent
    await client.query('SELECT $1::int AS c', [1]); // b goes
    expect((await serverStatements()).map((s) => s.statement)).toEqual(['SELECT $1::int AS a', 'SELECT $1::int AS c']);

    await client.query('BEGIN');
    expect((await client.query('SELECT $1::int AS d', [4])).rows).toEqual([{ d: 4 }]); // full, in a transaction: unnamed
    await client.query('COMMIT');
    expect((await serverStatements()).map((s) => s.statement)).toEqual(['SELECT $1::int AS a', 'SELECT $1::int AS c']);
    await client.query('SELECT $1::int AS d', [4]); // after it: a goes
    expect([...client.prepared.keys()]).toEqual(['SELECT $1::int AS c', 'SELECT $1::int AS d']);
    expect(await serverStatements()).toHaveLength(2);
  });

  it('a statement whose table changed under it is prepared again outside a transaction; inside one the error stands', async () => {
    const client = preparedPglite(pglite);
    await pglite.exec('CREATE TABLE m (a int); INSERT INTO m VALUES (1)');
    const read = 'SELECT * FROM m WHERE a = $1';
    expect((await client.query(read, [1])).rows).toEqual([{ a: 1 }]);
    await pglite.exec('ALTER TABLE m ADD COLUMN b int DEFAULT 7');
    expect((await client.query(read, [1])).rows).toEqual([{ a: 1, b: 7 }]);

    await pglite.exec('ALTER TABLE m ADD COLUMN c int DEFAULT 8');
    await client.query('BEGIN');
    await expect(client.query(read, [1])).rejects.toThrow(/cached plan must not change result type/);
    await client.query('ROLLBACK');
    expect((await client.query(read, [1])).rows).toEqual([{ a: 1, b: 7, c: 8 }]);
  });
});
