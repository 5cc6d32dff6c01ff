// A new PGlite data folder is filled by a child process before the server opens it (issue 17: memory).
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { openPglite } from './db/database.js';
import { MIGRATIONS_DIR } from './db/migrate.js';
import { isNewPgliteFolder, prepareNewPgliteFolder } from './prepare-data.js';
import { DEMO_USERS } from './reference/demo-data.js';

describe('prepareNewPgliteFolder', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'permitdesk-prepare-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it('migrates and seeds the demo data in a child process; the folder is then no longer new', { timeout: 180_000 }, async () => {
    const dir = await tempDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '', DEMO_DATA_PROJECTS: '5', LOG_LEVEL: 'error', EMAIL_MX_LOOKUP: 'off' });
    expect(isNewPgliteFolder(config)).toBe(true);
    await expect(prepareNewPgliteFolder(config)).resolves.toBe(true);
    expect(isNewPgliteFolder(config)).toBe(false);

    const handle = await openPglite(path.join(dir, 'pglite'));
    try {
      const owner = await handle.db.selectFrom('users').select('email').where('email', '=', DEMO_USERS[0]!.email).executeTakeFirst();
      expect(owner?.email).toBe(DEMO_USERS[0]!.email);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(handle.db);
      expect(rows[0]!.n).toBe((await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).length);
    } finally {
      await handle.close();
    }
  });

  it('runs no child on PostgreSQL (it would fail to reach this database) or on a folder with PG_VERSION', async () => {
    const dir = await tempDir();
    const onPostgres = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', LOG_LEVEL: 'error' });
    expect(isNewPgliteFolder(onPostgres)).toBe(false);
    await expect(prepareNewPgliteFolder(onPostgres)).resolves.toBe(false);
    await mkdir(path.join(dir, 'pglite'));
    await writeFile(path.join(dir, 'pglite', 'PG_VERSION'), '17');
    const onExisting = loadConfig({ DATA_DIR: dir, DATABASE_URL: '' });
    expect(isNewPgliteFolder(onExisting)).toBe(false);
    await expect(prepareNewPgliteFolder(onExisting)).resolves.toBe(false);
  });

  it('a child that fails stops the start with a clear error', { timeout: 60_000 }, async () => {
    const dir = await tempDir();
    // DATA_DIR/pglite is a file: the child cannot create the data folder.
    await writeFile(path.join(dir, 'pglite'), 'not a folder');
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'error', EMAIL_MX_LOOKUP: 'off' });
    await expect(prepareNewPgliteFolder(config)).rejects.toThrow(/preparing the new data folder .* failed \(exit 1\)/);
  });
});
