// Prepared statements on PostgreSQL (issue 17): every parameterised statement a pool client runs is sent
// as a named statement, so PostgreSQL parses it once per connection and, after five executions, may keep
// a generic plan (plan_cache_mode auto: only when it costs no more than the custom plans did). Planning the
// radar's rows statement cost more than running it.
//
// Per connection, the statements are kept in a least-recently-used list of at most `limit` texts; an evicted
// one is deallocated on the server (outside a transaction: a DEALLOCATE in a failed transaction would fail
// too). Names are never reused on a connection (`pd1`, `pd2`…), so a failed DEALLOCATE cannot clash with a
// later statement. Statements without parameters (migration scripts, BEGIN, COMMIT) go through unchanged:
// the simple protocol runs several statements in one text, a named statement only one.
//
// A statement prepared before a migration changed a table it reads with `SELECT *` fails once with
// "cached plan must not change result type" (0A000): its name is dropped, and outside a transaction the
// statement is run again under a new name; inside one the error stands (the transaction is already
// aborted) and the next use prepares it afresh.
import type pg from 'pg';

/** Distinct statements kept prepared per connection. */
export const PREPARED_STATEMENTS_PER_CONNECTION = 256;

type QueryResultPromise = Promise<pg.QueryResult>;

/** Whether an error is PostgreSQL's refusal of a prepared plan whose result columns changed (also on PGlite). */
export const isStalePlan = (error: unknown): boolean =>
  (error as { code?: string })?.code === '0A000' && /cached plan must not change result type/.test(String((error as Error)?.message));

export interface PreparedStatementsState {
  /** The statement texts prepared on this connection, least recently used first (tests). */
  readonly prepared: ReadonlyMap<string, string>;
}

/**
 * Makes `client` run its parameterised statements as named prepared statements. Only the promise forms
 * `query(text, values)` are rewritten (what Kysely uses); any other call goes through as is.
 */
export function usePreparedStatements(client: pg.ClientBase, limit = PREPARED_STATEMENTS_PER_CONNECTION): PreparedStatementsState {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  /** text → name, least recently used first. */
  const prepared = new Map<string, string>();
  let counter = 0;
  let inTransaction = false;
  const connection = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection;

  const forget = (text: string, name: string) => {
    prepared.delete(text);
    // pg's own record of what this connection parsed (names are never reused: only memory).
    if (connection?.parsedStatements) delete connection.parsedStatements[name];
  };

  /** Drops a statement on the server (one query at a time on a client: awaited before the next). */
  const deallocate = (name: string) => (query(`DEALLOCATE ${name}`) as QueryResultPromise).then(() => undefined, () => undefined);

  /** The statement's name (null: run it unnamed) and the one evicted to make room, if any. */
  const nameFor = (text: string): { name: string | null; evicted?: string } => {
    const known = prepared.get(text);
    if (known !== undefined) {
      prepared.delete(text);
      prepared.set(text, known);
      return { name: known };
    }
    let evicted: string | undefined;
    if (prepared.size >= limit) {
      // Inside a transaction nothing is evicted: this statement runs unnamed.
      if (inTransaction) return { name: null };
      const [oldText, oldName] = prepared.entries().next().value as [string, string];
      forget(oldText, oldName);
      evicted = oldName;
    }
    const name = `pd${++counter}`;
    prepared.set(text, name);
    return { name, evicted };
  };

  const run = async (text: string, values: unknown[], retried: boolean): QueryResultPromise => {
    const outside = !inTransaction;
    const { name, evicted } = nameFor(text);
    if (evicted) await deallocate(evicted);
    if (name === null) return query(text, values) as QueryResultPromise;
    try {
      return await (query({ name, text, values }) as QueryResultPromise);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      if (prepared.get(text) === name) forget(text, name);
      // In a transaction (now failed) a DEALLOCATE would fail too: the stale statement stays, unused.
      if (!outside) throw error;
      await deallocate(name);
      if (!retried) return run(text, values, true);
      throw error;
    }
  };

  (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string') {
      if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
      else if (/^\s*(commit|rollback|end|abort)\s*;?\s*$/i.test(text)) inTransaction = false;
      if (Array.isArray(values) && values.length > 0 && args.length === 2) return run(text, values, false);
    }
    return query(...args);
  };
  return { prepared };
}
