// The durable job queue (issue 16), on PGlite and PostgreSQL, with a driven clock (no sleeps): a job
// runs once with two runners draining at once; a runner that dies mid-run loses its lease and the job
// runs again without doubling its (idempotent) effect; backoff, failure and the permit team's retry;
// a recurring job neither skips nor doubles a slot across a restart; a long job that yields is handed back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../http/logger.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { operator } from '../test/permit-fixtures.js';
import { createJobRunner, enqueueJob, JOB_DEFAULTS, JobYielded, PermanentJobError, type JobRunner } from './index.js';

const MINUTE = 60_000;

describe.each(databaseTargets())('durable jobs on %s', (target) => {
  let t: TestContext;
  let team: TestUser;
  let customer: TestUser;
  // The runners' clock: 10 s into a minute, an hour ahead of the wall clock (jobs enqueued "now" are due); set in beforeAll.
  let now = 0;
  const clock = () => new Date(now);
  const runners: JobRunner[] = [];
  const runner = () => {
    const r = createJobRunner({ db: t.services.db, clock, log: createLogger('silent'), batchSize: 5 });
    runners.push(r);
    return r;
  };
  let kindCounter = 0;
  const freshKind = (name: string) => `test.${name}.${target}.${++kindCounter}`;
  const jobsOf = (kind: string) => t.services.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestContext({ target });
    now = Math.ceil(Date.now() / MINUTE) * MINUTE + 60 * MINUTE + 10_000;
    team = await operator(t);
    customer = await t.createUser({ name: 'Carl Customer' });
  });
  afterAll(async () => {
    for (const r of runners) await r.stop();
    await t?.close();
  });

  it('keeps one job for a key enqueued twice, and runs it once', async () => {
    const kind = freshKind('dedupe');
    const runs: unknown[] = [];
    const r = runner();
    r.register(kind, async (payload) => {
      runs.push(payload);
    });
    const first = await t.services.db.transaction().execute((trx) => enqueueJob(trx, { kind, payload: { n: 1 }, key: `${kind}:once` }));
    const second = await enqueueJob(t.services.db, { kind, payload: { n: 2 }, key: `${kind}:once` });
    expect(first).toBeTypeOf('number');
    expect(second).toBeNull();
    expect(await r.drain()).toBe(1);
    expect(await r.drain()).toBe(0);
    expect(runs).toEqual([{ n: 1 }]);
    expect((await jobsOf(kind)).map((j) => j.status)).toEqual(['done']);
  });

  it('does not write the job when the caller\'s transaction rolls back', async () => {
    const kind = freshKind('rollback');
    await expect(
      t.services.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { kind });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobsOf(kind)).toEqual([]);
  });

  it('runs each job exactly once with two runners draining the same database at once', async () => {
    const kind = freshKind('concurrent');
    const runs = new Map<number, number>();
    const handler = async (payload: { n: number }) => {
      await new Promise((resolve) => setImmediate(resolve)); // let the other runner in
      runs.set(payload.n, (runs.get(payload.n) ?? 0) + 1);
    };
    const [a, b] = [runner(), runner()];
    a.register(kind, handler);
    b.register(kind, handler);
    for (let n = 0; n < 23; n++) await enqueueJob(t.services.db, { kind, payload: { n } });
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(23);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual([...Array(23).keys()]);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect((await jobsOf(kind)).every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });

  it('runs a job again when its runner died mid-run (lease over), and the idempotent handler does not repeat its effect', async () => {
    const kind = freshKind('crash');
    const effect = freshKind('effect');
    let calls = 0;
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    // The effect is recorded by its key (a job of kind `effect` keyed by this job's id): doing it twice is one row.
    const handler = async (_payload: unknown, ctx: { job: { id: number }; db: typeof t.services.db }) => {
      calls += 1;
      await enqueueJob(ctx.db, { kind: effect, key: `${effect}:${ctx.job.id}` });
      if (calls === 1) await hung; // the first runner "dies" here: it never finishes in time
    };
    const [dying, survivor] = [runner(), runner()];
    dying.register(kind, handler);
    survivor.register(kind, handler);
    await enqueueJob(t.services.db, { kind, key: `${kind}:1` });

    const dyingDrain = dying.drain();
    while (calls === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(await survivor.drain()).toBe(0); // leased: nobody else takes it
    now += JOB_DEFAULTS.leaseMs - 1;
    expect(await survivor.drain()).toBe(0);
    now += 1;
    expect(await survivor.drain()).toBe(1);
    expect(calls).toBe(2);
    const [job] = await jobsOf(kind);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobsOf(effect)).toHaveLength(1);

    // The dead runner wakes up late: its lease was taken over, so it changes nothing.
    release();
    await dyingDrain;
    expect((await jobsOf(kind))[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobsOf(effect)).toHaveLength(1);
  });

  it('retries with exponential backoff, fails after the last attempt, and the permit team sees and retries it', async () => {
    const kind = freshKind('flaky');
    let calls = 0;
    let healthy = false;
    const failed: string[] = [];
    const r = runner();
    r.register(
      kind,
      async () => {
        calls += 1;
        if (!healthy) throw new Error(`remote said no (${calls})`);
      },
      { maxAttempts: 3, baseDelayMs: 1_000, onFailed: async (_p, _ctx, error) => void failed.push(error) },
    );
    const id = (await enqueueJob(t.services.db, { kind, runAt: clock() }))!;
    expect(await r.drain()).toBe(1);
    let [job] = await jobsOf(kind);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: 'remote said no (1)' });
    expect(new Date(job!.run_at).getTime()).toBe(now + 1_000);

    now += 999;
    expect(await r.drain()).toBe(0);
    now += 1;
    expect(await r.drain()).toBe(1);
    [job] = await jobsOf(kind);
    expect(job).toMatchObject({ status: 'pending', attempts: 2 });
    expect(new Date(job!.run_at).getTime()).toBe(now + 2_000); // doubled

    now += 2_000;
    expect(await r.drain()).toBe(1);
    [job] = await jobsOf(kind);
    expect(job).toMatchObject({ status: 'failed', attempts: 3, last_error: 'remote said no (3)' });
    expect(failed).toEqual(['remote said no (3)']);
    now += 24 * 60 * MINUTE;
    expect(await r.drain()).toBe(0);
    expect(calls).toBe(3);

    // The permit team's list: failed and retried; a customer gets 403, nobody 401.
    const list = await t.request('GET', '/v4/operator/jobs', { token: team.accessToken, query: { status: 'failed', kind } });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id, kind, status: 'failed', attempts: 3, lastError: 'remote said no (3)' })]);
    expect(list.headers.get('x-pagination-totalcount')).toBe('1');
    const retried = await t.request('GET', '/v4/operator/jobs', { token: team.accessToken, query: { status: 'retried', kind } });
    expect(retried.body.map((j: { id: number }) => j.id)).toEqual([id]);
    expect((await t.request('GET', '/v4/operator/jobs', { token: customer.accessToken })).status).toBe(403);
    expect((await t.request('GET', '/v4/operator/jobs')).status).toBe(401);
    expect((await t.request('GET', '/v4/operator/jobs', { token: team.accessToken, query: { status: 'stuck' } })).status).toBe(400);
    expect((await t.request('POST', `/v4/operator/jobs/${id}/retry`, { token: customer.accessToken })).status).toBe(403);

    // Retry: due now with its attempts starting over; a second retry of a job no longer failed is a 409.
    healthy = true;
    const retry = await t.request('POST', `/v4/operator/jobs/${id}/retry`, { token: team.accessToken });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toMatchObject({ id, status: 'pending', attempts: 0 });
    expect((await t.request('POST', `/v4/operator/jobs/${id}/retry`, { token: team.accessToken })).status).toBe(409);
    expect((await t.request('POST', '/v4/operator/jobs/999999999/retry', { token: team.accessToken })).status).toBe(404);
    expect((await t.request('POST', '/v4/operator/jobs/abc/retry', { token: team.accessToken })).status).toBe(400);
    now = Math.max(now, Date.now() + 1);
    expect(await r.drain()).toBe(1);
    expect((await jobsOf(kind))[0]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('fails a job at once on a PermanentJobError, and leaves kinds it has no handler for alone', async () => {
    const kind = freshKind('permanent');
    const other = freshKind('unhandled');
    const r = runner();
    r.register(kind, async () => {
      throw new PermanentJobError('the subscription is gone');
    });
    await enqueueJob(t.services.db, { kind });
    await enqueueJob(t.services.db, { kind: other });
    expect(await r.drain()).toBe(1);
    expect((await jobsOf(kind))[0]).toMatchObject({ status: 'failed', attempts: 1, last_error: 'the subscription is gone' });
    expect((await jobsOf(other))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('hands a long job back when it yields (its lease nearly over, or the runner stopping): due again at once, its attempt not counted', async () => {
    const kind = freshKind('yielding');
    const done: number[] = [];
    let runs = 0;
    let hold: Promise<void> | null = null;
    const r = runner();
    // Six items, 3 s each on the runners' clock, against a 10 s lease: it yields when 8 s have gone.
    r.register(kind, async (_payload, ctx) => {
      runs += 1;
      for (let item = 0; item < 6; item += 1) {
        if (done.includes(item)) continue;
        if (ctx.shouldYield()) throw new JobYielded(`stopped before item ${item}`);
        if (hold) await hold;
        done.push(item);
        now += 3_000;
      }
    }, { leaseMs: 10_000 });
    await enqueueJob(t.services.db, { kind });
    // One drain: the run yields after three items, the same drain takes the job again with a fresh lease.
    expect(await r.drain()).toBe(2);
    expect({ runs, done }).toEqual({ runs: 2, done: [0, 1, 2, 3, 4, 5] });
    expect((await jobsOf(kind))[0]).toMatchObject({ status: 'done', attempts: 1, last_error: null });

    // Stopped mid-run: the job is handed back at its next safe point, and another runner finishes it.
    done.length = 0;
    runs = 0;
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    await enqueueJob(t.services.db, { kind, key: 'second' });
    const draining = r.drain();
    await vi.waitFor(() => expect(runs).toBe(1));
    const stopping = r.stop();
    hold = null;
    release();
    await stopping;
    expect(await draining).toBe(1);
    expect(done).toEqual([0]);
    const [, second] = await jobsOf(kind);
    expect(second).toMatchObject({ status: 'pending', attempts: 0, locked_until: null });
    const next = runner();
    next.register(kind, async () => {
      for (let item = 0; item < 6; item += 1) if (!done.includes(item)) done.push(item);
    });
    expect(await next.drain()).toBe(1);
    expect(done).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await jobsOf(kind))[1]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('runs a recurring job once per slot across a restart and with two runners, and once after downtime', async () => {
    const kind = freshKind('tick');
    const slots: string[] = [];
    const make = () => {
      const r = runner();
      r.register(kind, async (_payload, ctx) => void slots.push(ctx.job.key!));
      r.every(kind, MINUTE);
      return r;
    };
    now = Math.ceil(now / MINUTE) * MINUTE + 10_000; // 10 s into a slot
    const slotAt = (ms: number) => `${kind}@${new Date(Math.floor(ms / MINUTE) * MINUTE).toISOString()}`;
    const first = make();
    expect(await first.drain()).toBe(1);
    expect(await first.drain()).toBe(0);
    expect(slots).toEqual([slotAt(now)]);

    // Restart in the same slot: nothing runs twice.
    await first.stop();
    const second = make();
    expect(await second.drain()).toBe(0);
    now += 40_000; // still the same slot
    expect(await second.drain()).toBe(0);

    // The next slot, with another replica draining at the same time: one run.
    now += 20_000;
    const replica = make();
    const [x, y] = await Promise.all([second.drain(), replica.drain()]);
    expect(x + y).toBe(1);
    expect(slots).toEqual([slotAt(now - 60_000), slotAt(now)]);

    // Down for three slots: the missed time is one run at the next start (not none, not three).
    await second.stop();
    await replica.stop();
    now += 3 * MINUTE;
    const third = make();
    expect(await third.drain()).toBe(1);
    expect(await third.drain()).toBe(0);
    expect(slots).toHaveLength(3);
    expect(slots[2]).toBe(slotAt(now - 2 * MINUTE)); // the oldest missed slot
    now += MINUTE;
    expect(await third.drain()).toBe(1);
    expect(slots[3]).toBe(slotAt(now));
  });
});
