// /permits/{id}: one permit (placeholder of issue 6).
import { derivePermitStatus, formatDate } from '@permitdesk/core';
import { useParams } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export default function PermitPage() {
  const { id = '' } = useParams();
  const permit = useQuery(`permit:${id}`, () => api.permits.get({ params: { id } }));
  return (
    <div className="container">
      <DataState query={permit}>
        {(p) => (
          <>
            <h1 className="page-title">{p.taskName}</h1>
            <p className="page-lead">
              {p.customerName} · {p.address.streetAddress}, {p.address.city}, {p.address.state}
            </p>
            <dl className="card">
              <dt className="muted">Status</dt>
              <dd>{derivePermitStatus(p, new Date())}</dd>
              <dt className="muted">Municipality</dt>
              <dd>{p.municipality.name}</dd>
              <dt className="muted">Requested</dt>
              <dd>{formatDate(p.createdAt)}</dd>
            </dl>
          </>
        )}
      </DataState>
    </div>
  );
}
