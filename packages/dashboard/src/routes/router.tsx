// The routes: the route table as react-router's declarative <Routes> under the app shell. Every page
// is guarded (RouteGuard) and code-split (LazyPage); the old .html paths redirect, unknown paths go to
// /404. The router itself (BrowserRouter in main.tsx, MemoryRouter in tests) is the caller's.
import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppShell } from '../layout/app-shell.js';
import { PageSpinner } from '../ui/spinner.js';
import { LazyPage } from './lazy-page.js';
import { RouteErrorBoundary } from './route-error.js';
import { RouteGuard } from './route-guard.js';
import { NOT_FOUND_PATH, pageRoutes, redirectRoutes, type PageRoute } from './route-table.js';

export type PageRenderer = (route: PageRoute) => ReactNode;

const lazyPage: PageRenderer = (route) => <LazyPage route={route} />;

/** `renderPage` draws an allowed page (the lazily loaded module by default). */
export function AppRoutes({ renderPage = lazyPage }: { renderPage?: PageRenderer }) {
  return (
    <RouteErrorBoundary>
      {/* Shown on the first load only: navigations are transitions, so the current page stays until
          the next one is ready, as with the data router. */}
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<AppShell />}>
            {redirectRoutes.map((r) => (
              <Route key={r.path} path={r.path} element={<Navigate replace to={r.redirectTo} />} />
            ))}
            {pageRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={<RouteGuard route={route}>{renderPage(route)}</RouteGuard>} />
            ))}
            <Route path="*" element={<Navigate replace to={NOT_FOUND_PATH} />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
