// /projects/{id}/{permitId?}: one project and its permits (placeholder of issue 6).
import { Link, useParams } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export default function ProjectPage() {
  const { id = '', permitId } = useParams();
  const project = useQuery(`project:${id}`, () => api.projects.get({ params: { id } }));
  return (
    <div className="container">
      <DataState query={project}>
        {(p) => (
          <>
            <h1 className="page-title">{p.name}</h1>
            <p className="muted">Project #{p.id}</p>
            <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
              {p.permits.map((permit) => (
                <li key={permit.id} className="card" aria-current={String(permit.id) === permitId ? 'true' : undefined}>
                  <Link className="card__link" to={`/permits/${permit.id}`}>
                    {permit.taskName}
                  </Link>
                  <p className="muted" style={{ margin: 0 }}>
                    {permit.customerName} · {permit.municipality.name}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </DataState>
    </div>
  );
}
