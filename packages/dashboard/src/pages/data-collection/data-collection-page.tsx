// /data-collection/{projectId?}/{permitId}: the permit data a customer collected themselves, loaded with
// projects.getPermitData and saved with projects.updatePermit. Without a project id in the URL the
// permit tells which project it belongs to.
import { dataCollectionUrl, usableCompanies, type DataCollection } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Unavailable } from '../../ui/unavailable.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';
import { Spinner } from '../../ui/spinner.js';
import { DataCollectionForm } from './data-collection-form.js';
import { dataCollectionDefaults } from './data-collection-defaults.js';
import '../permits/permits.css';
import './data-collection.css';

export default function DataCollectionPage() {
  const { projectId, permitId = '' } = useParams();
  const navigate = useNavigate();
  const permissions = useAuth((s) => s.user?.permissions);
  // Only a permit id: find its project first.
  const lookup = useQuery({
    queryKey: projectId ? null : queryKeys.permits.get(permitId),
    queryFn: ({ signal }) => api.permits.get({ params: { id: permitId }, signal, silent: true }),
  });
  useEffect(() => {
    if (lookup.data) navigate(dataCollectionUrl(lookup.data.projectId, lookup.data.id), { replace: true });
  }, [lookup.data, navigate]);
  const loaded = useQuery({
    queryKey: projectId ? queryKeys.projects.permitData(projectId, permitId) : null,
    queryFn: ({ signal }) =>
      api.projects.getPermitData({ params: { id: projectId ?? '', permitId }, signal, silent: true }),
  });

  const save = async (data: DataCollection) => {
    try {
      const answer = await api.projects.updatePermit({ params: { id: projectId ?? '', permitId }, body: data, silent: true });
      loaded.set(answer);
    } catch (error) {
      // SPEC §7.8: a failed project-permit update passes the server message to the caller.
      throw new Error(isApiRequestError(error) ? error.message : 'The data could not be saved.');
    }
  };

  const failure = loaded.error ?? lookup.error;
  const answer = loaded.data;
  const companyName = answer?.permit.companyId
    ? (usableCompanies(permissions).find((c) => c.id === String(answer.permit.companyId))?.name ?? null)
    : null;
  return (
    <div className="container container--text data-collection-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to="/project-radar">Project Radar</Link>
        {projectId && (
          <>
            {' '}
            › <Link to={`/projects/${projectId}/${permitId}`}>Project #{projectId}</Link>
          </>
        )}{' '}
        › Permit data
      </nav>
      <h1 className="page-title">Permit data</h1>
      {answer && (
        <p className="page-lead">
          {answer.permit.taskName} · {answer.permit.customerName} · {answer.permit.projectAddress}
        </p>
      )}
      {failure ? (
        <Unavailable error={failure} fallback="This permit could not be loaded." />
      ) : answer ? (
        <DataCollectionForm key={`${projectId}:${permitId}`} permitId={answer.permit.id} defaults={dataCollectionDefaults(answer.permit, answer.data, companyName)} onSave={save} />
      ) : (
        <div className="route-loading">
          <Spinner large label="Loading the permit data" />
        </div>
      )}
    </div>
  );
}
