// The permit team's queue benchmark (issue 12): GET /v4/operator/queue through the real app at
// 1,000,000 permits, p50 / p95 per scenario (round robin, 200 requests each after 5 warm-ups). Figures
// only; nothing asserts a timing. Goal: the first page p95 < 50 ms on PostgreSQL.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/queue_bench npx tsx --conditions=@permitdesk/source bench/ops-queue.ts --projects 800000 --companies 5 --largest 200000
//   (an empty database; ~4 min to load; --reuse after)
//   PGlite: npx tsx --conditions=@permitdesk/source bench/ops-queue.ts --projects 80000
// It loads the radar bench's demo data (reference/demo-data.ts), then gives the permit team what a real
// queue has: 5 operators with 30 % of the permits assigned, conversations on 5 % of the permits (the
// customer wrote last on 2 %), pending quotes on 1 %.
import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/server/src/config.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { openDatabase } from '../packages/server/src/db/database.js';
import { seedAll } from '../packages/server/src/reference/seed-all.js';
import { loadDemoData } from '../packages/server/src/reference/demo-data.js';
import { ensureDemoOperators, loadDemoQueueData } from '../packages/server/src/reference/demo-queue.js';
import { createApp } from '../packages/server/src/app.js';
import { closeServices, createServices } from '../packages/server/src/services.js';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '80000' },
    companies: { type: 'string', default: '5' },
    largest: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '200' },
    reuse: { type: 'boolean', default: false },
  },
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase(config, { inMemory: !config.DATABASE_URL });
const services = await createServices(config, { database });
try {
  await migrateToLatest(database);
  await seedAll(services);
  const log = (line: string) => console.log(`[load] ${line}`);
  const operators = await ensureDemoOperators(services);
  if (!values.reuse) {
    await loadDemoData(services, { projects: Number(values.projects), companies: Number(values.companies), largest: Number(values.largest), log });
    await loadDemoQueueData(services, operators, log);
  }
  const permits = Number((await services.db.selectFrom('permits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const token = (await services.identity.issueSession(operators[0]!)).tokens.accessToken;
  const app = createApp(services);
  const scenarios: [string, Record<string, string>][] = [
    ['default (newest) page 1', {}],
    ['default page 50', { page: '50' }],
    ["'Mine' (assignee me, active)", { assignee: 'me', active: 'true' }],
    ["'New today'", { createdToday: 'true' }],
    ["'Waiting on customer'", { waitingOnCustomer: 'true', active: 'true' }],
    ["'Over SLA' (sorted by over SLA)", { overSla: 'true', sort: 'overSla' }],
    ['sort overSla, no filter', { sort: 'overSla' }],
    ['needsReply', { needsReply: 'true' }],
    ['cancellationRequested', { cancellationRequested: 'true' }],
    ['quotePending', { quotePending: 'true' }],
    ['inspectionDue', { inspectionDue: 'true' }],
    ['stage Processing', { stage: '20' }],
    ['unassigned, Requested, 3+ days', { assignee: 'none', stage: '10', minDaysInStage: '3' }],
    ['keyword "garcia"', { keyword: 'garcia' }],
    ['keyword "maple dr" + needsReply', { keyword: 'maple dr', needsReply: 'true' }],
    ['keyword "zzqx" (no match)', { keyword: 'zzqx' }],
  ];
  const request = async (query: Record<string, string>) => {
    const res = await app.request(`/v4/operator/queue?${new URLSearchParams(query).toString()}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
    await res.json();
    return Number(res.headers.get('x-pagination-totalcount'));
  };
  const runs = Number(values.runs);
  const prepared = scenarios.map(([name, query]) => ({ name, query, total: 0, times: [] as number[] }));
  for (const scenario of prepared) for (let i = 0; i < 5; i++) scenario.total = await request(scenario.query);
  for (let i = 0; i < runs; i++) {
    for (const scenario of prepared) {
      const started = performance.now();
      await request(scenario.query);
      scenario.times.push(performance.now() - started);
    }
  }
  console.log(`\n${services.dbKind}: ${permits} permits, GET /v4/operator/queue (size 20) through the app, ${runs} requests each`);
  console.log(`${'scenario'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'total'.padStart(9)}`);
  for (const { name, times, total } of prepared) {
    const sorted = times.sort((a, b) => a - b);
    console.log(`${name.padEnd(40)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${String(total).padStart(9)}`);
  }
} finally {
  await closeServices(services);
}
