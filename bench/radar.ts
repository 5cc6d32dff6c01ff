// Radar search benchmark: prints p50 / p95 per scenario (200 requests each); never asserts.
//   PostgreSQL: DATABASE_URL=postgres://…/radar_bench npx tsx --conditions=@permitdesk/source bench/radar.ts --projects 800000 --companies 5 --largest 200000
//   PGlite:     npx tsx --conditions=@permitdesk/source bench/radar.ts --projects 80000 --companies 5 --largest 20000
// It loads the demo data into the database it is given (a fresh one: PGlite in memory when no
// DATABASE_URL), unless --reuse says the data is already there.
import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/server/src/config.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { openDatabase } from '../packages/server/src/db/database.js';
import { seedAll } from '../packages/server/src/reference/seed-all.js';
import { loadDemoData } from '../packages/server/src/reference/demo-data.js';
import { closeServices, createServices } from '../packages/server/src/services.js';
import { printTable, runScenarios } from './radar-scenarios.js';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '80000' },
    companies: { type: 'string', default: '5' },
    largest: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '200' },
    reuse: { type: 'boolean', default: false },
  },
});

const config = loadConfig();
const database = await openDatabase(config, { inMemory: !config.DATABASE_URL });
const services = await createServices(config, { database });
try {
  await migrateToLatest(database);
  await seedAll(services);
  const summary = values.reuse
    ? null
    : await loadDemoData(services, {
        projects: Number(values.projects),
        companies: Number(values.companies),
        largest: Number(values.largest),
        log: (line) => console.log(`[load] ${line}`),
      });
  const owner = await services.identity.findByEmail('demo@permitdesk.test');
  const { companyId } = summary ?? { companyId: 1 };
  const scope = { userId: owner!.id, companyId };
  const total = Number(values.largest);
  printTable(`${services.dbKind}: ${summary?.permits ?? '?'} permits, demo company ~${total} permits`, await runScenarios(services.db, scope, total, Number(values.runs)));
} finally {
  await closeServices(services);
}
