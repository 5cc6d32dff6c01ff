// Radar search benchmark: prints p50 / p95 per scenario (200 requests each); never asserts.
//   PostgreSQL: DATABASE_URL=postgres://…/radar_bench npx tsx --conditions=@permitdesk/source bench/radar.ts --projects 800000 --companies 5 --largest 200000
//   PGlite:     npx tsx --conditions=@permitdesk/source bench/radar.ts --projects 80000 --companies 5 --largest 20000
// It loads the demo data into the database it is given (a fresh one: PGlite in memory when no
// DATABASE_URL), unless --reuse says the data is already there.
import { parseArgs } from 'node:util';
import { withDemoRadar } from './demo-radar.js';
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

await withDemoRadar({ projects: Number(values.projects), companies: Number(values.companies), largest: Number(values.largest), reuse: values.reuse }, async ({ services, scope, permits }) => {
  const total = Number(values.largest);
  printTable(`${services.dbKind}: ${permits ?? '?'} permits, demo company ~${total} permits`, await runScenarios(services.db, scope, total, Number(values.runs)));
});
