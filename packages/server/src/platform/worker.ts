// The platform's background work, in one loop until the durable job scheduler takes it over: refresh
// tokens before they expire, process the received events, queue and deliver the push-back documents.
// Each step is a plain function on the database (SKIP LOCKED where rows are claimed), so several
// replicas may run it, and a job handler can call the same functions.
import type { AppServices } from '../services.js';
import { refreshExpiringConnections } from './connections.js';
import { processInboundEvents } from './inbound.js';
import { deliverDueDocuments, sweepDocuments } from './push-back.js';

type Services = Pick<AppServices, 'db' | 'config' | 'clock' | 'mail' | 'secretBox' | 'log'>;

export interface PlatformWorker {
  start(): void;
  /** Run a pass soon (an event just arrived). */
  nudge(): void;
  /** One pass now (tests drive it with their clock). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

let running: PlatformWorker | null = null;
/** Nudges the started worker, if any (the webhook route calls it after answering). */
export const nudgePlatformWorker = (): void => running?.nudge();

export function createPlatformWorker(services: Services, intervalMs = 5_000): PlatformWorker {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let again = false;

  async function pass(): Promise<void> {
    await refreshExpiringConnections(services);
    await processInboundEvents(services);
    await sweepDocuments(services);
    await deliverDueDocuments(services);
  }

  function tick(): Promise<void> {
    if (current) {
      again = true;
      return current;
    }
    current = pass()
      .catch((error: unknown) => services.log.error('platform worker pass failed', { error }))
      .finally(() => {
        current = null;
        if (again) {
          again = false;
          void tick();
        }
      });
    return current;
  }

  const worker: PlatformWorker = {
    start() {
      if (timer) return;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      running = worker;
    },
    nudge: () => void setImmediate(() => void tick()),
    tick,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (running === worker) running = null;
      await current;
    },
  };
  return worker;
}
