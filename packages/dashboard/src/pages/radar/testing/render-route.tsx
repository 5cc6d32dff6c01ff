// Renders a page at a URL under its route pattern (so useParams works), with the app shell's toaster
// and generic modals and a fresh QueryClient, and gives back where the app navigated.
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LocationProbe, type LocationRecord } from '../../../test/location-probe.js';
import { WithQueryClient } from '../../../test/render.js';
import AppToaster from '../../../ui/app-toaster.js';
import { GenericModalProvider } from '../../../ui/generic-modals.js';

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

export function renderRoute(element: ReactNode, pattern: string, url: string): RenderResult & { location: () => string } {
  const record: LocationRecord = { current: url };
  const view = render(
    <WithQueryClient>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={<GenericModalProvider>{element}<AppToaster /></GenericModalProvider>} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe record={record} />
      </MemoryRouter>
    </WithQueryClient>,
  );
  return { ...view, location: () => record.current };
}
