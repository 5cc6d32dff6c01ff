// The number of municipalities the database really holds (lookups.coverage), never a hard-coded figure.
import { api } from '../session/api.js';
import { useQuery } from '../data/use-query.js';

export const useCoverage = () => useQuery('coverage', () => api.lookups.coverage({ silent: true }));

export function CoverageCount() {
  const { data } = useCoverage();
  return <strong data-testid="coverage-count">{data ? data.count.toLocaleString('en-US') : '…'}</strong>;
}
