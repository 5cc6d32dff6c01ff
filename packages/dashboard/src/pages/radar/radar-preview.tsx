// Renders radar pieces outside the app (Storybook): a memory router for their links and radar
// handlers that only report what would happen.
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RadarHandlersContext, type RadarHandlers } from './radar-actions.js';

const previewHandlers = (report: (action: string, id: number) => void): RadarHandlers => ({
  busyRowId: null,
  apply: (row) => report('apply for a permit', row.id),
  requestCancellation: (row) => report('request cancellation', row.id),
  triage: (row, choice) => report(`triage ${choice}`, row.id),
  dismiss: (row) => report('dismiss', row.id),
});

export function RadarPreview({ children, report = (action, id) => console.info(action, id) }: { children: ReactNode; report?: (action: string, id: number) => void }) {
  const router = createMemoryRouter([{ path: '*', element: <RadarHandlersContext.Provider value={previewHandlers(report)}>{children}</RadarHandlersContext.Provider> }]);
  return <RouterProvider router={router} />;
}
