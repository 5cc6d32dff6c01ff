// A replica's life: ready or not (/readyz), the requests in flight, and the drain on shutdown. On SIGTERM
// the replica stops being ready (503 on /readyz), refuses new work with 503 (the proxy sends it to another
// replica), waits for the requests in flight (up to SHUTDOWN_DRAIN_MS), then runs the shutdown hooks
// (mail worker, job worker: each stops taking work and releases what it claimed) in reverse order.
import type { Logger } from '../http/logger.js';

export type ShutdownHook = () => Promise<void> | void;

export interface Lifecycle {
  /** True once shutdown began: /readyz answers 503 and new requests are refused. */
  readonly draining: boolean;
  /** Requests the app is answering now. */
  readonly inFlight: number;
  /** Counts a request in; the returned function counts it out (call it once, when the answer is done). */
  enter(): () => void;
  /** Registers background work to stop on shutdown (after the drain, before the database closes). */
  onShutdown(name: string, hook: ShutdownHook): void;
  /** Stops being ready and waits until no request is in flight, or `timeoutMs` passed; true when drained. */
  drain(timeoutMs: number): Promise<boolean>;
  /** Runs every shutdown hook, last registered first; a failing hook is logged and the others still run. */
  runShutdownHooks(): Promise<void>;
}

export function createLifecycle(log: Logger): Lifecycle {
  let draining = false;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();
  const hooks: { name: string; hook: ShutdownHook }[] = [];

  const settle = () => {
    if (inFlight > 0) return;
    for (const wake of idleWaiters) wake();
    idleWaiters.clear();
  };

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    enter() {
      inFlight += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight -= 1;
        settle();
      };
    },
    onShutdown(name, hook) {
      hooks.push({ name, hook });
    },
    async drain(timeoutMs) {
      draining = true;
      if (inFlight === 0) return true;
      log.info('draining requests in flight', { inFlight, timeoutMs });
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          idleWaiters.delete(wake);
          log.warn('drain timed out; closing with requests in flight', { inFlight });
          resolve(false);
        }, timeoutMs);
        timer.unref();
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        idleWaiters.add(wake);
      });
    },
    async runShutdownHooks() {
      for (const { name, hook } of [...hooks].reverse()) {
        try {
          await hook();
        } catch (error) {
          log.error(`shutdown hook ${name} failed`, { error });
        }
      }
    },
  };
}
