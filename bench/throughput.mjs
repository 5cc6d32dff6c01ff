#!/usr/bin/env node
// Throughput (issue 17): requests/s and p50/p99 of the product against a bare Hono handler measured in the
// same run on the same machine, with autocannon (root devDependency). Both servers are separate `node`
// processes (the product is the built server, NODE_ENV=production, as operators run it); autocannon runs here.
//   node scripts/pnpm.mjs run build:libs && node scripts/pnpm.mjs run build:server
//   node bench/throughput.mjs [--projects 80000 --companies 5 --largest 20000] [--duration 10] [--connections 10]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/throughput.mjs …   (PostgreSQL too)
//   DATABASE_URL=postgres://…/throughput_bench node bench/throughput.mjs --reuse …  (data already loaded there
//     with `pnpm --filter @permitdesk/server demo-data -- --projects … --companies … --largest …`)
// Scenarios: the radar's first page as the demo company's owner (PGlite, and PostgreSQL with DATABASE_URL),
// address suggestions and the municipality keyword search (PGlite), a form-52 permit request with a fresh Idempotency-Key each, over ten job
// sites of address-corpus.json in turn (PostgreSQL).
// `--only radar,addresses,municipalities,submit` and `--db pglite|pg` narrow the run; `--cpu-prof DIR` starts the product
// with --cpu-prof (the profile is written when it stops). Figures only; nothing asserts a timing.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/cluster.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRequire = createRequire(path.join(ROOT, 'packages/server/package.json'));
/** The answers the server's tests post for form 52 (packages/server/src/test/permit-fixtures.ts reads the same file). */
const FORM_52_ANSWERS = JSON.parse(readFileSync(path.join(ROOT, 'packages/server/src/test/form-52-answers.json'), 'utf8'));
const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '8000' },
    companies: { type: 'string', default: '5' },
    largest: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string', default: 'radar,addresses,municipalities,submit' },
    /** Seconds to wait for the startup jobs and mails (a million demo projects: ~120,000 inspection mails, ~10 minutes). */
    'drain-timeout': { type: 'string', default: '900' },
    db: { type: 'string', default: 'pglite,pg' },
    reuse: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    /** Another build of the server to measure (e.g. a copy of dist from before a change, beside it in packages/server). */
    entry: { type: 'string' },
    /** Keep PGlite's data folder here and load it only when it is empty (later runs skip the load). */
    'pglite-dir': { type: 'string' },
    'bare-server': { type: 'string' },
  },
});


async function main() {
  const entry = values.entry ? path.resolve(values.entry) : path.join(ROOT, 'packages/server/dist/main.js');
  if (!existsSync(entry)) throw new Error('build the server first: node scripts/pnpm.mjs run build:libs && node scripts/pnpm.mjs run build:server');
  const only = new Set(values.only.split(','));
  const kinds = new Set(values.db.split(','));
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const cleanups = [];
  const rows = [];
  let bareRuns = [];
  const load = async () => Number(os.loadavg()[0].toFixed(1));

  const bench = async (label, url, opts = {}, productPid = null) => {
    const cpu = cpuMeter(productPid);
    const result = await autocannon({ url, connections, duration, ...opts });
    const bad = result.non2xx + result.errors + result.timeouts;
    return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad, total: result.requests.total, load: await load(), cpu: cpu() };
  };

  try {
    const barePort = await freePort();
    const bare = spawnNode([fileURLToPath(import.meta.url), '--bare-server', String(barePort)], {});
    cleanups.push(() => stop(bare));
    await waitReady(`http://127.0.0.1:${barePort}/`, bare);
    const bareRun = () => bench('bare Hono', `http://127.0.0.1:${barePort}/`).then((r) => (bareRuns.push(r), r));
    await bench('warm-up', `http://127.0.0.1:${barePort}/`, { duration: 2 });
    console.log(`bare Hono: ${fmt(await bareRun())}`);

    for (const kind of ['pglite', 'pg']) {
      if (!kinds.has(kind)) continue;
      if (kind === 'pg' && !process.env.DATABASE_URL) continue;
      const wanted = ['radar', ...(kind === 'pglite' ? ['addresses', 'municipalities'] : ['submit'])].filter((s) => only.has(s));
      if (wanted.length === 0) continue;
      const product = await startProduct(kind, entry, cleanups);
      const name = kind === 'pg' ? 'PostgreSQL' : 'PGlite';
      const headers = { authorization: `Bearer ${product.token}` };
      for (const scenario of wanted) {
        let result;
        if (scenario === 'radar') {
          const url = `${product.base}${product.radarPath}`;
          await bench('warm-up', url, { headers, duration: 2 });
          result = await bench(`${name}: radar first page (owner)`, url, { headers }, product.pid);
        } else if (scenario === 'addresses') {
          const corpus = JSON.parse(readFileSync(path.join(ROOT, 'bench/address-corpus.json'), 'utf8')).addresses;
          // The widget's type-ahead: each address's street and the first letters of its city.
          const requests = corpus.slice(0, 100).map((a) => ({ method: 'GET', path: `/v4/lookup/addresses?q=${encodeURIComponent(`${a.street}, ${a.city.slice(0, 4)}`)}&limit=5` }));
          await bench('warm-up', product.base, { requests, duration: 2 });
          result = await bench(`${name}: address suggestions`, product.base, { requests }, product.pid);
        } else if (scenario === 'municipalities') {
          // The municipality keyword search (issue 15: >= 1,000 requests/s): the first letters of the corpus's cities.
          const corpus = JSON.parse(readFileSync(path.join(ROOT, 'bench/address-corpus.json'), 'utf8')).addresses;
          const requests = corpus.slice(0, 100).map((a) => ({ method: 'GET', path: `/v4/lookup/municipalities?keyword=${encodeURIComponent(a.city.slice(0, 5))}` }));
          await bench('warm-up', product.base, { requests, duration: 2 });
          result = await bench(`${name}: municipality keyword search`, product.base, { requests }, product.pid);
        } else {
          // Ten job sites, in turn (each address has its own request counter row, as in real traffic).
          const corpus = JSON.parse(readFileSync(path.join(ROOT, 'bench/address-corpus.json'), 'utf8')).addresses;
          const bodies = [];
          for (const a of corpus.slice(0, 40)) {
            if (bodies.length === 10) break;
            const submission = await form52Submission(product, `${a.street}, ${a.city}, ${a.state} ${a.zip}`).catch(() => null);
            if (submission) bodies.push(JSON.stringify(submission));
          }
          if (bodies.length === 0) throw new Error('no form-52 submission could be prepared');
          let turn = 0;
          const requests = [{ method: 'POST', path: '/v4/forms/52/entries', setupRequest: (req) => ({ ...req, headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: bodies[turn++ % bodies.length] }) }];
          await bench('warm-up', product.base, { requests, duration: 2 });
          result = await bench(`${name}: form 52 submission`, product.base, { requests }, product.pid);
        }
        // The scenario's own mails (form 52's confirmations) are sent first: the bare Hono run and the next
        // scenario measure a quiet machine.
        await product.drain(`  ${result.label}`);
        const b = await bareRun();
        console.log(`  ${fmt(result)}   (bare Hono right after: ${Math.round(b.rps)}/s)`);
        console.log(`  CPU during it: ${fmtCpu(result.cpu)}`);
        rows.push({ ...result, scenario, kind, permits: product.radarTotal });
      }
      await product.stop();
    }

    const bareRps = bareRuns.reduce((sum, r) => sum + r.rps, 0) / bareRuns.length;
    console.log(`\n${connections} connections, ${duration} s each; bare Hono ${Math.round(bareRps)} req/s (mean of ${bareRuns.length} runs: ${bareRuns.map((r) => Math.round(r.rps)).join(', ')}); load average at the end ${await load()}`);
    console.log(`${'scenario'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'of bare'.padStart(8)} ${'non-2xx'.padStart(8)}`);
    console.log(`${'bare Hono (JSON)'.padEnd(40)} ${String(Math.round(bareRps)).padStart(8)} ${fmtMs(bareRuns[0].p50)} ${fmtMs(bareRuns[0].p99)} ${'100%'.padStart(8)} ${String(bareRuns[0].bad).padStart(8)}`);
    for (const r of rows) {
      console.log(`${r.label.padEnd(40)} ${String(Math.round(r.rps)).padStart(8)} ${fmtMs(r.p50)} ${fmtMs(r.p99)} ${`${((100 * r.rps) / bareRps).toFixed(2)}%`.padStart(8)} ${String(r.bad).padStart(8)}`);
    }
    printGoals(rows, bareRps);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
  }
}

/**
 * CPU used from now until the returned function is called: the machine's (every core, from /proc/stat), the
 * product process's, PostgreSQL's (every process named postgres) and this process's (autocannon), each in
 * percent of one core. What a scenario is limited by is read from these (limitOf). Linux only; elsewhere null.
 */
function cpuMeter(productPid) {
  if (!existsSync('/proc/stat')) return () => null;
  const ticks = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15 of proc(5))
    } catch {
      return 0; // a process that ended meanwhile
    }
  };
  const postgres = () => readdirSync('/proc').filter((pid) => /^\d+$/.test(pid)).reduce((sum, pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres' ? sum + ticks(pid) : sum;
    } catch {
      return sum;
    }
  }, 0);
  const machine = () => {
    const [, ...times] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return { busy: times[0] + times[1] + times[2] + times[5] + times[6] + times[7], all: times.slice(0, 8).reduce((a, b) => a + b, 0) };
  };
  const HZ = 100; // USER_HZ, 100 on every Linux this runs on
  const start = { at: performance.now(), machine: machine(), product: productPid ? ticks(productPid) : 0, postgres: postgres(), self: process.cpuUsage() };
  return () => {
    const seconds = (performance.now() - start.at) / 1000;
    const now = machine();
    const self = process.cpuUsage(start.self);
    const cores = os.cpus().length;
    return {
      cores,
      machine: (100 * cores * (now.busy - start.machine.busy)) / Math.max(1, now.all - start.machine.all),
      product: productPid ? (100 * (ticks(productPid) - start.product)) / HZ / seconds : null,
      postgres: (100 * (postgres() - start.postgres)) / HZ / seconds,
      loadGenerator: (self.user + self.system) / 10_000 / seconds,
    };
  };
}

const fmtCpu = (cpu) =>
  cpu ? `machine ${cpu.machine.toFixed(0)}% of ${cpu.cores * 100}%; product ${cpu.product?.toFixed(0) ?? '?'}%, PostgreSQL ${cpu.postgres.toFixed(0)}%, autocannon ${cpu.loadGenerator.toFixed(0)}% (100% = one core)` : 'not measured (no /proc)';

/** What held a scenario back, from its CPU figures. */
function limitOf(cpu) {
  if (!cpu) return 'not measured (no /proc)';
  if (cpu.machine >= 80 * cpu.cores) return `the machine's CPU: all ${cpu.cores} cores busy (${fmtCpu(cpu)})`;
  if (cpu.product !== null && cpu.product >= 80) return `the product's one JavaScript thread (${fmtCpu(cpu)})`;
  if (cpu.postgres >= 80) return `PostgreSQL's CPU (${fmtCpu(cpu)})`;
  return `waiting, not CPU: locks, I/O or round trips (${fmtCpu(cpu)})`;
}

/** Issue 17's goals (and issue 15's keyword search), each met or not; where not, what limited it. */
function printGoals(rows, bareRps) {
  const GOALS = {
    'pg radar': { text: '>= 2% of bare Hono, p99 <= 50 ms (at 1,000,000 permits)', met: (r) => r.rps >= 0.02 * bareRps && r.p99 <= 50 },
    'pglite radar': { text: '>= 0.6% of bare Hono (at 100,000 permits)', met: (r) => r.rps >= 0.006 * bareRps },
    'pglite addresses': { text: '>= 5% of bare Hono', met: (r) => r.rps >= 0.05 * bareRps },
    'pglite municipalities': { text: '>= 1,000/s, p50 <= 5 ms (issue 15)', met: (r) => r.rps >= 1000 && r.p50 <= 5 },
    'pg submit': { text: '>= 200/s', met: (r) => r.rps >= 200 },
  };
  console.log('\ngoals');
  for (const r of rows) {
    const goal = GOALS[`${r.kind} ${r.scenario}`];
    if (!goal) continue;
    const size = r.scenario === 'radar' ? ` [${r.permits} permits in the company]` : '';
    const figure = `${Math.round(r.rps)}/s (${((100 * r.rps) / bareRps).toFixed(2)}%), p50 ${r.p50} ms, p99 ${r.p99} ms${size}`;
    console.log(`${r.label.padEnd(40)} goal ${goal.text}: ${figure}: ${goal.met(r) ? 'met' : `NOT met; limited by ${limitOf(r.cpu)}`}`);
  }
}

const fmtMs = (ms) => String(ms.toFixed?.(1) ?? ms).padStart(7);
const fmt = (r) => `${r.label}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.total} requests, ${r.bad} non-2xx/errors (load ${r.load})`;

function spawnNode(args, env) {
  return spawn(process.execPath, args, { cwd: path.join(ROOT, 'packages/server'), env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function waitReady(url, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * Waits until the due jobs and the mail outbox are empty: a fresh start runs the expiry watchdog over the demo
 * data, whose inspections and licenses falling due put thousands of mails in the outbox at 80,000 projects,
 * and sending them would otherwise share the CPU with the first scenarios (seen: radar 536/s while draining).
 * After each scenario too: form 52's confirmation mails once pulled the next bare Hono run from 82,000 to 43,000/s.
 */
async function waitQueuesDrained(base, token, what) {
  const started = Date.now();
  const waiting = async () => {
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    const depth = (queue) => Number(new RegExp(`^permitdesk_queue_depth\\{queue="${queue}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { jobs: depth('jobs'), mail: depth('mail') };
  };
  let most = 0;
  // Two empty readings a second apart: the watchdog job is enqueued at start and its mails appear as it runs.
  for (let empty = 0; empty < 2; ) {
    const { jobs, mail } = await waiting();
    most = Math.max(most, mail);
    empty = jobs + mail === 0 ? empty + 1 : 0;
    if (Date.now() - started > Number(values['drain-timeout']) * 1000) throw new Error(`queues not drained after ${values['drain-timeout']} s (${jobs} jobs, ${mail} mails)`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (most > 0 || Date.now() - started > 3000) console.log(`${what}: waited ${((Date.now() - started) / 1000).toFixed(0)} s for the queues (at most ${most} mails in the outbox)`);
}

/** Loads the demo data (unless --reuse) with the demo-data CLI, then starts the built server on it. */
async function startProduct(kind, entry, cleanups) {
  const kept = kind === 'pglite' && values['pglite-dir'] ? path.resolve(values['pglite-dir']) : null;
  const dir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'permitdesk-throughput-'));
  if (!kept) cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  else mkdirSync(kept, { recursive: true });
  const jwtFile = path.join(dir, 'bench-jwt-secret');
  if (kept && !existsSync(jwtFile)) writeFileSync(jwtFile, randomBytes(32).toString('hex'));
  const reuse = kind === 'pg' ? values.reuse : Boolean(kept && existsSync(path.join(dir, 'bench-loaded')));
  let databaseUrl = '';
  if (kind === 'pg') {
    if (values.reuse) databaseUrl = process.env.DATABASE_URL;
    else {
      const pg = serverRequire('pg');
      const name = `permitdesk_throughput_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      databaseUrl = Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${name}` }).toString();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
    }
  }
  const metricsToken = randomBytes(16).toString('hex');
  const env = { NODE_ENV: 'production', DATA_DIR: dir, DATABASE_URL: databaseUrl, JWT_SECRET: kept ? readFileSync(jwtFile, 'utf8') : randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', EMAIL_MX_LOOKUP: 'off', METRICS_TOKEN: metricsToken };
  if (!reuse) {
    const started = Date.now();
    const cli = spawn(process.execPath, ['--import', 'tsx', '--conditions=@permitdesk/source', 'src/cli/demo-data.ts', '--projects', values.projects, '--companies', values.companies, '--largest', values.largest], {
      cwd: path.join(ROOT, 'packages/server'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const code = await new Promise((resolve) => cli.once('exit', resolve));
    if (code !== 0) throw new Error(`demo-data exited with ${code}`);
    if (kept) writeFileSync(path.join(dir, 'bench-loaded'), `${values.projects} ${values.companies} ${values.largest}\n`);
    console.log(`${kind}: demo data (--projects ${values.projects} --companies ${values.companies} --largest ${values.largest}) loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const prof = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : [];
  const child = spawnNode([...prof, '--enable-source-maps', entry], { ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base });
  cleanups.push(() => stop(child));
  await waitReady(`${base}/readyz`, child);
  await waitQueuesDrained(base, metricsToken, `${kind}: the startup jobs and mails`);
  if (kind === 'pg') await vacuumWithoutAutovacuum(databaseUrl);
  const auth = await (await fetch(`${base}/auth/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@permitdesk.test', password: 'PermitDesk-demo1' }) })).json();
  const token = auth?.tokens?.accessToken;
  if (!token) throw new Error(`demo sign-in failed: ${JSON.stringify(auth)}`);
  const companies = await (await fetch(`${base}/v4/companies`, { headers: { authorization: `Bearer ${token}` } })).json();
  const companyId = (Array.isArray(companies) ? companies : (companies.items ?? []))[0]?.id;
  if (!companyId) throw new Error(`the demo owner has no company: ${JSON.stringify(companies).slice(0, 200)}`);
  const radarPath = `/v4/projects/search?companyId=${companyId}&page=1&size=20`;
  const first = await fetch(`${base}${radarPath}`, { headers: { authorization: `Bearer ${token}` } });
  console.log(`${kind}: radar total ${first.headers.get('x-pagination-totalcount')} permits in the demo owner's company ${companyId} (${first.status})`);
  return { base, token, companyId, radarPath, radarTotal: Number(first.headers.get('x-pagination-totalcount')), pid: child.pid, stop: () => stop(child), drain: (what) => waitQueuesDrained(base, metricsToken, what) };
}

/**
 * With autovacuum off (as on this project's CI machine), the startup's mail burst leaves the outbox's queue
 * index full of dead entries until the server's hourly db.maintenance job runs (src/db/maintenance.ts), and the
 * mail worker's claim walks the whole outbox every 2 s meanwhile. Do now what that job would do, and say so.
 */
async function vacuumWithoutAutovacuum(databaseUrl) {
  const pg = serverRequire('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT current_setting('autovacuum') AS setting`);
    if (rows[0].setting === 'on') return;
    await client.query('VACUUM ANALYZE mail_outbox, jobs, job_schedules');
    console.log('pg: autovacuum is off: vacuumed the mail outbox and the job queue (what the hourly db.maintenance job does)');
  } finally {
    await client.end();
  }
}

/** What the widget posts for form 52 (test/permit-fixtures.ts): an address, its municipality, a task, the answers. */
async function form52Submission({ base, token, companyId }, typed) {
  const get = async (url) => {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const [found] = await get(`/v4/lookup/addresses?q=${encodeURIComponent(typed)}&limit=1`);
  const geocoded = await get(`/v4/lookup/addresses/${encodeURIComponent(found.id)}`);
  const hints = Object.fromEntries(['city', 'state', 'zip'].filter((k) => geocoded[k]?.trim()).map((k) => [k, geocoded[k].trim()]));
  const municipality = geocoded.municipality ?? (await get(`/search/?${new URLSearchParams({ lat: String(geocoded.latitude), lon: String(geocoded.longitude), ...hints })}`));
  const tasks = await get('/tasks');
  const taskId = tasks.find((t) => t.active !== false)?.id ?? tasks[0].id;
  // As the company (its scope), not the owner's personal account: personal projects of the owner would be
  // 'assigned from outside' the company's radar and lengthen its list for the radar scenario.
  const entry = await get(`/v4/forms/52/entry-data?taskId=${taskId}&municipalityId=${municipality.id}&addressId=${encodeURIComponent(found.id)}&companyId=${companyId}`);
  const choices = { taskId: entry.TaskID, municipalityId: entry.MunicipalityID, companyId: entry.CompanyID ?? null };
  if (entry.AddressID) choices.addressId = entry.AddressID;
  const answers = { ...FORM_52_ANSWERS.everyone, ...(entry.CompanyID ? FORM_52_ANSWERS.company : {}) };
  return { formId: 52, ...choices, answers, acknowledgeGate: true };
}

// Child mode: the bare Hono handler on @hono/node-server, answering a small JSON object.
if (values['bare-server']) {
  const { Hono } = await import(serverRequire.resolve('hono'));
  const { serve } = await import(serverRequire.resolve('@hono/node-server'));
  const app = new Hono();
  app.get('/', (c) => c.json({ ok: true, items: [{ id: 1, name: 'bare' }] }));
  serve({ fetch: app.fetch, port: Number(values['bare-server']), hostname: '127.0.0.1' });
} else {
  await main();
}
