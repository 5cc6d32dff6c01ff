// The compliance indicators of some companies (GET /v4/indicators/companies), shared by the sidebar
// and the overview; the last answer stays shown while a changed vault is asked again.
import type { Indicators } from '@permitdesk/core';
import { useRef } from 'react';
import { invalidateQueries, useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

const PREFIX = 'compliance:indicators:';
/** Every compliance read that a vault change can alter (indicators, credentials). */
const COMPLIANCE_PREFIX = 'compliance:';

export function useIndicators(companyIds: readonly (string | number)[], vendorFor?: string | null): Map<number, Indicators> {
  const ids = [...new Set(companyIds.map(String))].sort().join(',');
  const query = useQuery(ids ? `${PREFIX}${ids}:${vendorFor ?? ''}` : null, () =>
    api.documents.indicators({ query: { ids, ...(vendorFor ? { 'vendor-for': vendorFor } : {}) }, silent: true }),
  );
  const last = useRef(new Map<number, Indicators>());
  if (query.data) last.current = new Map(query.data.map((indicators) => [indicators.companyId, indicators]));
  return last.current;
}

/** After a vault change: the indicators and credentials are asked again. */
export const refreshCompliance = (): void => invalidateQueries(COMPLIANCE_PREFIX);
