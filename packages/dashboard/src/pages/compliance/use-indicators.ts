// The compliance indicators of some companies (GET /v4/indicators/companies), shared by the sidebar
// and the overview; the last answer stays shown while a changed vault is asked again.
import type { Indicators } from '@permitdesk/core';
import { useRef } from 'react';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export function useIndicators(companyIds: readonly (string | number)[], vendorFor?: string | null): Map<number, Indicators> {
  const ids = [...new Set(companyIds.map(String))].sort().join(',');
  const query = useQuery({
    queryKey: ids ? queryKeys.compliance.indicators(ids, vendorFor ?? '') : null,
    queryFn: ({ signal }) => api.documents.indicators({ query: { ids, ...(vendorFor ? { 'vendor-for': vendorFor } : {}) }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  const last = useRef(new Map<number, Indicators>());
  if (query.data) last.current = new Map(query.data.map((indicators) => [indicators.companyId, indicators]));
  return last.current;
}
