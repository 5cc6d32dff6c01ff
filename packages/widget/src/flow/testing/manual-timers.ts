// Timers that run only when a test advances them (the flow's 3 s / 5 s / 1 s / 1500 ms waits), so tests
// never sleep (test-only).
import type { FlowTimers } from '../timers.js';

export function createManualTimers() {
  let now = 0;
  let nextId = 1;
  const queue = new Map<number, { at: number; callback: () => void }>();
  const timers: FlowTimers & { advance(ms: number): void; pending(): number } = {
    setTimeout(callback, ms) {
      const id = nextId++;
      queue.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      queue.delete(handle as number);
    },
    /** Moves the clock forward, running due callbacks in time order. */
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...queue.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        queue.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
    pending: () => queue.size,
  };
  return timers;
}
