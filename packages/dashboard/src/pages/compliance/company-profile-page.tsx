// /companies/{id}/profile: one company (placeholder until the compliance layout lands).
import { useParams } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export default function CompanyProfilePage() {
  const { id = '' } = useParams();
  const company = useQuery(`companies:${id}`, () => api.companies.get({ params: { id } }));
  return (
    <div className="container container--text">
      <DataState query={company}>
        {(c) => (
          <>
            <h1 className="page-title">{c.name}</h1>
            <dl className="card">
              <dt className="muted">Address</dt>
              <dd>{c.address ?? 'Not set'}</dd>
              <dt className="muted">Status</dt>
              <dd>{c.status === 1 ? 'Active' : 'Inactive'}</dd>
            </dl>
          </>
        )}
      </DataState>
    </div>
  );
}
