// /healthz: the process is alive (a load balancer's liveness probe; no database call).
// /readyz: this replica can serve: not shutting down, the database answers, every migration file is
// applied, and the gazetteer is warm. 503 with the failing checks otherwise (a readiness probe).
import { Migrator } from 'kysely';
import type { App } from './context.js';
import { MIGRATIONS_DIR, SqlFileMigrationProvider } from '../db/migrate.js';
import type { AppServices } from '../services.js';

export interface Readiness {
  ready: boolean;
  checks: { draining: boolean; database: boolean; migrations: boolean; gazetteer: boolean };
}

export function createReadinessCheck(services: AppServices): () => Promise<Readiness> {
  let migrated = false; // once every file is applied it stays so (files do not disappear at run time)
  const migrationsDone = async () => {
    if (migrated) return true;
    const migrator = new Migrator({ db: services.db, provider: new SqlFileMigrationProvider(MIGRATIONS_DIR, services.database.execScript) });
    const all = await migrator.getMigrations();
    migrated = all.length > 0 && all.every((m) => m.executedAt !== undefined);
    return migrated;
  };
  return async () => {
    const draining = services.lifecycle.draining;
    let database = false;
    let migrations = false;
    if (!draining) {
      try {
        await services.db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
        database = true;
        migrations = await migrationsDone();
      } catch (error) {
        services.log.warn('readiness: database check failed', { error: error instanceof Error ? error.message : String(error) });
      }
    }
    const gazetteer = services.geo.isWarm();
    return { ready: !draining && database && migrations && gazetteer, checks: { draining, database, migrations, gazetteer } };
  };
}

export function registerHealthRoutes(app: App, services: AppServices): void {
  const readiness = createReadinessCheck(services);
  app.get('/healthz', (c) => c.json({ ok: true, database: services.dbKind }));
  app.get('/readyz', async (c) => {
    const result = await readiness();
    c.header('cache-control', 'no-store');
    return c.json(result, result.ready ? 200 : 503);
  });
}
