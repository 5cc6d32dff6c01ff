// Renders a page at a URL under its route pattern (so useParams works), with the app shell's toaster
// and generic modals, and gives back the router's location.
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import AppToaster from '../../../ui/app-toaster.js';
import { GenericModalProvider } from '../../../ui/generic-modals.js';

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

export function renderRoute(
  element: ReactNode,
  pattern: string,
  url: string,
): RenderResult & { router: ReturnType<typeof createMemoryRouter>; location: () => string } {
  const router = createMemoryRouter(
    [
      { path: pattern, element: <GenericModalProvider>{element}<AppToaster /></GenericModalProvider> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, location: () => router.state.location.pathname + router.state.location.search };
}
