// Runs the radar search for the current query. The hook aborts its own call (and only its own: the
// header's suggestions search on their own signal) when the query changes or the page goes away, keeps the last page on screen while the next one loads, and reports
// a failure as SPEC §8's 'Failed to Lookup Projects'.
import { isAbortError, isApiRequestError, type HeaderPage, type ProjectSearchParams, type ProjectSearchRow } from '@permitdesk/core';
import { useEffect, useState } from 'react';
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

/** `revision` re-runs the same search (after an action changed rows). */
export function useRadarSearch(request: ProjectSearchParams, revision: unknown): RadarSearchState {
  const [state, setState] = useState<RadarSearchState>({ page: null, loading: true, error: null });
  const key = JSON.stringify(request);

  useEffect(() => {
    const own = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    api.projects.search({ query: request, signal: own.signal, silent: true }).then(
      (page) => {
        if (!own.signal.aborted) setState({ page, loading: false, error: null });
      },
      (error: unknown) => {
        if (own.signal.aborted || isAbortError(error)) return;
        const message = searchFailureMessage(error);
        notify('error', LOOKUP_PROJECTS_FAILED, message);
        setState((current) => ({ ...current, loading: false, error: message }));
      },
    );
    return () => own.abort();
    // `key` stands for the request's content; a new object with the same content is the same search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, revision]);

  return state;
}
