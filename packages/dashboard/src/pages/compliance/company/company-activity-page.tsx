// /companies/:id/activity: the company's audit trail for its owner (issue 12), newest first, 50 a page:
// every change to the company, its people, invitations, projects, permits and vault, with who made it.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { AuditTrail } from '../../../ui/audit-trail.js';
import { Pager } from '../../../ui/pager.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';

export const ACTIVITY_PAGE_SIZE = 50;
export const companyActivityPath = (companyId: number | string): string => `/companies/${companyId}/activity`;

export default function CompanyActivityPage() {
  const { id = '' } = useParams();
  const [page, setPage] = useState(1);
  const activity = useQuery({
    queryKey: queryKeys.companyActivity(id, page),
    queryFn: ({ signal }) => api.audit.companyActivity({ params: { id }, query: { page, size: ACTIVITY_PAGE_SIZE }, signal, silent: true }),
  });
  return (
    <section className="container" aria-labelledby="company-activity-title">
      <h1 id="company-activity-title">Company activity</h1>
      <p className="muted">
        Every change to the company, its people, invitations, projects, permits and vault, newest first. <Link to={`/companies/${id}/profile`}>Back to the company profile</Link>
      </p>
      {activity.error !== undefined ? (
        <Unavailable error={activity.error} fallback="The company's activity could not be loaded." />
      ) : !activity.data ? (
        <Spinner label="Loading the activity" />
      ) : (
        <div className="card">
          <AuditTrail entries={activity.data.items} showEntity label="Company activity" />
          <Pager page={activity.data.page} pageCount={activity.data.pageCount} onPage={setPage} />
        </div>
      )}
    </section>
  );
}
