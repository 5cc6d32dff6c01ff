#!/usr/bin/env node
// Memory of one replica, the way operators run it (the built server, one `node` process with start:prod's
// node options): RSS after start and warm-up, and after a load run (address suggestions and the radar's
// first page as the demo owner, 10 connections). PGlite by default; PostgreSQL with DATABASE_URL (a fresh database is created).
//   node scripts/pnpm.mjs run build:libs && node scripts/pnpm.mjs run build:server
//   node bench/memory.mjs [--projects 200] [--requests 2000]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/memory.mjs
//   --breakdown: also the JS heap, external memory and the rest (code, WebAssembly memory) at each point.
// Budgets (issue 17): PostgreSQL ≤ 250 MB RSS; PGlite with the demo data ≤ 400 MB.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, productionNodeOptions } from '../scripts/cluster.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { projects: { type: 'string', default: '200' }, requests: { type: 'string', default: '2000' }, breakdown: { type: 'boolean', default: false } },
});
const entry = path.join(ROOT, 'packages/server/dist/main.js');
if (!existsSync(entry)) throw new Error('build the server first: node scripts/pnpm.mjs run build:libs && node scripts/pnpm.mjs run build:server');

const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
const dir = mkdtempSync(path.join(os.tmpdir(), 'permitdesk-memory-'));
const probeFile = path.join(dir, 'probe.json');
/** --breakdown: where the RSS goes (memory-probe.mjs in the server answers SIGUSR2 with process.memoryUsage()). */
async function breakdown() {
  if (!values.breakdown) return;
  rmSync(probeFile, { force: true });
  child.kill('SIGUSR2');
  for (let i = 0; i < 50 && !existsSync(probeFile); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  const m = JSON.parse(readFileSync(probeFile, 'utf8'));
  const rest = m.rss - m.heapTotal - m.external;
  console.log(`    JS heap ${m.heapUsed} MB used of ${m.heapTotal} MB; external ${m.external} MB (array buffers ${m.arrayBuffers} MB); the rest (code, WebAssembly memory, native) ${rest} MB`);
}
let databaseUrl = '';
let drop = async () => {};
if (process.env.DATABASE_URL) {
  const pg = createRequire(path.join(ROOT, 'packages/server/package.json'))('pg');
  const name = `permitdesk_memory_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databaseUrl = Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${name}` }).toString();
  drop = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const probe = values.breakdown ? ['--import', pathToFileURL(path.join(ROOT, 'bench/memory-probe.mjs')).href] : [];
const child = spawn(process.execPath, [...productionNodeOptions(), ...probe, entry], {
  cwd: path.join(ROOT, 'packages/server'),
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dir, DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', EMAIL_MX_LOOKUP: 'off', DEMO_DATA_PROJECTS: values.projects, MEMORY_PROBE_FILE: probeFile },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(`${kind}, ${values.projects} demo projects: ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`  RSS after start and warm-up: ${rssMb(child.pid)} MB`);
  await breakdown();
  const auth = await (await fetch(`${base}/auth/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@permitdesk.test', password: 'PermitDesk-demo1' }) })).json().catch(() => ({}));
  const token = auth?.tokens?.accessToken;
  const urls = [`/v4/lookup/addresses?q=${encodeURIComponent('350 5th Ave, New York')}&limit=5`, ...(token ? ['/v4/companies'] : [])];
  const total = Number(values.requests);
  let done = 0;
  const worker = async () => {
    while (done < total) {
      const url = urls[done++ % urls.length];
      await (await fetch(`${base}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).arrayBuffer();
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: 10 }, worker));
  console.log(`  ${total} requests (${urls.length} kinds${token ? '' : '; no demo sign-in, suggestions only'}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`  RSS after the load run:      ${rssMb(child.pid)} MB  (budget: ${databaseUrl ? 250 : 400} MB)`);
  await breakdown();
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await drop();
  rmSync(dir, { recursive: true, force: true });
}
