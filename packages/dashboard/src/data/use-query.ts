// A small data hook: runs one async read per key, caches the answer for the session (so the header
// badge, the company list and the pages share one call), cancels on unmount, and can be reloaded.
import { useCallback, useEffect, useState } from 'react';

/** holders: the mounted hooks reading the entry. A failed read is dropped once none is left, so that
 *  the next visit tries again; dropping it while it is shown would leave a spinner with no call under way. */
type Entry = { promise: Promise<unknown>; value?: unknown; error?: unknown; settled: boolean; holders: number };
const dropIfFailedAndUnread = (key: string, entry: Entry) => {
  if (entry.holders === 0 && entry.settled && entry.error !== undefined && cache.get(key) === entry) cache.delete(key);
};
const cache = new Map<string, Entry>();
/** Mounted hooks, told when their entry was dropped so they read it again. */
const listeners = new Set<(key: string) => void>();

export function invalidateQueries(prefix = ''): void {
  const dropped = [...cache.keys()].filter((key) => key.startsWith(prefix));
  for (const key of dropped) cache.delete(key);
  for (const key of dropped) listeners.forEach((listener) => listener(key));
}

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** key null: do nothing (e.g. the call needs a signed-in user and there is none). */
export function useQuery<T>(key: string | null, fetcher: () => Promise<T>): QueryState<T> {
  const read = (k: string | null) => (k === null ? undefined : cache.get(k));
  const [, setVersion] = useState(0);
  const rerender = useCallback(() => setVersion((n) => n + 1), []);
  // Moves on reload and invalidation only (not when a read settles), so a dropped entry is fetched again
  // while a failed one is not retried in a loop.
  const [round, setRound] = useState(0);
  const again = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    if (key === null) return;
    const listener = (dropped: string) => dropped === key && again();
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [key, again]);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    let entry = cache.get(key);
    if (!entry) {
      const fresh: Entry = { promise: Promise.resolve(), settled: false, holders: 0 };
      fresh.promise = fetcher().then(
        (value) => Object.assign(fresh, { value, settled: true }),
        (error: unknown) => {
          Object.assign(fresh, { error, settled: true });
          dropIfFailedAndUnread(key, fresh);
        },
      );
      cache.set(key, fresh);
      entry = fresh;
    }
    const held = entry;
    held.holders += 1;
    if (!held.settled) void held.promise.then(() => live && rerender());
    return () => {
      live = false;
      held.holders -= 1;
      dropIfFailedAndUnread(key, held);
    };
    // The key names the call; the fetcher closure changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, rerender, round]);

  const entry = read(key);
  const reload = useCallback(() => {
    if (key === null) return;
    cache.delete(key);
    again();
  }, [key, again]);
  if (key === null) return { data: undefined, error: undefined, loading: false, reload };
  return {
    data: entry?.value as T | undefined,
    error: entry?.error,
    loading: !entry || !entry.settled,
    reload,
  };
}
