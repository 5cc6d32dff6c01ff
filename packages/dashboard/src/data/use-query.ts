// useQuery: a view reads one key of the QueryClient (query-client.ts). The query function gets the
// signal that aborts once no view reads the key; the hook re-renders when the answer changes.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { hashKey, type QueryKey, type QueryOptions } from './query-client.js';
import { useQueryClient } from './query-provider.js';

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** No answer yet for this key (shown as a spinner), or one is being asked again after invalidation. */
  loading: boolean;
  /** Asks again now; the answer on screen stays until the new one arrives. */
  reload: () => void;
  /** Puts an answer a write returned in the cache, for every view of the key. */
  set: (data: T) => void;
}

export interface UseQueryOptions<T> extends Omit<QueryOptions<T>, 'queryKey'> {
  /** null: nothing to ask (e.g. the call needs a signed-in user and there is none). */
  queryKey: QueryKey | null;
  /** Shows the previous key's answer while the new key's first answer loads (the radar's pages). */
  keepPreviousData?: boolean;
}

export function useQuery<T>({ queryKey, keepPreviousData = false, ...options }: UseQueryOptions<T>): QueryState<T> {
  const client = useQueryClient();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const hash = queryKey === null ? null : hashKey(queryKey);
  // The latest options, read when a fetch starts: queryFn is a new closure on every render.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (queryKey === null) return;
    return client.observe<T>(
      {
        queryKey,
        queryFn: (context) => latest.current.queryFn(context),
        staleTime: latest.current.staleTime,
        retry: latest.current.retry,
      },
      rerender,
    );
    // The key's hash names the query; a new array with the same parts is the same query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, hash, client.generation]);

  const snapshot = queryKey === null ? undefined : client.snapshot<T>(queryKey);
  const previous = useRef<T | undefined>(undefined);
  // With no key nothing is asked: the next key starts without an earlier answer.
  if (queryKey === null) previous.current = undefined;
  else if (snapshot?.data !== undefined) previous.current = snapshot.data;
  const reload = useCallback(() => queryKey && client.refetch(queryKey), [client, hash]); // eslint-disable-line react-hooks/exhaustive-deps
  const set = useCallback((data: T) => queryKey && client.setQueryData(queryKey, data), [client, hash]); // eslint-disable-line react-hooks/exhaustive-deps

  if (queryKey === null) return { data: undefined, error: undefined, loading: false, reload, set };
  return {
    data: snapshot?.data ?? (keepPreviousData ? previous.current : undefined),
    error: snapshot?.error,
    loading: !snapshot || snapshot.status === 'pending' || snapshot.fetching,
    reload,
    set,
  };
}
