// The number of municipalities the database really holds (lookups.coverage), never a hard-coded figure.
import { api } from '../session/api.js';
import { FOR_SESSION } from '../data/query-client.js';
import { queryKeys } from '../data/query-keys.js';
import { useQuery } from '../data/use-query.js';

export const useCoverage = () => useQuery({ queryKey: queryKeys.coverage, queryFn: ({ signal }) => api.lookups.coverage({ signal, silent: true }), staleTime: FOR_SESSION });

export function CoverageCount() {
  const { data } = useCoverage();
  return <strong data-testid="coverage-count">{data ? data.count.toLocaleString('en-US') : '…'}</strong>;
}
