// Durable scheduled work (issue 16): a `jobs` table drained by a runner on every replica.
//
// Why not pg-boss or graphile-worker: both need a pool of real PostgreSQL connections (and LISTEN/NOTIFY
// across processes); PGlite, the embedded default, has a single in-process connection. So the queue is
// the mail worker's model on a table of its own: FOR UPDATE SKIP LOCKED claims with a lease, exponential
// backoff, attempts, last_error, status pending | running | done | failed.
//
// Use:
//   enqueueJob(trx, { kind, payload, runAt?, key? })   in the caller's transaction: the job exists exactly
//       when the change that asked for it commits. `key` dedupes: enqueued twice → one job → runs once.
//   services.jobs.register(kind, async (payload, ctx) => { ... }, { maxAttempts?, baseDelayMs?, ... })
//       throw → retried with backoff; after maxAttempts (or a PermanentJobError) → failed (onFailed runs once).
//   services.jobs.every(kind, ms) / services.jobs.daily(kind, 'HH:MM')   recurring: each slot is enqueued
//       once with key '<kind>@<slot ISO>' (job_schedules keeps the next slot across restarts; slots missed
//       while nothing ran become one run at the next start, never a burst and never none).
//
// THE CONTRACT OF A HANDLER: a job may run more than once (a worker that dies mid-run loses its lease and
// another worker runs the job again; a retry after an error repeats what succeeded before the error).
// So a handler makes its side effects idempotent: it records what it did in the database keyed by
// something stable (the job's key, the row it works on) and checks that record before doing it again,
// e.g. mail through the outbox with a unique key, a webhook delivery row whose status says 'delivered'.
// A handler that runs twice sends nothing twice.
export { enqueueJob, type JobInput } from './enqueue.js';
export {
  createJobRunner,
  jobQueueStats,
  JOB_DEFAULTS,
  jobRetryDelayMs,
  JobYielded,
  PermanentJobError,
  type JobContext,
  type JobHandler,
  type JobHandlerOptions,
  type JobInfo,
  type JobRunner,
  type JobRunnerDeps,
} from './runner.js';
export { currentSlot, nextSlot, slotKey, type ScheduleSpec } from './schedules.js';
export { listJobs, retryJob } from './jobs-admin.js';
