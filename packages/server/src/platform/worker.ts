// The platform's background work on the durable job queue (jobs/): 'platform.sync' every 30 seconds
// refreshes tokens before they expire, processes received events, queues and delivers the push-back
// documents; 'platform.inbound' is enqueued with each received event (same transaction) so it is processed
// right after the webhook's fast answer. Each step is a plain, idempotent function on the database (rows
// claimed with SKIP LOCKED, a row per source), so a job that runs twice does nothing twice.
import type { AppServices } from '../services.js';
import { refreshExpiringConnections } from './connections.js';
import { processInboundEvents } from './inbound.js';
import { deliverDueDocuments, sweepDocuments } from './push-back.js';

type Services = Pick<AppServices, 'db' | 'config' | 'clock' | 'mail' | 'secretBox' | 'log' | 'jobs'>;

export const PLATFORM_JOBS = { sync: 'platform.sync', inbound: 'platform.inbound' } as const;
export const PLATFORM_SYNC_MS = 30_000;

/** One pass of everything the platform integration does in the background. */
export async function platformSyncPass(services: Omit<Services, 'jobs'>): Promise<void> {
  await refreshExpiringConnections(services);
  await processInboundEvents(services);
  await sweepDocuments(services);
  await deliverDueDocuments(services);
}

export function registerPlatformJobs(services: Services): void {
  services.jobs.register(PLATFORM_JOBS.sync, () => platformSyncPass(services));
  services.jobs.register(PLATFORM_JOBS.inbound, async () => {
    await processInboundEvents(services);
  });
  services.jobs.every(PLATFORM_JOBS.sync, PLATFORM_SYNC_MS);
}
