// SPEC §7.1: the dashboard loads the stage list (/permit-stages), the global settings (/global-setting)
// and the task list (/tasks) at start, once per session, and reads stage names and settings from them;
// core's constants answer only until the server has (and should it not answer).
import { stageName as coreStageName, type GlobalSetting } from '@permitdesk/core';
import { useCallback } from 'react';
import { api } from '../session/api.js';
import { appQueryClient } from './app-query-client.js';
import { FOR_SESSION, type QueryClient } from './query-client.js';
import { queryKeys } from './query-keys.js';
import { useQuery } from './use-query.js';

const stagesQuery = { queryKey: queryKeys.permitStages, queryFn: ({ signal }: { signal: AbortSignal }) => api.lookups.permitStages({ signal, silent: true }), staleTime: FOR_SESSION };
const settingsQuery = { queryKey: queryKeys.globalSettings, queryFn: ({ signal }: { signal: AbortSignal }) => api.lookups.globalSettings({ signal, silent: true }), staleTime: FOR_SESSION };
const tasksQuery = { queryKey: queryKeys.tasks, queryFn: ({ signal }: { signal: AbortSignal }) => api.lookups.tasks({ signal, silent: true }), staleTime: FOR_SESSION };

/** Asks for the three lists once at start (the answers stay for the session). */
export function loadReferenceData(client: QueryClient = appQueryClient): void {
  client.prefetch(stagesQuery);
  client.prefetch(settingsQuery);
  client.prefetch(tasksQuery);
}

/** A stage's name as the server names it (core's name until the list arrives). */
export function useStageName(): (stage: number) => string {
  const stages = useQuery(stagesQuery);
  const list = stages.data;
  return useCallback((stage: number) => list?.find((entry) => entry.stage === stage)?.name ?? coreStageName(stage), [list]);
}

/** The global settings from the server; undefined until they arrive. */
export function useGlobalSettings(): readonly GlobalSetting[] | undefined {
  return useQuery(settingsQuery).data;
}

export function useTasks() {
  return useQuery(tasksQuery);
}
