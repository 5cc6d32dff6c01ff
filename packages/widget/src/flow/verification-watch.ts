// Issue 18 item 2: while the device that started waits on 'We sent a link…', it asks the server now and
// then whether the address was verified on any device: first after 3 s, then 1.5 times longer each time
// up to 15 s; not at all while its tab is hidden (and once right away when it shows again); never again
// once the answer is final or the watch is stopped (the step was left, the view unmounted).
import type { FlowTimers } from './timers.js';

export const WATCH_BACKOFF = { firstMs: 3_000, factor: 1.5, maxMs: 15_000 } as const;

/** 'verified' and 'stopped' end the watch; a failed check (e.g. 429) waits the longest delay. */
export type WatchResult = 'waiting' | 'elsewhere' | 'verified' | 'stopped';

/** The part of `document` the watch needs: absent in Node, where the tab counts as visible. */
export type VisibilitySource = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

export function watchVerification(check: () => Promise<WatchResult>, timers: FlowTimers, doc?: VisibilitySource): () => void {
  const { firstMs, factor, maxMs } = WATCH_BACKOFF;
  let delay: number = firstMs;
  let handle: unknown;
  /** 0: waiting for the timer; 1: asking; 2: paused (hidden); 3: stopped. */
  let phase = 0;

  const schedule = () => {
    handle = timers.setTimeout(tick, delay);
    delay = Math.min(delay * factor, maxMs);
  };
  const tick = () => {
    if (phase > 1) return;
    if (doc?.visibilityState === 'hidden') return void (phase = 2);
    phase = 1;
    check().then(
      (result) => (result === 'verified' || result === 'stopped' ? stop() : next()),
      () => next((delay = maxMs)),
    );
  };
  const next = (_?: unknown) => {
    if (phase === 3) return;
    phase = 0;
    schedule();
  };
  const onVisibility = () => {
    // Back in view (maybe after opening the link on the phone): ask now, then start slow again.
    if (phase !== 2 || doc?.visibilityState === 'hidden') return;
    phase = 0;
    delay = firstMs;
    tick();
  };
  const stop = () => {
    phase = 3;
    timers.clearTimeout(handle);
    doc?.removeEventListener('visibilitychange', onVisibility);
  };

  doc?.addEventListener('visibilitychange', onVisibility);
  schedule();
  return stop;
}
