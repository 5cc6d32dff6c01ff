// pnpm --filter @permitdesk/server demo-data -- --projects N [--companies K] [--largest 200000] [--showcase]
// Opens the configured database (DATABASE_URL, else PGlite in DATA_DIR), migrates, seeds the reference
// data, then loads the demo data. Sign in as demo@permitdesk.test with the password printed at the end.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedAll } from '../reference/seed-all.js';
import { DEMO_PASSWORD, DEMO_USERS, loadDemoData, showcaseOf } from '../reference/demo-data.js';
import { seedDemoShowcase } from './demo-showcase.js';
import { closeServices, createServices } from '../services.js';
import { DEMO_OPERATOR, ensureDemoOperator } from '../operator/demo-operator.js';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    projects: { type: 'string', default: '1000' },
    companies: { type: 'string', default: '1' },
    largest: { type: 'string' },
    /** Also the demo company's month of work (cli/demo-showcase.ts), as `npm start` seeds it; off for the browser suites' fixed demo. */
    showcase: { type: 'boolean', default: false },
  },
});
const whole = (name: string, text: string | undefined) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${text}`);
  return value;
};

const config = loadConfig();
const services = await createServices(config);
try {
  await migrateToLatest(services.database);
  await seedAll(services);
  const summary = await loadDemoData(services, {
    projects: whole('projects', values.projects),
    companies: whole('companies', values.companies),
    ...(values.largest !== undefined ? { largest: whole('largest', values.largest) } : {}),
    log: (line) => console.log(`[demo-data] ${line}`),
  });
  const teamUserId = await ensureDemoOperator(services);
  if (values.showcase) await seedDemoShowcase(services, showcaseOf(summary, teamUserId));
  console.log(`[demo-data] ${summary.projects} projects and ${summary.permits} permits in ${services.dbKind}.`);
  console.log(`[demo-data] Sign in as ${DEMO_USERS.map((u) => `${u.email} (${u.role})`).join(', ')} with the password ${DEMO_PASSWORD}`);
  console.log(`[demo-data] The permit team (operator): ${DEMO_OPERATOR.email}, same password`);
} finally {
  await closeServices(services);
}
