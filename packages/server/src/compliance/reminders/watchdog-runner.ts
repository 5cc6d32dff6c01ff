// Runs the expiry watchdog in the server until the durable scheduler (jobs/) runs it as a daily job: once
// at start, then every hour (runs are idempotent, so an hourly run sends each step once, on its day).
// Several replicas may each run it: the reminder rows decide who sends (watchdog.ts).
import type { AppServices } from '../../services.js';
import { runExpiryWatchdog } from './watchdog.js';

export interface WatchdogRunner {
  stop(): Promise<void>;
}

export const WATCHDOG_INTERVAL_MS = 60 * 60 * 1000;

export function startExpiryWatchdog(services: Pick<AppServices, 'db' | 'mail' | 'config' | 'log' | 'clock'>): WatchdogRunner {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = runExpiryWatchdog(services, services.clock()).catch((error: unknown) => {
      services.log.warn('expiry watchdog failed; the next run retries', { error: error instanceof Error ? error.message : String(error) });
    });
  };
  tick();
  const timer = setInterval(tick, WATCHDOG_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
