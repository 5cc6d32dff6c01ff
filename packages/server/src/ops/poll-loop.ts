// The poll loop of a worker that drains a table (the mail outbox, the job queue): one drain at a time per
// process, batch after batch while there is more, then again after `pollMs` or when nudged. stop() ends
// the loop after the batch in hand, and waits for it: a worker that claimed again after stop() began
// would spin on the rows it just handed back (they are due at once) until the process is killed.
import type { Logger } from '../http/logger.js';

export interface PollLoop {
  /** Drains until a batch says there is no more (or stop() began); answers how many rows were handled. */
  drain(): Promise<number>;
  start(): void;
  /** Runs a drain now instead of at the next poll. */
  nudge(): void;
  /** No new batch is claimed; resolves once the drain in progress has ended. */
  stop(): Promise<void>;
  /** True from stop() until the next start(): the rest of a claimed batch is handed back, not worked. */
  readonly stopping: boolean;
}

export interface PollLoopOptions {
  /** What the loop drains, for the log when a drain fails. */
  name: string;
  pollMs: number;
  log: Logger;
  /** One batch: how many rows it handled and whether another batch may be waiting. */
  drainBatch(): Promise<{ handled: number; more: boolean }>;
  /** Runs before each drain (the job runner enqueues its due recurring slots). */
  beforeDrain?(): Promise<void>;
}

export function createPollLoop(options: PollLoopOptions): PollLoop {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let started = false;
  let stopping = false;

  function drain(): Promise<number> {
    if (running) return running;
    running = (async () => {
      await options.beforeDrain?.();
      let total = 0;
      while (!stopping) {
        const batch = await options.drainBatch();
        total += batch.handled;
        if (!batch.more) break;
      }
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const schedule = (ms: number) => {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      drain()
        .catch((error: unknown) => options.log.error(`${options.name} failed`, { error: error instanceof Error ? error.message : String(error) }))
        .finally(() => schedule(options.pollMs));
    }, ms);
    timer.unref();
  };

  return {
    drain,
    start() {
      started = true;
      stopping = false;
      schedule(0);
    },
    nudge() {
      schedule(0);
    },
    async stop() {
      started = false;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => 0);
    },
    get stopping() {
      return stopping;
    },
  };
}
