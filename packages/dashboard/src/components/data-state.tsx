// Loading / failed / ready for one query, so placeholder pages stay short and never blank.
import type { ReactNode } from 'react';
import type { QueryState } from '../data/use-query.js';
import { Alert } from '../ui/alert.js';
import { Spinner } from '../ui/spinner.js';

export function DataState<T>({ query, children, failed = 'This information could not be loaded.' }: { query: QueryState<T>; children: (data: T) => ReactNode; failed?: string }) {
  if (query.loading) return <Spinner />;
  if (query.error !== undefined || query.data === undefined) {
    return (
      <Alert kind="error" title="Unavailable">
        {query.error instanceof Error ? query.error.message : failed}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
