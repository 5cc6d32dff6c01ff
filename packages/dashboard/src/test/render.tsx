// Renders a component inside a memory router (with the toaster and the generic modals, as the app
// shell has them, and a fresh QueryClient without retries, so no test sees another's cached answers)
// and gives back where the app navigated.
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient } from '../data/query-client.js';
import { QueryClientProvider } from '../data/query-provider.js';
import AppToaster from '../ui/app-toaster.js';
import { GenericModalProvider } from '../ui/generic-modals.js';
import { LocationProbe, type LocationRecord } from './location-probe.js';

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

/** The root's QueryClientProvider with a fresh client (pass one to share it between renders). */
export function WithQueryClient({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? new QueryClient());
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}

export function renderAt(element: ReactNode, path = '/', client?: QueryClient): RenderResult & { location: () => string } {
  const record: LocationRecord = { current: path };
  const view = render(
    <WithQueryClient client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<GenericModalProvider>{element}<AppToaster /></GenericModalProvider>} />
        </Routes>
        <LocationProbe record={record} />
      </MemoryRouter>
    </WithQueryClient>,
  );
  return { ...view, location: () => record.current };
}
