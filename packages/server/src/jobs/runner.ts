// The job runner: drains the `jobs` table on every replica. A short transaction claims due rows
// (FOR UPDATE SKIP LOCKED, so replicas never take the same row) and leases them; each handler runs
// outside any transaction (PGlite has a single connection), then its row is marked done, or rescheduled
// with exponential backoff, or failed after its last attempt. A row whose worker died is due again when
// its lease ends; every write after the claim is fenced by (id, attempts, status 'running'), so a worker
// whose lease was taken over changes nothing. Recurring schedules live in job_schedules (schedules.ts).
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../db/schema.js';
import type { Logger } from '../http/logger.js';
import { createPollLoop } from '../ops/poll-loop.js';
import { enqueueJob } from './enqueue.js';
import { firstSlot, nextSlot, slotKey, specText, validateSpec, type Schedule, type ScheduleSpec } from './schedules.js';

export const JOB_DEFAULTS = {
  maxAttempts: 8,
  /** Delay before retry n (1-based): base · 2^(n-1), capped. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60 * 1000,
  /** A claimed job whose worker died is due again after its lease. */
  leaseMs: 60_000,
  batchSize: 20,
  pollMs: 2_000,
} as const;

export interface JobInfo {
  id: number;
  kind: string;
  key: string | null;
  /** This attempt's number (1 for the first run). */
  attempt: number;
  runAt: Date;
}

export interface JobContext {
  job: JobInfo;
  db: Db;
  clock: () => Date;
  log: Logger;
  /** The end of this attempt's lease: work past it may be run again by another worker. */
  deadline: Date;
  /** True once the runner is stopping (SIGTERM) or the lease's last fifth has begun: a long job should stop
   * at its next safe point and throw JobYielded, and a worker (this one or another) runs it again at once. */
  shouldYield(): boolean;
}

export type JobHandler<P = Record<string, unknown>> = (payload: P, ctx: JobContext) => Promise<void>;

export interface JobHandlerOptions<P = Record<string, unknown>> {
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  leaseMs?: number;
  /** Called once when the job has failed for good (after its last attempt or a PermanentJobError). */
  onFailed?: (payload: P, ctx: JobContext, error: string) => Promise<void>;
}

/** Thrown by a handler that stopped at a safe point (ctx.shouldYield): the job is due again now, this
 * attempt not counted, so the next run (here or on another replica) finishes the work with a fresh lease. */
export class JobYielded extends Error {
  override name = 'JobYielded';
}

/** Thrown by a handler: no retry, the job fails now. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export const jobRetryDelayMs = (attempt: number, options: Pick<JobHandlerOptions, 'baseDelayMs' | 'maxDelayMs'> = {}): number => {
  const base = options.baseDelayMs ?? JOB_DEFAULTS.baseDelayMs;
  const max = options.maxDelayMs ?? JOB_DEFAULTS.maxDelayMs;
  return Math.min(base * 2 ** Math.max(0, attempt - 1), max);
};

export interface JobRunner {
  /** Adds the handler of a kind; only kinds with a handler are claimed by this runner. */
  register<P = Record<string, unknown>>(kind: string, handler: JobHandler<P>, options?: JobHandlerOptions<P>): void;
  /** A recurring job every `intervalMs` (slots aligned on the epoch); its handler is registered apart. */
  every(kind: string, intervalMs: number, payload?: Record<string, unknown>): void;
  /** A recurring job each day at HH:MM UTC. */
  daily(kind: string, hhmm: string, payload?: Record<string, unknown>): void;
  /** Enqueues due recurring slots, then runs every due job once; answers how many jobs it handled. */
  drain(): Promise<number>;
  start(): void;
  /** Wakes the runner now instead of at the next poll. */
  nudge(): void;
  stop(): Promise<void>;
  readonly kinds: readonly string[];
}

export interface JobRunnerDeps {
  db: Db;
  clock: () => Date;
  log: Logger;
  pollMs?: number;
  batchSize?: number;
}

interface Registered {
  handler: JobHandler<any>;
  options: JobHandlerOptions<any>;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { db, clock, log } = deps;
  const pollMs = deps.pollMs ?? JOB_DEFAULTS.pollMs;
  const batchSize = deps.batchSize ?? JOB_DEFAULTS.batchSize;
  const handlers = new Map<string, Registered>();
  const schedules = new Map<string, Schedule>();

  const leaseOf = (kind: string) => handlers.get(kind)?.options.leaseMs ?? JOB_DEFAULTS.leaseMs;

  function addSchedule(kind: string, spec: ScheduleSpec, payload?: Record<string, unknown>) {
    validateSpec(spec);
    schedules.set(kind, { kind, spec, ...(payload ? { payload } : {}) });
  }

  /** Enqueues the job of each schedule's due slot (once across replicas and restarts) and moves the slot on. */
  async function tickSchedules(): Promise<void> {
    for (const schedule of schedules.values()) {
      const now = clock();
      const spec = specText(schedule.spec);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('job_schedules')
          .values({ kind: schedule.kind, spec, next_run_at: firstSlot(schedule.spec, now), updated_at: now })
          .onConflict((oc) => oc.column('kind').doNothing())
          .execute();
        const row = await trx.selectFrom('job_schedules').selectAll().where('kind', '=', schedule.kind).forUpdate().skipLocked().executeTakeFirst();
        if (!row) return; // another replica is on it
        if (row.spec !== spec) {
          // The schedule changed in code: start over from the new spec's first slot.
          await trx.updateTable('job_schedules').set({ spec, next_run_at: firstSlot(schedule.spec, now), updated_at: now }).where('kind', '=', schedule.kind).execute();
          return;
        }
        const slot = new Date(row.next_run_at);
        if (slot.getTime() > now.getTime()) return;
        // Slots missed while no runner was up are one run (the oldest missed slot), not a burst.
        await enqueueJob(trx, { kind: schedule.kind, payload: schedule.payload ?? {}, runAt: slot, key: slotKey(schedule.kind, slot) });
        await trx.updateTable('job_schedules').set({ next_run_at: nextSlot(schedule.spec, now), updated_at: now }).where('kind', '=', schedule.kind).execute();
      });
    }
  }

  async function claim() {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return [];
    const now = clock();
    // Not inTransaction: timers may carry a request's context (see db/transaction.ts).
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', kinds)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', now)]),
          ]),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('jobs')
        .set({ status: 'running', attempts: sql`attempts + 1`, locked_until: new Date(now.getTime() + JOB_DEFAULTS.leaseMs), updated_at: now })
        .where('id', 'in', due.map((row) => row.id))
        .returning(['id', 'kind', 'key', 'payload', 'attempts', 'run_at'])
        .execute();
    });
  }

  async function runOne(row: Awaited<ReturnType<typeof claim>>[number]): Promise<void> {
    const registered = handlers.get(row.kind);
    if (!registered) return;
    const { handler, options } = registered;
    const ours = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.and([eb('id', '=', row.id), eb('attempts', '=', row.attempts), eb('status', '=', 'running')]);
    // Hands the job back, due now, its attempt undone (a job not started at SIGTERM, or one that yielded).
    const handBack = () => db.updateTable('jobs').set({ status: 'pending', attempts: sql`attempts - 1`, locked_until: null, updated_at: clock() }).where(ours).execute();
    if (loop.stopping) {
      // Shutting down (SIGTERM): hand a claimed job not yet started back now, not after its lease.
      await handBack();
      return;
    }
    const leaseMs = leaseOf(row.kind);
    const deadline = new Date(clock().getTime() + leaseMs);
    // Still ours (no other worker re-claimed it after our lease ran out)? Then its lease starts now.
    const renewed = await db.updateTable('jobs').set({ locked_until: deadline }).where(ours).executeTakeFirst();
    if (Number(renewed.numUpdatedRows) === 0) return;
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
    const ctx: JobContext = {
      job: { id: Number(row.id), kind: row.kind, key: row.key, attempt: row.attempts, runAt: new Date(row.run_at) },
      db,
      clock,
      log,
      deadline,
      shouldYield: () => loop.stopping || clock().getTime() >= deadline.getTime() - leaseMs / 5,
    };
    try {
      await handler(payload, ctx);
      const now = clock();
      await db.updateTable('jobs').set({ status: 'done', locked_until: null, finished_at: now, updated_at: now }).where(ours).execute();
    } catch (error) {
      if (error instanceof JobYielded) {
        log.info(`job ${row.id} (${row.kind}) yielded: due again now`);
        await handBack();
        return;
      }
      const message = errorText(error);
      const now = clock();
      const final = error instanceof PermanentJobError || row.attempts >= (options.maxAttempts ?? JOB_DEFAULTS.maxAttempts);
      const updated = await db
        .updateTable('jobs')
        .set({
          status: final ? 'failed' : 'pending',
          last_error: message,
          locked_until: null,
          run_at: final ? row.run_at : new Date(now.getTime() + jobRetryDelayMs(row.attempts, options)),
          updated_at: now,
          ...(final ? { finished_at: now } : {}),
        })
        .where(ours)
        .executeTakeFirst();
      log.warn(`job ${row.id} (${row.kind}) failed (attempt ${row.attempts})`, { error: message, final });
      if (final && Number(updated.numUpdatedRows) > 0 && options.onFailed) {
        await options.onFailed(payload, ctx, message).catch((e: unknown) => log.error(`job ${row.id} (${row.kind}): onFailed failed`, { error: errorText(e) }));
      }
    }
  }

  async function drainOnce(): Promise<number> {
    const rows = await claim();
    for (const row of rows) await runOne(row);
    return rows.length;
  }

  // Due recurring slots are enqueued before each drain; batches are claimed until one comes back empty.
  const loop = createPollLoop({
    name: 'job runner',
    pollMs,
    log,
    beforeDrain: tickSchedules,
    drainBatch: async () => {
      const handled = await drainOnce();
      return { handled, more: handled > 0 };
    },
  });

  return {
    register(kind, handler, options = {}) {
      if (handlers.has(kind)) throw new Error(`A handler for job kind '${kind}' is already registered`);
      handlers.set(kind, { handler, options });
    },
    every(kind, intervalMs, payload) {
      addSchedule(kind, { every: intervalMs }, payload);
    },
    daily(kind, hhmm, payload) {
      addSchedule(kind, { dailyAt: hhmm }, payload);
    },
    drain: loop.drain,
    start() {
      for (const kind of schedules.keys()) if (!handlers.has(kind)) log.warn(`recurring job '${kind}' has no handler on this runner`);
      loop.start();
    },
    nudge: loop.nudge,
    stop: loop.stop,
    get kinds() {
      return [...handlers.keys()];
    },
  };
}

/** Due jobs (pending and due, or running) and how overdue the oldest is, for the metrics (queue="jobs"). */
export async function jobQueueStats(db: Db, now: Date): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => [eb.fn.countAll<string | number>().as('depth'), eb.fn.min('run_at').as('oldest')])
    .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)])]))
    .executeTakeFirstOrThrow();
  const oldest = row.oldest ? new Date(row.oldest as Date | string).getTime() : null;
  return { depth: Number(row.depth), oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000) };
}
