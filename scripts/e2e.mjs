#!/usr/bin/env node
// Runs the end-to-end suites (e2e/**/*.e2e.test.mjs, node:test + playwright-core in Debian's Chromium)
// against a real server started here on a free port with a fresh data folder (embedded PGlite, dev
// mailbox), serving the built dashboard, widget and examples. Build first: `pnpm run build`.
//   node scripts/e2e.mjs [suite folder under e2e/ ...]
// Chromium must be at /usr/bin/chromium (Debian's package); without it the suites are skipped loudly,
// except under CI=true, where a missing browser fails the run. With DATABASE_URL set the server runs on
// a fresh PostgreSQL database of that server (created here, dropped after); without it on PGlite, the
// local default. Under CI=true a missing DATABASE_URL fails the run too: CI proves the flows on PostgreSQL.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';

const inCi = process.env.CI === 'true';
if (!existsSync(CHROMIUM)) {
  console.warn(`\n!!! e2e: ${CHROMIUM} not found: the browser suites did NOT run. Install Debian's chromium (apt-get install chromium) to run them.\n`);
  process.exit(inCi ? 1 : 0);
}
if (inCi && !process.env.DATABASE_URL) {
  console.error('e2e: CI=true needs DATABASE_URL: the browser suites must run on PostgreSQL in CI');
  process.exit(1);
}

const suites = process.argv.slice(2);
// Suites run only when named (npm run test:slow names them): axe on every Storybook story takes minutes.
const SLOW_SUITES = ['storybook'];
const files = findTests(join(root, 'e2e')).filter((file) => {
  const suite = relative(join(root, 'e2e'), file);
  return suites.length === 0 ? !SLOW_SUITES.some((s) => suite.startsWith(s)) : suites.some((s) => suite.startsWith(s));
});
if (files.length === 0) {
  console.error('e2e: no suites found');
  process.exit(1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// The fake construction platform (issue 14), started by the server itself (PLATFORM_FAKE=1) on its own port.
const platformPort = await freePort();
const platformUrl = `http://127.0.0.1:${platformPort}`;
const dataDir = mkdtempSync(join(tmpdir(), 'permitdesk-e2e-'));
const database = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : { url: '', drop: async () => {} };
console.log(`e2e: the server runs on ${database.url ? `PostgreSQL (${new URL(database.url).pathname.slice(1)})` : 'PGlite'}`);
const server = spawn(process.execPath, ['--conditions=@permitdesk/source', '--import', 'tsx', 'src/main.ts'], {
  cwd: join(root, 'packages/server'),
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: database.url, NODE_ENV: 'development', LOG_LEVEL: 'warn', EMAIL_MX_LOOKUP: 'off', DEMO_DATA_PROJECTS: '200', DEMO_SHOWCASE: '0', EMBED_ORIGINS: `http://partner.app.localhost:${port}`, PLATFORM_FAKE: '1', PLATFORM_FAKE_PORT: String(platformPort), PLATFORM_ORIGINS: platformUrl },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let code = 1;
try {
  await waitForHealth(`${base}/healthz`, 180_000);
  code = await run(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    ...process.env, E2E_BASE_URL: base, E2E_MAILBOX: `${base}/dev/mailbox.json`, E2E_CHROMIUM: CHROMIUM, E2E_PLATFORM_URL: platformUrl,
  });
} catch (error) {
  console.error('e2e:', error instanceof Error ? error.message : error);
} finally {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  await database.drop().catch((error) => console.warn('e2e: could not drop the database:', error.message));
}
process.exit(code);

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.e2e.test.mjs') ? [path] : [];
  }).sort();
}


async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
}

/** A new, empty database on the server of `serverUrl` (pg is the server package's driver). */
async function freshPostgres(serverUrl) {
  const pg = createRequire(join(root, 'packages/server/package.json'))('pg');
  const name = `permitdesk_e2e_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
