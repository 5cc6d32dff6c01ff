// Shown when a page module fails to load or a page throws: a way out instead of a blank page.
import { Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
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
