// The one QueryClientProvider, at the root (main.tsx): every view reads the same cache; a test hands
// each render a fresh QueryClient (test/render.tsx). Outside any provider the app's client is used.
import { createContext, useContext, type ReactNode } from 'react';
import { appQueryClient } from './app-query-client.js';
import type { QueryClient } from './query-client.js';

const QueryClientContext = createContext<QueryClient>(appQueryClient);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  return useContext(QueryClientContext);
}
