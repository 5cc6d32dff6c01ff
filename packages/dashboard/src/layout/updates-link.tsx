// 'Updates' with its badge: the unread recent updates of the current company (SPEC §2.4).
import { NavLink } from 'react-router';
import { FOR_SESSION } from '../data/query-client.js';
import { queryKeys } from '../data/query-keys.js';
import { useQuery } from '../data/use-query.js';
import { api } from '../session/api.js';
import { useAuth } from '../session/session.js';

export function useUnreadUpdates(): number {
  const companyId = useAuth((s) => s.currentCompanyId);
  const { data } = useQuery({
    queryKey: companyId ? queryKeys.company.updates(companyId) : null,
    queryFn: ({ signal }) => api.companies.projectUpdates({ params: { id: String(companyId) }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  return data ? data.filter((update) => !update.read).length : 0;
}

export function UpdatesLink({ className = 'header__link' }: { className?: string }) {
  const count = useUnreadUpdates();
  return (
    <NavLink className={className} to="/companies-recent-updates">
      Updates
      {count > 0 && (
        <span className="badge" data-testid="updates-badge">
          {count}
          <span className="visually-hidden"> unread</span>
        </span>
      )}
    </NavLink>
  );
}
