// /project-radar and /project-radar-alt: the signed-in user's projects (placeholder of issue 6).
import { PROJECT_SEARCH, radarStatusUrl } from '@permitdesk/core';
import { Link } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { PermitTable } from '../../components/permit-table.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';

export default function ProjectRadarPage() {
  const companyId = useAuth((s) => s.currentCompanyId);
  const query = { ...PROJECT_SEARCH, ...(companyId ? { companyId: Number(companyId) } : {}) };
  const projects = useQuery(`company:${companyId ?? 'personal'}:radar`, () => api.projects.search({ query }));
  return (
    <div className="container">
      <div className="row row--between">
        <h1 className="page-title">Project Radar</h1>
        <div className="row">
          <Link className="btn btn--ghost btn--sm" to={radarStatusUrl('HasPermit')}>
            View All permits
          </Link>
          <Link className="btn btn--sm" to="/new-project">
            New project
          </Link>
        </div>
      </div>
      <DataState query={projects}>
        {(page) => (
          <>
            <p className="page-lead" data-testid="radar-count">
              {page.totalCount.toLocaleString('en-US')} {page.totalCount === 1 ? 'permit' : 'permits'} on your radar
            </p>
            <PermitTable rows={page.items} empty="No Matches Found" />
          </>
        )}
      </DataState>
    </div>
  );
}
