// What a page shows when the record its address names cannot be opened: a title that says so (the API
// answers 404 for a record that does not exist and 403 for someone else's), the server's message, and a
// way back, so that a stale or mistyped link is never a dead end.
import { isApiRequestError } from '@permitdesk/core/client';
import { Link } from 'react-router';
import { Alert } from './alert.js';

export interface WayBack {
  to: string;
  label: string;
}

export function MissingNotice({ what, error, fallback, back }: { what: string; error: unknown; fallback: string; back: WayBack[] }) {
  const missing = isApiRequestError(error) && (error.status === 404 || error.status === 403);
  return (
    <div className="missing-notice">
      <Alert kind={missing ? 'warning' : 'error'} title={missing ? `${what} not found` : 'Unavailable'}>
        {error instanceof Error ? error.message : fallback}
      </Alert>
      <div className="row">
        {back.map((way, index) => (
          <Link key={way.to} className={index === 0 ? 'btn' : 'btn btn--ghost'} to={way.to}>
            {way.label}
          </Link>
        ))}
      </div>
    </div>
  );
}
