// useAction's contract: busy while the call runs and not after, the caller's message on a failure,
// the success path runs, a second call while busy is ignored, nothing is set once the view is gone.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAction } from './use-action.js';
import { deferred } from '../test/deferred.js';

afterEach(() => cleanup());

const wordsOf = (failure: unknown) => (failure instanceof Error ? `said: ${failure.message}` : 'An error occurred');

describe('useAction', () => {
  it('is busy while the call runs and not after; the success path runs and no error is shown', async () => {
    const call = deferred<string>();
    const saved: string[] = [];
    const { result } = renderHook(() => useAction(async (name: string) => saved.push(`${name} ${await call.promise}`), wordsOf));
    expect(result.current.busy).toBe(false);
    let settled!: Promise<void>;
    act(() => {
      settled = result.current.run('permit');
    });
    expect(result.current.busy).toBe(true);
    expect(saved).toEqual([]);
    await act(async () => {
      call.resolve('saved');
      await settled;
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
    expect(saved).toEqual(['permit saved']);
  });

  it("shows the caller's message for a failure, and clears it when run again", async () => {
    const first = deferred<void>();
    let calls = 0;
    const { result } = renderHook(() => useAction(() => (++calls === 1 ? first.promise : Promise.resolve()), wordsOf));
    await act(async () => {
      const settled = result.current.run();
      first.reject(new Error('No such permit.'));
      await settled;
    });
    expect(result.current.error).toBe('said: No such permit.');
    expect(result.current.busy).toBe(false);
    await act(() => result.current.run());
    expect(result.current.error).toBeNull();
    expect(calls).toBe(2);
  });

  it('ignores a second call while the first runs (a double click), and runs again after it settles', async () => {
    const call = deferred<void>();
    const action = vi.fn((_n: number) => call.promise);
    const { result } = renderHook(() => useAction(action, wordsOf));
    let settled!: Promise<void>;
    await act(async () => {
      settled = result.current.run(1);
      await result.current.run(2);
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledWith(1);
    await act(async () => {
      call.resolve();
      await settled;
    });
    action.mockImplementation(() => Promise.resolve());
    await act(() => result.current.run(3));
    expect(action).toHaveBeenCalledTimes(2);
    expect(action).toHaveBeenLastCalledWith(3);
  });

  it('sets nothing once the view is gone', async () => {
    const call = deferred<void>();
    const messageOf = vi.fn(wordsOf);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result, unmount } = renderHook(() => useAction(() => call.promise, messageOf));
    let settled!: Promise<void>;
    act(() => {
      settled = result.current.run();
    });
    const seen = result.current;
    unmount();
    call.reject(new Error('too late'));
    await settled;
    expect(messageOf).not.toHaveBeenCalled();
    expect(result.current).toBe(seen);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('lets the view set its own error line before running', () => {
    const { result } = renderHook(() => useAction(() => Promise.resolve(), wordsOf));
    act(() => result.current.setError('Message is required.'));
    expect(result.current.error).toBe('Message is required.');
  });
});
