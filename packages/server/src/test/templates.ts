// Seeded database templates for tests, so each test file starts in a couple of seconds instead of
// migrating and seeding from scratch: a dumped PGlite data folder on disk, or a PostgreSQL template
// database. Both are keyed by a hash of the migrations and of every source file the seed imports
// (followed from src/reference/seed-all.ts, core included), so a change to either rebuilds them once, and
// templates of older hashes are deleted.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database.js';
import { MIGRATIONS_DIR, migrateToLatest } from '../db/migrate.js';
import { seedAll } from '../reference/seed-all.js';
import { createLogger } from '../http/logger.js';

const SEED_ENTRY = path.join(REPO_ROOT, 'packages/server/src/reference/seed-all.ts');
const WORKSPACE_PACKAGES: Record<string, string> = { '@permitdesk/core': path.join(REPO_ROOT, 'packages/core/src/index.ts') };

/** The source files a module pulls in, following relative and workspace imports. */
function importClosure(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*)'([^']+)'/g)) {
      const spec = match[1]!;
      if (WORKSPACE_PACKAGES[spec]) queue.push(WORKSPACE_PACKAGES[spec]);
      else if (spec.startsWith('.')) {
        const base = path.resolve(path.dirname(file), spec);
        const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base, `${base}.ts`, path.join(base, 'index.ts')];
        const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
        if (found) queue.push(found);
      }
    }
  }
  return [...seen].sort();
}

let cachedHash: string | null = null;
export function sourceHash(): string {
  if (cachedHash) return cachedHash;
  const hash = createHash('sha256');
  const migrations = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')).sort().map((name) => path.join(MIGRATIONS_DIR, name));
  for (const file of [...migrations, ...importClosure(SEED_ENTRY)]) {
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return (cachedHash = hash.digest('hex').slice(0, 16));
}

const quiet = createLogger('silent');

async function prepare(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle);
  await seedAll({ db: handle.db, log: quiet });
}

/** The dumped data folder of a migrated and seeded PGlite (built once per source hash, then cached on disk). */
export async function pgliteTemplate(): Promise<Blob> {
  const folder = path.join(os.tmpdir(), 'permitdesk-test-templates');
  const name = `pglite-${sourceHash()}.tar`;
  const file = path.join(folder, name);
  const cached = await readFile(file).catch(() => null);
  if (cached) return new Blob([cached]);

  const handle = await openPglite(undefined);
  await prepare(handle);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  await mkdir(folder, { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file); // atomic: parallel test files never read half a dump
  // Older templates are dead weight (tens of MB each).
  for (const old of readdirSync(folder)) {
    if (old.startsWith('pglite-') && old !== name && !old.includes('.tar.')) await rm(path.join(folder, old), { force: true });
  }
  return dump;
}

/** A fresh in-memory PGlite, migrated and seeded (from the cached dump). */
export async function freshPglite(): Promise<DatabaseHandle> {
  return openPglite(undefined, await pgliteTemplate());
}

/** A fresh PostgreSQL database on DATABASE_URL's server, copied from a migrated and seeded template. */
export async function freshPostgres(databaseUrl: string): Promise<{ handle: DatabaseHandle; url: string; drop: () => Promise<void> }> {
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
        // Templates of older sources: every copy is made under this lock, so none is in use.
        const stale = await admin.query<{ datname: string }>(
          "SELECT datname FROM pg_database WHERE datname LIKE 'permitdesk\\_tpl\\_%' AND datname <> $1",
          [template],
        );
        for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      }
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(7201)');
    }
  } finally {
    await admin.end();
  }
  const handle = await openPostgres(urlFor(name), { poolSize: 4 });
  return {
    handle,
    url: urlFor(name),
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
