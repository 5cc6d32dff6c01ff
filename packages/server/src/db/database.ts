// One database handle for the whole server: PGlite (embedded Postgres) in DATA_DIR/pglite by default or
// in memory for tests, PostgreSQL through `pg` when DATABASE_URL is set. Same SQL, same migrations.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import { preparedPglite } from './pglite-prepared.js';
import { usePreparedStatements } from './prepared-statements.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Runs a multi-statement SQL script (migrations) on the given connection or transaction. */
  execScript(db: Kysely<any>, script: string): Promise<void>;
  /** The PGlite instance, for dumping its data folder (tests); null on PostgreSQL. */
  pglite: PGlite | null;
  close(): Promise<void>;
  /** Calls `listener` after every query with its duration (metrics); returns the unsubscribe. */
  onQuery(listener: QueryListener): () => void;
  /** PostgreSQL only: the pool's connections (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export type QueryListener = (durationMs: number, failed: boolean) => void;

/** Kysely's query log, fanned out to the handle's listeners (none: nearly free). */
function queryListeners() {
  const listeners = new Set<QueryListener>();
  return {
    log: (event: LogEvent) => {
      for (const listener of listeners) listener(event.queryDurationMillis, event.level === 'error');
    },
    onQuery: (listener: QueryListener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export interface OpenOptions {
  /** PGlite only: keep the database in memory (tests). */
  inMemory?: boolean;
  /** PGlite only: start from a dumped data folder (a seeded template, for fast tests). */
  loadDataDir?: Blob;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** Run parameterised statements as prepared statements (db/prepared-statements.ts, db/pglite-prepared.ts; default on). */
  preparedStatements?: boolean;
}

/** Extensions the migrations use, loaded into PGlite (PostgreSQL has them in contrib). */
const pgliteExtensions = { pg_trgm, btree_gin };

/**
 * PGlite's Postgres settings (issue 17): its WebAssembly memory only ever grows, and every page Postgres
 * touches stays in the process's RSS. 16 MB of shared buffers instead of 128 MB (the data folder's files
 * sit in the OS page cache underneath, one read away) and 16 MB for index builds instead of 64 MB.
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

const initdbScript = `const [url, dataDir] = process.argv.slice(1);
const { PGlite } = await import(url);
const db = await PGlite.create({ dataDir });
await db.close();`;

/**
 * A new data folder is made by PGlite's initdb in a child process: run in this one, initdb and the second
 * PGlite it runs in leave ~450 MB of memory the process never gives back (issue 17). ~5 s, once.
 */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  if (pgliteFolderExists(dataDir)) return;
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', initdbScript, entry, dataDir], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(`PGlite could not create its data folder ${dataDir}: ${stderr || String(error)}`);
  }
}

/** Where the server keeps its PGlite data (no DATABASE_URL). */
export const pgliteFolder = (config: Pick<Config, 'DATA_DIR'>): string => path.join(config.DATA_DIR, 'pglite');

/** A PGlite data folder exists once initdb has written its PG_VERSION. */
export const pgliteFolderExists = (dataDir: string): boolean => existsSync(path.join(dataDir, 'PG_VERSION'));

/** int8 values as numbers while they are safe integers (what PGlite does), so both kinds agree. */
const parseInt8 = (value: string): number | bigint => {
  const big = BigInt(value);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) && big >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(big) : big;
};

export async function openDatabase(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'> & Partial<Pick<Config, 'DATABASE_PREPARED_STATEMENTS' | 'DATABASE_POOL_SIZE'>>,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    return openPostgres(config.DATABASE_URL, { preparedStatements: config.DATABASE_PREPARED_STATEMENTS !== 'off', poolSize: config.DATABASE_POOL_SIZE, ...options });
  }
  return openPglite(options.inMemory ? undefined : pgliteFolder(config), options.loadDataDir, {
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS !== 'off',
    ...options,
  });
}

export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  options: Pick<OpenOptions, 'preparedStatements'> = {},
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (dataDir && !loadDataDir) await initPgliteDataDir(dataDir);
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: pgliteExtensions,
    startParams: [...PGLITE_START_PARAMS],
  });
  const queries = queryListeners();
  // The dialect calls only query() and close(): the prepared client stands in for PGlite (db/pglite-prepared.ts).
  const client = options.preparedStatements === false ? pglite : (preparedPglite(pglite) as unknown as PGlite);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client), log: queries.log });
  return {
    db,
    kind: 'pglite',
    pglite,
    onQuery: queries.onQuery,
    // PGlite's extended protocol takes one statement; exec() runs a script. It shares the single
    // backend, so it runs inside the migrator's open transaction.
    execScript: async (_db, script) => {
      await pglite.exec(script);
    },
    close: async () => {
      await db.destroy(); // closes PGlite too
    },
  };
}

export async function openPostgres(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // No JIT: its compile time (100-300 ms) dwarfs this application's short statements, and a table not yet
    // analysed (a one-row version table estimated at 2,200 rows) pushed a 1 ms lookup over jit_above_cost.
    options: '-c jit=off',
    types: { getTypeParser: (oid, format) => (oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  // Each new connection prepares its parameterised statements once (issue 17: planning the radar's rows
  // statement cost more than running it).
  if (options.preparedStatements !== false) pool.on('connect', (client) => void usePreparedStatements(client));
  const queries = queryListeners();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queries.log });
  return {
    db,
    kind: 'postgres',
    pglite: null,
    onQuery: queries.onQuery,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // A parameterless query uses the simple protocol, which accepts several statements.
    execScript: async (conn, script) => {
      await sql.raw(script).execute(conn);
    },
    close: async () => {
      await db.destroy();
    },
  };
}
