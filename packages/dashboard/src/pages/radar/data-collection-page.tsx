// /data-collection/{projectId?}/{permitId}: what we collected for a project permit (placeholder of issue 6).
import { useParams } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export default function DataCollectionPage() {
  const { projectId, permitId = '' } = useParams();
  const data = useQuery(projectId ? `data-collection:${projectId}:${permitId}` : null, () =>
    api.projects.getPermitData({ params: { id: projectId ?? '', permitId } }),
  );
  return (
    <div className="container">
      <h1 className="page-title">Data collection</h1>
      {!projectId ? (
        <p className="card">Permit #{permitId} is not attached to a project yet.</p>
      ) : (
        <DataState query={data}>
          {({ permit, data: d }) => (
            <dl className="card">
              <dt className="muted">Customer</dt>
              <dd>{d?.customerName ?? permit.customerName}</dd>
              <dt className="muted">Address</dt>
              <dd>{d?.address ?? `${permit.address.streetAddress}, ${permit.address.city}`}</dd>
              <dt className="muted">Work</dt>
              <dd>{d?.task ?? permit.taskName}</dd>
              <dt className="muted">Inspections</dt>
              <dd>{d ? d.inspections.join(', ') || 'None' : 'Not collected yet'}</dd>
            </dl>
          )}
        </DataState>
      )}
    </div>
  );
}
