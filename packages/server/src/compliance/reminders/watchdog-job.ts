// The expiry watchdog as a durable job (jobs/): a daily recurring run at 06:00 UTC, plus one run the day
// a server starts (keyed by the day, so restarts that day add none), so a fresh server, the demo's
// included, mails what is due without waiting for the next morning. Every run is idempotent
// (watchdog.ts), so a job that runs twice (a lost lease, a retry after an error) sends nothing twice, and a
// run that yields (a stopping process, a lease nearly over) leaves the rest to the next.
import { todayIso } from '@permitdesk/core';
import { enqueueJob, JobYielded } from '../../jobs/index.js';
import type { AppServices } from '../../services.js';
import { runExpiryWatchdog } from './watchdog.js';

export const EXPIRY_WATCHDOG_JOB = 'compliance.expiry-watchdog';
export const EXPIRY_WATCHDOG_DAILY_AT = '06:00';

type Deps = Pick<AppServices, 'db' | 'mail' | 'config' | 'log' | 'jobs' | 'clock'>;

export function registerExpiryWatchdogJob(services: Deps): void {
  services.jobs.register(EXPIRY_WATCHDOG_JOB, async (_payload, ctx) => {
    // A run stopped between batches (SIGTERM, or its lease nearly over) is run again at once, here or on
    // another replica: what it sent is committed and claimed, so the next run sends only the rest.
    const result = await runExpiryWatchdog({ ...services, shouldYield: ctx.shouldYield }, ctx.clock());
    if (!result.finished) throw new JobYielded(`stopped after ${result.reminders} reminders`);
  }, { leaseMs: 15 * 60_000 });
  services.jobs.daily(EXPIRY_WATCHDOG_JOB, EXPIRY_WATCHDOG_DAILY_AT);
}

/** Today's start-up run (none when one was already enqueued today). */
export const enqueueStartupWatchdog = (services: Pick<AppServices, 'db' | 'clock'>): Promise<number | null> =>
  enqueueJob(services.db, { kind: EXPIRY_WATCHDOG_JOB, key: `${EXPIRY_WATCHDOG_JOB}@start:${todayIso(services.clock())}`, runAt: services.clock() });
