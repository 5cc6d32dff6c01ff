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
  let delay: number = WATCH_BACKOFF.firstMs;
  let handle: unknown = null;
  let running = false;
  let stopped = false;
  let paused = false;
  const hidden = () => doc?.visibilityState === 'hidden';

  const schedule = (ms: number) => {
    if (stopped) return;
    handle = timers.setTimeout(() => {
      handle = null;
      void tick();
    }, ms);
  };

  const tick = async () => {
    if (stopped || running) return;
    if (hidden()) {
      paused = true;
      return;
    }
    running = true;
    let result: WatchResult;
    try {
      result = await check();
    } catch {
      result = 'waiting';
      delay = WATCH_BACKOFF.maxMs;
    }
    running = false;
    if (result === 'verified' || result === 'stopped') return stop();
    schedule(delay);
    delay = Math.min(delay * WATCH_BACKOFF.factor, WATCH_BACKOFF.maxMs);
  };

  const onVisibility = () => {
    if (!paused || hidden() || stopped) return;
    paused = false;
    // Back in view (maybe after opening the link on the phone): ask now, then start slow again.
    delay = WATCH_BACKOFF.firstMs;
    void tick();
  };

  function stop() {
    stopped = true;
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
    doc?.removeEventListener('visibilitychange', onVisibility);
  }

  doc?.addEventListener('visibilitychange', onVisibility);
  schedule(delay);
  delay = Math.min(delay * WATCH_BACKOFF.factor, WATCH_BACKOFF.maxMs);
  return stop;
}
