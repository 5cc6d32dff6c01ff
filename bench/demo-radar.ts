// What the radar benches start from: the server's services on the configured database (PGlite in memory
// when DATABASE_URL is not set), migrated and seeded, the demo data loaded (unless `reuse` says it is
// there), and the demo owner's scope in the demo company.
import { loadConfig } from '../packages/server/src/config.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { openDatabase } from '../packages/server/src/db/database.js';
import { seedAll } from '../packages/server/src/reference/seed-all.js';
import { loadDemoData } from '../packages/server/src/reference/demo-data.js';
import { closeServices, createServices, type AppServices } from '../packages/server/src/services.js';

export interface DemoRadarOptions {
  projects: number;
  companies: number;
  largest: number;
  reuse: boolean;
}

/** Runs `work` on the demo radar, then closes the services whatever happens. */
export async function withDemoRadar(
  options: DemoRadarOptions,
  work: (demo: { services: AppServices; scope: { userId: string; companyId: number }; permits: number | null }) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config, { inMemory: !config.DATABASE_URL });
  const services = await createServices(config, { database });
  try {
    await migrateToLatest(database);
    await seedAll(services);
    const summary = options.reuse
      ? null
      : await loadDemoData(services, { projects: options.projects, companies: options.companies, largest: options.largest, log: (line) => console.log(`[load] ${line}`) });
    const owner = await services.identity.findByEmail('demo@permitdesk.test');
    await work({ services, scope: { userId: owner!.id, companyId: summary?.companyId ?? 1 }, permits: summary?.permits ?? null });
  } finally {
    await closeServices(services);
  }
}
