// /compliance-center: the user's companies (placeholder until the compliance layout lands).
import { sidebarRoleLabel, sortCompaniesForSidebar } from '@permitdesk/core';
import { Link } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export default function ComplianceCenterPage() {
  const companies = useQuery('companies', () => api.companies.list());
  return (
    <div className="container">
      <div className="row row--between">
        <h1 className="page-title">Compliance Center</h1>
        <Link className="btn btn--sm" to="/companies/new" title="Add a New Company">
          Add a New Company
        </Link>
      </div>
      <DataState query={companies}>
        {(list) =>
          list.length === 0 ? (
            <p className="card">There are no companies to display</p>
          ) : (
            <ul className="grid" style={{ listStyle: 'none', padding: 0 }}>
              {sortCompaniesForSidebar(list).map((company) => (
                <li key={company.id} className="card">
                  <Link className="card__link" to={`/companies/${company.id}/profile`}>
                    {company.name}
                  </Link>
                  {sidebarRoleLabel(company.role) && <p className="muted" style={{ margin: 0 }}>{sidebarRoleLabel(company.role)}</p>}
                </li>
              ))}
            </ul>
          )
        }
      </DataState>
    </div>
  );
}
