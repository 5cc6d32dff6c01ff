// Renders a component inside a memory router (with the toaster and the generic modals, as the app
// shell has them) and gives back the router, so tests can read where the app navigated.
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import AppToaster from '../ui/app-toaster.js';
import { GenericModalProvider } from '../ui/generic-modals.js';

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

export function renderAt(element: ReactNode, path = '/'): RenderResult & { router: ReturnType<typeof createMemoryRouter>; location: () => string } {
  const router = createMemoryRouter([{ path: '*', element: <GenericModalProvider>{element}<AppToaster /></GenericModalProvider> }], {
    initialEntries: [path],
  });
  const view = render(<RouterProvider router={router} />);
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, location };
}
