// The verification watch (issue 18): backoff, paused while the tab is hidden, stopped for good.
import { describe, expect, it } from 'vitest';
import { createManualTimers } from './testing/manual-timers.js';
import { watchVerification, type VisibilitySource, type WatchResult } from './verification-watch.js';

function fakeDocument() {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => void listeners.delete(listener),
  };
  const show = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    for (const listener of listeners) listener();
  };
  return { doc: doc as unknown as VisibilitySource, show, listeners };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('verification watch', () => {
  it('asks after 3 s, then 1.5 times longer each time up to 15 s', async () => {
    const timers = createManualTimers();
    const at: number[] = [];
    let now = 0;
    const stop = watchVerification(async () => (at.push(now), 'waiting'), timers);
    for (let i = 0; i < 400; i++) {
      now += 125;
      timers.advance(125);
      await flush();
    }
    expect(at).toEqual([3000, 7500, 14250, 24375, 39375]);
    stop();
    expect(timers.pending()).toBe(0);
  });

  it('does not ask while the tab is hidden, asks at once when it shows again, and forgets the page once stopped', async () => {
    const timers = createManualTimers();
    const { doc, show, listeners } = fakeDocument();
    let asked = 0;
    const stop = watchVerification(async () => (asked++, 'waiting'), timers, doc);
    show('hidden');
    timers.advance(60_000);
    await flush();
    expect(asked).toBe(0);
    show('visible');
    await flush();
    expect(asked).toBe(1);
    timers.advance(3000);
    await flush();
    expect(asked).toBe(2);
    stop();
    expect(listeners.size).toBe(0);
    timers.advance(60_000);
    await flush();
    expect(asked).toBe(2);
  });

  it('ends on a final answer, and waits the longest after a failed check', async () => {
    const timers = createManualTimers();
    const answers: Array<WatchResult | Error> = [new Error('429'), 'verified'];
    let asked = 0;
    watchVerification(async () => {
      const next = answers[asked++]!;
      if (next instanceof Error) throw next;
      return next;
    }, timers);
    timers.advance(3000);
    await flush();
    expect(asked).toBe(1);
    timers.advance(14_999);
    await flush();
    expect(asked).toBe(1);
    timers.advance(1);
    await flush();
    expect(asked).toBe(2);
    expect(timers.pending()).toBe(0);
  });
});
