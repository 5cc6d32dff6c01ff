// Loading / failed / ready for one query, so placeholder pages stay short and never blank.
import type { ReactNode } from 'react';
import type { QueryState } from '../data/use-query.js';
import { Spinner } from './spinner.js';
import { LOAD_FAILED, Unavailable } from './unavailable.js';

export function DataState<T>({ query, children, failed = LOAD_FAILED }: { query: QueryState<T>; children: (data: T) => ReactNode; failed?: string }) {
  if (query.loading) return <Spinner />;
  if (query.error !== undefined || query.data === undefined) return <Unavailable error={query.error} fallback={failed} />;
  return <>{children(query.data)}</>;
}
