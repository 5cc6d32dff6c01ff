// Seeded database templates for tests, so each test file starts in about a second instead of
// migrating and seeding from scratch: a dumped PGlite data folder on disk, or a PostgreSQL template
// database. Both are keyed by a hash of the migrations and the server and core sources (the seeds live
// there), so any change rebuilds them once.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedAll } from '../db/seed.js';
import { createLogger } from '../http/logger.js';

const SOURCES = ['packages/server/migrations', 'packages/server/src', 'packages/core/src'];

function listFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) listFiles(full, out);
    else if (!/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

let cachedHash: string | null = null;
export function sourceHash(): string {
  if (cachedHash) return cachedHash;
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((dir) => listFiles(path.join(REPO_ROOT, dir)))) {
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return (cachedHash = hash.digest('hex').slice(0, 16));
}

const quiet = createLogger('silent');

async function prepare(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle);
  await seedAll({ db: handle.db, log: quiet });
}

/** A fresh in-memory PGlite, migrated and seeded (from the cached dump when there is one). */
export async function freshPglite(): Promise<DatabaseHandle> {
  const folder = path.join(os.tmpdir(), 'permitdesk-test-templates');
  const file = path.join(folder, `pglite-${sourceHash()}.tar`);
  if (existsSync(file)) {
    const handle = await openPglite(undefined, new Blob([await readFile(file)]));
    // Migrations added since are applied on top (normally none: the hash covers them).
    await migrateToLatest(handle);
    return handle;
  }
  const handle = await openPglite(undefined);
  await prepare(handle);
  const dump = await handle.pglite!.dumpDataDir('none');
  await mkdir(folder, { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file); // atomic: parallel test files never read half a dump
  return handle;
}

/** A fresh PostgreSQL database on DATABASE_URL's server, copied from a migrated and seeded template. */
export async function freshPostgres(databaseUrl: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const template = `permitdesk_tpl_${sourceHash()}`;
  const name = `permitdesk_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const urlFor = (db: string) => {
    const url = new URL(databaseUrl);
    url.pathname = `/${db}`;
    return url.toString();
  };
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    // One builder at a time across parallel test files.
    await admin.query('SELECT pg_advisory_lock(7201)');
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount === 0) {
        const building = `${template}_build`;
        await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${building}"`);
        const handle = await openPostgres(urlFor(building), { poolSize: 2 });
        try {
          await prepare(handle);
        } finally {
          await handle.close();
        }
        await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      }
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(7201)');
    }
  } finally {
    await admin.end();
  }
  const handle = await openPostgres(urlFor(name), { poolSize: 4 });
  await migrateToLatest(handle);
  return {
    handle,
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
