// /success?type=APPLY_FOR_PROJECT_PERMIT&session=...: the permit created by the form session.
import { projectPermitUrl } from '@permitdesk/core';
import { Link, useSearchParams } from 'react-router';
import { DataState } from '../../ui/data-state.js';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export default function SuccessPage() {
  const [params] = useSearchParams();
  const session = params.get('session');
  const permit = useQuery({
    queryKey: session ? queryKeys.permits.bySession(session) : null,
    queryFn: ({ signal }) => api.permits.bySession({ query: { session: session ?? '' }, signal }),
    staleTime: FOR_SESSION,
  });
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Request received</h1>
        <p>Thank you. Our permit team has your request and will start processing it soon.</p>
        {session && (
          <DataState query={permit}>
            {(p) => (
              <p>
                {p.taskName} at {p.address.streetAddress}, {p.address.city}.{' '}
                <Link to={projectPermitUrl(p.projectId, p.id)}>View the project</Link>
              </p>
            )}
          </DataState>
        )}
        <Link className="btn btn--block" to="/project-radar">
          Go to the Project Radar
        </Link>
      </div>
    </div>
  );
}
