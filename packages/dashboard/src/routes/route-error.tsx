// Shown when a page module fails to load or a page throws: a way out instead of a blank page. The
// boundary (react-error-boundary) sits around the routes and clears on the next navigation, as the
// data router's errorElement did.
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Link, useLocation } from 'react-router';

export function RouteError({ error }: Pick<FallbackProps, 'error'>) {
  const message = error instanceof Error ? error.message : 'Unexpected error';
  return (
    <div className="container container--text">
      <h1>Something went wrong</h1>
      <p className="page-lead">{message}</p>
      <div className="row">
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link className="btn btn--ghost" to="/">
          Go home
        </Link>
      </div>
    </div>
  );
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[key]}>
      {children}
    </ErrorBoundary>
  );
}
