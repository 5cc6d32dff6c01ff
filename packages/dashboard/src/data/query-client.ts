// The dashboard's one data cache, with TanStack Query's contract in a first-load-sized file: TanStack
// Query's client and provider at the root measured 102.98 KB gzip of first load, over the 100 KB budget;
// this file adds about 1 KB. What it keeps of the contract:
// answers shared per query key, each fetch cancelled through the AbortSignal it is handed once no
// view reads it any more, retries of failed reads, and invalidation by key prefix after a write.
// React reaches it through query-provider.tsx and use-query.ts; keys live in query-keys.ts.

/** A query's name: an array whose prefixes name groups (`['company', 7]` is inside `['company']`). */
export type QueryKey = readonly unknown[];

export interface QueryFunctionContext {
  /** Aborts when no view reads the answer any more: hand it to the API call. */
  signal: AbortSignal;
}
export type QueryFunction<T> = (context: QueryFunctionContext) => Promise<T>;

/** Whether to try a failed read again, after `failures` failures so far. */
export type RetryRule = (failures: number, error: unknown) => boolean;

export interface QueryClientConfig {
  retry?: RetryRule;
  /** Milliseconds before the retry after `failures` failures. */
  retryDelay?: (failures: number) => number;
}

export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
  /**
   * How long an answer stays fresh, in ms. 0 (the default): it belongs to the views showing it, and is
   * asked again on the next visit. Infinity: kept for the session (until invalidated or signed out).
   */
  staleTime?: number;
  retry?: RetryRule;
}

export interface QuerySnapshot<T> {
  /** pending until the first answer or failure. */
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
  /** A fetch is under way (the first one, a reload or one after invalidation). */
  fetching: boolean;
}

interface Query {
  key: QueryKey;
  hash: string;
  snapshot: QuerySnapshot<unknown>;
  /** When the data was last written (ms), or 0. */
  updatedAt: number;
  invalidated: boolean;
  options: QueryOptions<unknown>;
  observers: Set<() => void>;
  controller: AbortController | null;
}

/** staleTime of an answer kept for the session (until invalidated or signed out). */
export const FOR_SESSION = Number.POSITIVE_INFINITY;

export const hashKey = (key: QueryKey): string => JSON.stringify(key);
const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export class QueryClient {
  private readonly queries = new Map<string, Query>();
  /** Moves on clear(): views then start reading their keys afresh. */
  generation = 0;

  /** No retries unless configured (tests run with none). */
  constructor(private readonly config: QueryClientConfig = {}) {}

  /** The current state of a key (what a view shows before its first fetch settles). */
  snapshot<T>(key: QueryKey): QuerySnapshot<T> | undefined {
    return this.queries.get(hashKey(key))?.snapshot as QuerySnapshot<T> | undefined;
  }

  getQueryData<T>(key: QueryKey): T | undefined {
    return this.snapshot<T>(key)?.data;
  }

  /** Writes an answer a mutation returned, without asking again; views of the key show it. */
  setQueryData<T>(key: QueryKey, data: T): void {
    const query = this.queries.get(hashKey(key));
    if (!query) return;
    query.controller?.abort();
    query.controller = null;
    query.updatedAt = Date.now();
    query.invalidated = false;
    this.update(query, { status: 'success', data, error: undefined, fetching: false });
  }

  /**
   * A view starts reading a key: fetches when there is no fresh answer. Returns the unsubscribe; when the
   * last view leaves, a fetch under way is aborted and an answer that is not kept (staleTime 0, or a
   * failure) is dropped, so the next visit asks again.
   */
  observe<T>(options: QueryOptions<T>, listener: () => void): () => void {
    const query = this.build(options as QueryOptions<unknown>);
    query.options = options as QueryOptions<unknown>;
    query.observers.add(listener);
    if (!query.controller && this.isStale(query)) void this.fetch(query);
    return () => {
      query.observers.delete(listener);
      if (query.observers.size > 0 || this.queries.get(query.hash) !== query) return;
      if (query.controller) {
        // Nobody waits for this answer any more: the request stops, and the next view asks again.
        query.controller.abort();
        query.controller = null;
        query.invalidated = true;
        query.snapshot = { ...query.snapshot, fetching: false };
      }
      const kept = (query.options.staleTime ?? 0) > 0 && query.updatedAt > 0 && query.snapshot.error === undefined;
      if (!kept) this.queries.delete(query.hash);
    };
  }

  /**
   * Starts asking for data no view shows yet but soon will (the reference lists at start): the answer
   * is kept as a shown one's would be, and the first view to observe it finds it there or under way.
   */
  prefetch<T>(options: QueryOptions<T>): void {
    const query = this.build(options as QueryOptions<unknown>);
    query.options = options as QueryOptions<unknown>;
    if (!query.controller && this.isStale(query)) void this.fetch(query);
  }

  /** Asks again now, keeping the shown answer meanwhile (a view's reload). */
  refetch(key: QueryKey): void {
    const query = this.queries.get(hashKey(key));
    if (!query) return;
    query.controller?.abort();
    void this.fetch(query);
  }

  /**
   * After a write: every query under the prefix is out of date. The ones on screen are asked again at
   * once (their answer stays shown meanwhile); the others on their next view.
   */
  invalidateQueries({ queryKey }: { queryKey: QueryKey }): void {
    for (const query of [...this.queries.values()]) {
      if (!startsWith(query.key, queryKey)) continue;
      query.invalidated = true;
      if (query.observers.size > 0) {
        query.controller?.abort();
        void this.fetch(query);
      } else if (query.controller || query.snapshot.error !== undefined) {
        query.controller?.abort();
        this.queries.delete(query.hash);
      }
    }
  }

  /** Forgets every answer (sign-out: the next user must not see them); fetches under way are aborted. */
  clear(): void {
    const all = [...this.queries.values()];
    this.queries.clear();
    this.generation += 1;
    for (const query of all) {
      query.controller?.abort();
      query.snapshot = { status: 'pending', data: undefined, error: undefined, fetching: false };
      query.observers.forEach((listener) => listener());
    }
  }

  private build(options: QueryOptions<unknown>): Query {
    const hash = hashKey(options.queryKey);
    let query = this.queries.get(hash);
    if (!query) {
      query = {
        key: options.queryKey, hash, options, observers: new Set(), controller: null, updatedAt: 0, invalidated: false,
        snapshot: { status: 'pending', data: undefined, error: undefined, fetching: false },
      };
      this.queries.set(hash, query);
    }
    return query;
  }

  private isStale(query: Query): boolean {
    if (query.updatedAt === 0 || query.invalidated || query.snapshot.error !== undefined) return true;
    return Date.now() - query.updatedAt >= (query.options.staleTime ?? 0);
  }

  private update(query: Query, snapshot: QuerySnapshot<unknown>): void {
    query.snapshot = snapshot;
    query.observers.forEach((listener) => listener());
  }

  private async fetch(query: Query): Promise<void> {
    const controller = new AbortController();
    query.controller = controller;
    const { signal } = controller;
    this.update(query, { ...query.snapshot, fetching: true });
    const retry = query.options.retry ?? this.config.retry ?? (() => false);
    for (let failures = 0; ; ) {
      try {
        const data = await query.options.queryFn({ signal });
        if (signal.aborted) return;
        query.controller = null;
        query.updatedAt = Date.now();
        query.invalidated = false;
        this.update(query, { status: 'success', data, error: undefined, fetching: false });
        return;
      } catch (error) {
        if (signal.aborted) return;
        failures += 1;
        if (retry(failures, error)) {
          await wait(this.config.retryDelay?.(failures) ?? 1000, signal);
          if (signal.aborted) return;
          continue;
        }
        query.controller = null;
        // The last answer stays (a failed reload still shows what was there), beside the error.
        this.update(query, { status: 'error', data: query.snapshot.data, error, fetching: false });
        return;
      }
    }
  }
}
