// Renders a component inside a memory router (with the toaster and the generic modals, as the app
// shell has them) and gives back where the app navigated.
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import AppToaster from '../ui/app-toaster.js';
import { GenericModalProvider } from '../ui/generic-modals.js';
import { LocationProbe, type LocationRecord } from './location-probe.js';

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

export function renderAt(element: ReactNode, path = '/'): RenderResult & { location: () => string } {
  const record: LocationRecord = { current: path };
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<GenericModalProvider>{element}<AppToaster /></GenericModalProvider>} />
      </Routes>
      <LocationProbe record={record} />
    </MemoryRouter>,
  );
  return { ...view, location: () => record.current };
}
