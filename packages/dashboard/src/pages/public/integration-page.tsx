// /integration/permits/{integrationPermitId?}: the construction-platform integration, and one
// integration record when an id is given and the user is signed in.
import { Link, useParams } from 'react-router';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';

export default function IntegrationPage() {
  const { integrationPermitId } = useParams();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const record = useQuery({
    queryKey: integrationPermitId && signedIn ? queryKeys.integration(integrationPermitId) : null,
    queryFn: ({ signal }) => api.integrations.webhook({ params: { id: integrationPermitId ?? '' }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  return (
    <div className="container container--text">
      <h1 className="page-title">Integrations</h1>
      <p className="page-lead">Request permits without leaving your construction-management platform.</p>
      {integrationPermitId && (
        <section className="card" style={{ marginBottom: '1.5rem' }}>
          <h2 className="card__title">Integration request {integrationPermitId}</h2>
          {!signedIn && (
            <p>
              <Link to="/sign-in">Sign in</Link> to see this request.
            </p>
          )}
          {record.loading && <Spinner />}
          {record.error ? <Alert kind="warning" title="Not found">This integration request does not exist or is not yours.</Alert> : null}
          {record.data && (
            <p>
              Received {new Date(record.data.createdAt).toLocaleString('en-US')}.{' '}
              {record.data.permitId ? <Link to={`/permits/${record.data.permitId}`}>Open the permit</Link> : 'The permit has not been created yet.'}
            </p>
          )}
        </section>
      )}
      <div className="prose">
        <h2>How it works</h2>
        <ol>
          <li>
            An owner or administrator connects the company's platform account from the Compliance Center's <a href="/compliance-center/integrations">Integrations</a> page (the platform asks them to allow it), then imports the platform's projects.
          </li>
          <li>Open a project on the platform and choose “Request a permit”: the PermitDesk lookup opens inside it.</li>
          <li>The permit, its documents and its status flow back to the project on both sides.</li>
        </ol>
        <p>
          Partners can also <Link to="/embed">embed the permit lookup</Link> in any page with one script tag.
        </p>
      </div>
    </div>
  );
}
