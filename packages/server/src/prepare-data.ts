// The database made ready to serve: migrations, reference data and (with DEMO_DATA_PROJECTS) the demo data.
// On a new PGlite data folder this runs in a short child process first (issue 17): PGlite's WebAssembly
// memory only grows, and filling a new folder in the server's own process left ~70 MB of it, and ~20 MB of
// malloc'd memory, in the RSS for good. The server then opens the filled folder and skips these steps.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config } from './config.js';
import { pgliteFolder, pgliteFolderExists } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedAll } from './reference/seed-all.js';
import { DEMO_PASSWORD, DEMO_USERS, loadDemoData, showcaseOf } from './reference/demo-data.js';
import { seedDemoShowcase } from './cli/demo-showcase.js';
import { DEMO_OPERATOR, ensureDemoOperator } from './operator/demo-operator.js';
import { closeServices, createServices, type AppServices } from './services.js';

/** The child's configuration, as JSON (the parent's effective config, fake platform included). */
const CONFIG_VARIABLE = 'PERMITDESK_PREPARE_DATA_CONFIG';

/** Migrates, seeds the reference data, and the demo data once. */
export async function prepareData(services: AppServices): Promise<void> {
  await migrateToLatest(services.database);
  await seedAll(services);
  await seedDemoDataOnce(services);
}

/** True when the server would create its PGlite data folder now (no DATABASE_URL, no folder yet). */
export const isNewPgliteFolder = (config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): boolean =>
  !config.DATABASE_URL && !pgliteFolderExists(pgliteFolder(config));

/**
 * On a new PGlite data folder: prepareData in a child process, which exits before the server opens the folder.
 * True when it ran (the folder is then ready: the server need not prepare it again).
 */
export async function prepareNewPgliteFolder(config: Config): Promise<boolean> {
  if (!isNewPgliteFolder(config)) return false;
  const file = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [...childNodeOptions(file), file], {
    env: { ...process.env, [CONFIG_VARIABLE]: JSON.stringify(config) },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`preparing the new data folder ${config.DATA_DIR} failed (exit ${code}); its output is above`);
  return true;
}

/**
 * The built server's child runs with the parent's node options (without a debugger port the parent holds);
 * from TypeScript sources (npm start, tests) it runs through tsx, as `npm start` does.
 */
function childNodeOptions(file: string): string[] {
  if (!file.endsWith('.ts')) return process.execArgv.filter((arg) => !arg.startsWith('--inspect'));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, '--conditions=@permitdesk/source'];
}

/** With DEMO_DATA_PROJECTS set, a fresh data folder gets the demo company, its users and projects once. */
async function seedDemoDataOnce(services: AppServices): Promise<void> {
  const projects = services.config.DEMO_DATA_PROJECTS;
  const owner = DEMO_USERS[0];
  if (!projects || !owner || (await services.identity.findByEmail(owner.email))) return;
  const summary = await loadDemoData(services, { projects, companies: 1, log: (line) => services.log.info(`[demo-data] ${line}`) });
  const teamUserId = await ensureDemoOperator(services);
  if (services.config.DEMO_SHOWCASE === '1') await seedDemoShowcase(services, showcaseOf(summary, teamUserId));
  services.log.info(`Demo data: ${summary.projects} projects and ${summary.permits} permits.`);
  services.log.info(`  sign in as ${DEMO_USERS.map((u) => u.email).join(', ')} or the permit team ${DEMO_OPERATOR.email}, password ${DEMO_PASSWORD}`);
}

// Run as the child: the config comes from the parent, not from the environment's variables.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const config = JSON.parse(process.env[CONFIG_VARIABLE] ?? 'null') as Config | null;
  if (!config) throw new Error(`${CONFIG_VARIABLE} is not set: this module runs as the server's child only`);
  const services = await createServices(config);
  try {
    await prepareData(services);
  } finally {
    await closeServices(services);
  }
}
