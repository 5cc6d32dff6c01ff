// Runs the radar search for the current query through the data layer: the query's signal aborts the
// radar's own previous search (the header's suggestions run on theirs), the last page stays on screen
// while the next one loads, and a failure is reported as SPEC §8's 'Failed to Lookup Projects'.
import { isApiRequestError } from '@permitdesk/core/client';
import type { HeaderPage, ProjectSearchParams, ProjectSearchRow } from '@permitdesk/core';
import { useEffect, useRef } from 'react';
import { hashKey } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { notify } from '../../ui/notify.js';
import { LOOKUP_PROJECTS_FAILED, LOOKUP_PROJECTS_FAILED_DETAIL } from './radar-messages.js';

export interface RadarSearchState {
  page: HeaderPage<ProjectSearchRow> | null;
  loading: boolean;
  error: string | null;
}

export const searchFailureMessage = (error: unknown): string =>
  isApiRequestError(error) && error.body?.message ? error.body.message : LOOKUP_PROJECTS_FAILED_DETAIL;

/**
 * `arrival` (the location's key) searches again when the user arrives anew at the same query (after a
 * triage, or the radar link clicked on the radar). Writes that change rows invalidate
 * `queryKeys.projects.search` instead.
 */
export function useRadarSearch(request: ProjectSearchParams, arrival: string): RadarSearchState {
  const queryKey = queryKeys.projects.radar(request);
  const search = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.projects.search({ query: request, signal, silent: true }),
    keepPreviousData: true,
  });

  const hash = hashKey(queryKey);
  const last = useRef({ arrival, hash });
  useEffect(() => {
    const before = last.current;
    last.current = { arrival, hash };
    // A new query fetches by itself, and so does one an invalidation is already asking again.
    if (before.arrival !== arrival && before.hash === hash && !search.loading) search.reload();
    // Runs on a new arrival or query only; `search` is a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrival, hash]);

  const message = search.error === undefined ? null : searchFailureMessage(search.error);
  const reported = useRef<unknown>(undefined);
  useEffect(() => {
    if (search.error === undefined || reported.current === search.error) return;
    reported.current = search.error;
    notify('error', LOOKUP_PROJECTS_FAILED, searchFailureMessage(search.error));
  }, [search.error]);

  return { page: search.data ?? null, loading: search.loading, error: message };
}
