// /companies-recent-updates: the current company's recent permit updates (the Updates badge's list).
import { formatDate, projectPermitUrl } from '@permitdesk/core';
import { Link } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';

export default function RecentUpdatesPage() {
  const companyId = useAuth((s) => s.currentCompanyId);
  const updates = useQuery(companyId ? `company:${companyId}:updates` : null, () => api.companies.projectUpdates({ params: { id: companyId ?? '' }, silent: true }));
  return (
    <div className="container container--text">
      <h1 className="page-title">Updates</h1>
      {!companyId ? (
        <p className="card">Updates are kept per company. Choose a company in the account menu.</p>
      ) : (
        <DataState query={updates}>
          {(list) =>
            list.length === 0 ? (
              <p className="card">No recent updates.</p>
            ) : (
              <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
                {list.map((u) => (
                  <li key={u.id} className="card">
                    <Link className="card__link" to={projectPermitUrl(u.projectId, u.permitId)}>
                      {u.customerName}
                    </Link>
                    {!u.read && <span className="badge" style={{ marginLeft: '0.5rem' }}>new</span>}
                    <p style={{ margin: 0 }}>{u.message}</p>
                    <p className="muted" style={{ margin: 0 }}>{formatDate(u.createdAt)}</p>
                  </li>
                ))}
              </ul>
            )
          }
        </DataState>
      )}
    </div>
  );
}
