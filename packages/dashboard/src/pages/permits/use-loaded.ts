// One page's data: loaded when the key changes, reloadable, and replaceable by what a write answered.
import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  set: (data: T) => void;
}

export function useLoaded<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: unknown; loading: boolean }>({ key, loading: key !== null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((current) => ({ key, data: current.key === key ? current.data : undefined, loading: true }));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ key, data, loading: false }),
      (error: unknown) => !controller.signal.aborted && setState({ key, error, loading: false }),
    );
    return () => controller.abort();
    // `key` names what is loaded; `load` is a new closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ key, data, loading: false }), [key]);
  const current = state.key === key;
  return { data: current ? state.data : undefined, error: current ? state.error : undefined, loading: !current || state.loading, reload, set };
}
