// Applies packages/server/migrations/*.sql in name order with Kysely's Migrator. The same files run on
// PGlite and PostgreSQL; each file runs in the migrator's transaction under its lock.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle } from './database.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Reads every .sql file of a folder as one migration named after the file (without .sql). */
export class SqlFileMigrationProvider implements MigrationProvider {
  constructor(
    private readonly folder: string,
    private readonly execScript: DatabaseHandle['execScript'],
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const names = (await readdir(this.folder)).filter((name) => name.endsWith('.sql')).sort();
    const migrations: Record<string, Migration> = {};
    for (const name of names) {
      const script = await readFile(path.join(this.folder, name), 'utf8');
      migrations[name.replace(/\.sql$/, '')] = { up: (db) => this.execScript(db, script) };
    }
    return migrations;
  }
}

export async function migrateToLatest(handle: DatabaseHandle, folder = MIGRATIONS_DIR): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db: handle.db, provider: new SqlFileMigrationProvider(folder, handle.execScript) });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed} failed: ${cause}`, { cause: result.error });
  }
  return result;
}
