// The expiry watchdog (issue 16) run by separate OS processes on one PostgreSQL database, as replicas run
// it: each a job worker built as bootstrap.ts builds it (src/test/watchdog-worker.ts, through tsx), with
// its clock stopped at a given time. PGlite cannot be shared between processes, so this suite is
// PostgreSQL-only: it runs when DATABASE_URL is set, and under CI=true without it the file fails (as every
// database suite does, test/harness.ts's databaseTargets), it is not skipped.
//
// Nothing waits on the wall clock: the workers report on stdout and the test polls the database for a
// condition, with a deadline. Where the two runs meet is not left to chance: the test holds a lock the
// watchdog's claim must take (LOCK TABLE, or a competing uncommitted reminder row), watches the workers
// queue behind it in pg_stat_activity, then lets go. No code of the watchdog or the runner is changed.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.js';
import { companyOf } from '../../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../../test/harness.js';
import { EXPIRY_WATCHDOG_DAILY_AT, EXPIRY_WATCHDOG_JOB } from './watchdog-job.js';

const DAY = 86_400_000;
// The runs of the first test: Monday 2031-03-03 at the daily slot (06:00 UTC), so a worker's first look at
// the schedule finds the day's slot due (the daily run) beside the start-up run: two runs of one day.
const D0 = new Date(`2031-03-03T${EXPIRY_WATCHDOG_DAILY_AT}:00.000Z`);
const D1 = new Date(D0.getTime() + 1000 * DAY); // the second test's day, far from the first's items
const dayOf = (base: Date, offset: number) => new Date(base.getTime() + offset * DAY).toISOString().slice(0, 10);
const STEPS = [60, 30, 7, 0];
const DEADLINE_MS = 30_000;

// Throws under CI=true without DATABASE_URL: the file fails instead of skipping.
const onPostgres = databaseTargets().includes('postgres');

interface Worker {
  child: ChildProcess;
  /** Resolves with the first stdout line matching `pattern`; rejects if the process ends first. */
  line(pattern: RegExp): Promise<string>;
  /** Releases the barrier: the worker starts draining. */
  go(): void;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const workers: Worker[] = [];

function startWorker(databaseUrl: string, now: Date): Worker {
  const child = spawn(process.execPath, ['--conditions=@permitdesk/source', '--import', 'tsx', 'src/test/watchdog-worker.ts'], {
    cwd: path.join(REPO_ROOT, 'packages/server'),
    env: { ...process.env, DATABASE_URL: databaseUrl, WORKER_NOW: now.toISOString(), PUBLIC_URL: 'http://permitdesk.test' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (text) => {
    lines.push(text);
    for (const wake of waiting) wake();
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      for (const wake of waiting) wake();
      resolve({ code, signal });
    }),
  );
  const worker: Worker = {
    child,
    exit,
    line: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find((text) => pattern.test(text));
          if (found !== undefined) {
            waiting.delete(check);
            resolve(found);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiting.delete(check);
            reject(new Error(`worker ${child.pid} ended (${child.exitCode ?? child.signalCode}) before printing ${pattern}; stdout: ${lines.join(' | ')}`));
          }
        };
        waiting.add(check);
        check();
      }),
    go: () => child.stdin!.end('go\n'),
  };
  workers.push(worker);
  return worker;
}

/** Polls `check` until it answers true; fails at the deadline, or when a worker that should live has ended. */
async function until(what: string, check: () => Promise<boolean>, alive: Worker[] = []): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    if (await check()) return;
    const ended = alive.find((w) => w.child.exitCode !== null || w.child.signalCode !== null);
    if (ended) throw new Error(`waiting for ${what}: worker ${ended.child.pid} ended (${ended.child.exitCode ?? ended.child.signalCode})`);
    if (Date.now() > deadline) throw new Error(`waiting for ${what}: not within ${DEADLINE_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.runIf(onPostgres)('expiry watchdog in separate worker processes on postgres', () => {
  let t: TestContext;
  let url: string;
  const blockers: pg.Client[] = [];

  /** A connection of the test's own, outside the app's pool (it holds a lock across the workers' runs). */
  const blocker = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    blockers.push(client);
    return client;
  };
  /** Backends of this database queued on a lock in the watchdog's claim (INSERT INTO expiry_reminders). */
  const queuedClaims = async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO expiry_reminders%'`.execute(t.services.db);
    return rows[0]!.n;
  };
  const watchdogJobs = () =>
    t.services.db.selectFrom('jobs').select(['id', 'key', 'status', 'attempts', 'locked_until', 'run_at']).where('kind', '=', EXPIRY_WATCHDOG_JOB).orderBy('id').execute();
  const remindersOf = async (companyId: number) =>
    (await sql<{ item_id: number; step: number }>`SELECT item_id, step FROM expiry_reminders WHERE company_id = ${companyId} ORDER BY step`.execute(t.services.db)).rows;
  const reminderDays = async (user: TestUser) =>
    (await t.mailbox(user.email)).filter((m) => m.template === 'expiry_reminder').map((m) => (m.data as { days: number }).days).sort((a, b) => a - b);
  /** (recipient, template, item, days, expiry) of every mail to `users` sent more than once: none, ever. */
  const duplicateMails = async (users: TestUser[]) =>
    (
      await sql<{ to_address: string; n: number }>`
        SELECT to_address, template, data->>'itemName' AS item, data->>'days' AS days, data->>'expiresOn' AS expires_on, count(*)::int AS n
        FROM mail_outbox WHERE to_address IN (${sql.join(users.map((user) => user.email.toLowerCase()))})
        GROUP BY 1, 2, 3, 4, 5 HAVING count(*) > 1`.execute(t.services.db)
    ).rows;
  /** A company of `owner`'s with one certificate at each step from `day`: the items' ids by step. */
  const companyWithSteps = async (owner: TestUser, name: string, day: Date) => {
    const companyId = await companyOf(t, owner, name);
    const items = new Map<number, number>();
    for (const step of STEPS) {
      const res = await t.request('POST', `/v4/companies/${companyId}/certificates`, { token: owner.accessToken, body: { name: `Due in ${step}`, expiresOn: dayOf(day, step) } });
      expect(res.status, res.text).toBe(200);
      items.set(step, (res.body as { certificateId: number }).certificateId);
    }
    return { companyId, items };
  };

  beforeAll(async () => {
    t = await createTestContext({ target: 'postgres' });
    url = t.databaseUrl!;
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exit));
    for (const client of blockers) await client.end().catch(() => undefined);
    await t?.close();
  });

  it('two worker processes running the day\'s two runs at once: each step mailed exactly once', { timeout: 120_000 }, async () => {
    const owner = await t.createUser({ name: 'Olive Owner' });
    const admin = await t.createUser({ name: 'Adam Admin' });
    const { companyId, items } = await companyWithSteps(owner, 'Twin Workers Roofing', D0);
    await t.services.companies.addMember(companyId, admin.sub, 'administrator');

    // Every claim of a reminder waits behind this lock (reads go on): both runs will have read the same
    // four reminders as due before either can claim one.
    const gate = await blocker();
    await gate.query('BEGIN');
    await gate.query('LOCK TABLE expiry_reminders IN EXCLUSIVE MODE');

    const [a, b] = [startWorker(url, D0), startWorker(url, D0)];
    await Promise.all([a.line(/^ready$/), b.line(/^ready$/)]);
    a.go();
    b.go();
    // Both processes are in a run, each at its first claim: the daily slot's job and the start-up job.
    await until('both workers queued at their first claim', async () => (await queuedClaims()) === 2, [a, b]);
    const running = await watchdogJobs();
    expect(running.map((job) => job.status)).toEqual(['running', 'running']);
    await gate.query('COMMIT');

    const [doneA, doneB] = await Promise.all([a.line(/^drained \d+$/), b.line(/^drained \d+$/)]);
    expect([doneA, doneB]).toEqual(['drained 1', 'drained 1']);
    expect(await a.exit).toEqual({ code: 0, signal: null });
    expect(await b.exit).toEqual({ code: 0, signal: null });

    for (const user of [owner, admin]) expect(await reminderDays(user)).toEqual([0, 7, 30, 60]);
    expect(await remindersOf(companyId)).toEqual([0, 7, 30, 60].map((step) => ({ item_id: items.get(step), step })));
    const jobs = await watchdogJobs();
    expect(jobs.map((job) => job.key).sort()).toEqual([`${EXPIRY_WATCHDOG_JOB}@${D0.toISOString()}`, `${EXPIRY_WATCHDOG_JOB}@start:${dayOf(D0, 0)}`]);
    expect(jobs.map((job) => `${job.status}/${job.attempts}`)).toEqual(['done/1', 'done/1']);
    expect(await duplicateMails([owner, admin])).toEqual([]);
  });

  it('a worker killed (SIGKILL) in the middle of a run: a fresh process takes the job over after its lease and sends nothing twice', { timeout: 120_000 }, async () => {
    const owner = await t.createUser({ name: 'Rita Restart' });
    const { companyId, items } = await companyWithSteps(owner, 'Kill Nine Electric', D1);
    // Another run's claim of the 30-day reminder, not committed: the worker sends the 0- and 7-day steps
    // (their own transactions, committed), then waits here inside its 30-day step's transaction.
    const rival = await blocker();
    await rival.query('BEGIN');
    await rival.query(
      `INSERT INTO expiry_reminders (company_id, item_kind, item_id, step, expires_on, delivery, sent_at) VALUES ($1, 'certificate', $2, 30, $3::date, 'single', now())`,
      [companyId, items.get(30), dayOf(D1, 30)],
    );

    const doomed = startWorker(url, D1);
    await doomed.line(/^ready$/);
    doomed.go();
    // The claim shows in the jobs table, and the run is under way: waiting in its third reminder.
    await until('the worker to claim the job and stop in its 30-day step', async () => (await queuedClaims()) === 1 && (await watchdogJobs()).some((job) => job.status === 'running'), [doomed]);
    const claimed = (await watchdogJobs()).filter((job) => job.status === 'running');
    expect(claimed.map((job) => job.attempts)).toEqual([1]);
    expect((await remindersOf(companyId)).map((row) => row.step)).toEqual([0, 7]);
    doomed.child.kill('SIGKILL');
    expect(await doomed.exit).toEqual({ code: null, signal: 'SIGKILL' });
    await rival.query('ROLLBACK');

    // The job is still leased to the dead worker; a fresh process whose clock is past the lease takes it over.
    const [job] = (await watchdogJobs()).filter((row) => row.id === claimed[0]!.id);
    expect(job).toMatchObject({ status: 'running', attempts: 1 });
    const leaseEnd = new Date(job!.locked_until!);
    expect(leaseEnd.getTime()).toBe(D1.getTime() + 15 * 60_000);
    const fresh = startWorker(url, new Date(leaseEnd.getTime() + 1000));
    await fresh.line(/^ready$/);
    fresh.go();
    // The killed run's job again, and the day's start-up run (which the killed worker never reached).
    expect(await fresh.line(/^drained \d+$/)).toBe('drained 2');
    expect(await fresh.exit).toEqual({ code: 0, signal: null });

    expect(await reminderDays(owner)).toEqual([0, 7, 30, 60]);
    expect(await remindersOf(companyId)).toEqual([0, 7, 30, 60].map((step) => ({ item_id: items.get(step), step })));
    const after = await watchdogJobs();
    expect(after.find((row) => row.id === job!.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(after.every((row) => row.status === 'done')).toBe(true);
    expect(await duplicateMails([owner])).toEqual([]);
  });
});
