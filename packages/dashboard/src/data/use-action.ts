// useAction: a button's write. It owns the busy flag and the error line around one awaited call:
// busy while the call runs, the failure's message (in the caller's own words) when it throws, nothing
// set once the view is gone, and a second call while the first still runs is ignored (a double click).
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Action<A extends unknown[]> {
  /** Runs the action unless one is already running; resolves once it has settled (it never rejects). */
  run: (...args: A) => Promise<void>;
  busy: boolean;
  error: string | null;
  /** For the view's own checks before it runs the action (a required field), or to clear the line. */
  setError: (error: string | null) => void;
}

/**
 * `action` does the call and whatever follows its success; `messageOf` turns what it threw into the
 * line shown to the user. Both are read when `run` is called, so they may be new closures each render.
 */
export function useAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>, messageOf: (failure: unknown) => string): Action<A> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ action, messageOf });
  latest.current = { action, messageOf };
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await latest.current.action(...args);
    } catch (failure) {
      if (mounted.current) setError(latest.current.messageOf(failure));
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);

  return { run, busy, error, setError };
}
