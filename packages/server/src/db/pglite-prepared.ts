// Prepared statements on PGlite (issue 17), the embedded counterpart of prepared-statements.ts. PGlite's
// query() parses an unnamed statement on every call and walks it through its WebAssembly Postgres in six
// trips (Parse, Describe, Bind, Describe, Execute, Sync), so every execution is planned afresh: the radar's
// planning took longer than running it. Here a parameterised statement is parsed once under a name (its
// parameter types kept, to serialise values as PGlite does), and each execution is one trip: Bind, Describe,
// Execute, Sync. After five executions Postgres may keep a generic plan, as on a PostgreSQL connection.
//
// Statements are kept in a least-recently-used list of at most `limit` texts; the oldest is closed when a new
// one needs room, outside a transaction only (inside one a new statement then runs as the unnamed statement).
// Statements without parameters (BEGIN, COMMIT, scripts) go through PGlite's own query(). A statement prepared before a
// migration changed the table under it fails once with "cached plan must not change result type": it is
// closed and, outside a transaction, prepared again and run.
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { isStalePlan, PREPARED_STATEMENTS_PER_CONNECTION } from './prepared-statements.js';

const { serialize } = protocol;

interface Statement {
  name: string;
  /** Parameter type OIDs, as Postgres inferred them. */
  types: number[];
}

/** The part of PGlite that kysely-pglite-dialect calls. */
export interface PgliteQueryClient {
  query<T>(text: string, params?: unknown[]): Promise<Results<T>>;
  close(): Promise<void>;
  /** The statement texts prepared, least recently used first (tests). */
  readonly prepared: ReadonlyMap<string, Statement>;
}

/** Several protocol messages in one buffer: PGlite runs them all in one call. */
function concat(...messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((size, message) => size + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

/** Statement names are never reused in this process, whichever client made them (each PGlite has one). */
let counter = 0;

export function preparedPglite(pglite: PGlite, limit = PREPARED_STATEMENTS_PER_CONNECTION): PgliteQueryClient {
  /** text → statement, least recently used first. */
  const prepared = new Map<string, Statement>();

  // Each call runs its messages and a Sync; the first error is thrown after the Sync, with Postgres ready again.
  const run = (message: Uint8Array, syncToFs = false) => pglite.execProtocolStream(concat(message, serialize.sync()), { syncToFs });

  const closeStatement = (name: string) => run(serialize.close({ type: 'S', name })).then(() => undefined, () => undefined);

  const describe = async (name: string, text: string): Promise<Statement> => {
    const described = await run(concat(serialize.parse({ name, text }), serialize.describe({ type: 'S', name })));
    return { name, types: parse.parseDescribeStatementResults(described) };
  };

  /**
   * The statement for `text`, parsed now if new. With the list full inside a transaction, it is parsed as
   * the unnamed statement ('') and not kept. (Not through pglite.query(): that waits for the lock held here.)
   */
  const statementFor = async (text: string): Promise<Statement> => {
    const known = prepared.get(text);
    if (known) {
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    if (prepared.size >= limit) {
      if (pglite.isInTransaction()) return describe('', text);
      const [oldText, old] = prepared.entries().next().value as [string, Statement];
      prepared.delete(oldText);
      await closeStatement(old.name);
    }
    const statement = await describe(`pd${++counter}`, text);
    prepared.set(text, statement);
    return statement;
  };

  const execute = async <T>(text: string, params: unknown[], retried: boolean): Promise<Results<T>> => {
    const statement = await statementFor(text);
    // PGlite's own serialisation: by the parameter's type, else its text.
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.types[i];
      const serializer = type === undefined ? undefined : pglite.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    try {
      const messages = await run(
        concat(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})),
        true,
      );
      return parse.parseResults(messages, pglite.parsers)[0] as Results<T>;
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      if (prepared.get(text) === statement) prepared.delete(text);
      // In a transaction (now failed) the statement stays unused; the next use outside prepares it afresh.
      if (pglite.isInTransaction()) throw error;
      await closeStatement(statement.name);
      if (!retried) return execute(text, params, true);
      throw error;
    }
  };

  return {
    prepared,
    query: <T>(text: string, params: unknown[] = []) =>
      params.length === 0 ? pglite.query<T>(text, params) : pglite.runExclusive(() => execute<T>(text, params, false)),
    close: () => pglite.close(),
  };
}
