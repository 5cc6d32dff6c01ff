// Starts the real server for an end-to-end run: a temporary DATA_DIR with the demo data (its users, the
// permit team's operator, projects at every stage), a free port, the built dashboard. Or, with
// E2E_BASE_URL set, uses that server as it is (it must hold the demo data).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pnpm = (args, env, options = {}) =>
  spawn(process.execPath, [join(root, 'scripts', 'pnpm.mjs'), ...args], { cwd: root, env: { ...process.env, ...env }, ...options });

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function run(args, env) {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'pnpm.mjs'), ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pnpm ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const groupAlive = (pid) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** { base, stop() } for a running server with the demo data. */
export async function startServer({ projects = 40, showcase = false } = {}) {
  if (process.env.E2E_BASE_URL) return { base: process.env.E2E_BASE_URL.replace(/\/$/, ''), stop: async () => undefined };
  if (!existsSync(join(root, 'packages/dashboard/dist/index.html')) || process.env.E2E_BUILD === '1') {
    run(['--filter', '@permitdesk/dashboard', 'build'], {});
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'permitdesk-radar-e2e-'));
  const env = { DATA_DIR: dataDir, EMAIL_MX_LOOKUP: 'off', LOG_LEVEL: 'warn' };
  // showcase: also the demo company's month of work, as `npm start` seeds it (the funnel suite reads its month of visits).
  run(['--filter', '@permitdesk/server', 'demo-data', '--', '--projects', String(projects), '--companies', '2', ...(showcase ? ['--showcase'] : [])], env);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Its own process group, so stopping it ends pnpm, tsx and node together.
  const child = pnpm(['--filter', '@permitdesk/server', 'start'], { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base }, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    base,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      // pnpm may exit before the node server under it: wait until the whole group is gone.
      for (let waited = 0; waited < 10_000 && groupAlive(child.pid); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      // PGlite may still be flushing when the group exits: retry on ENOTEMPTY/EBUSY.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 200 });
    },
  };
}

/** A small JSON client for the API: token, query and body, the status checked. */
export function apiClient(base) {
  return async function api(method, path, { token, query, body, expect = 200 } = {}) {
    const url = new URL(path, base);
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (expect !== null && response.status !== expect) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
}
