// /companies-recent-updates: the current company's recent permit updates (the Updates badge's list), newest
// first, unread ones marked; 'Mark all as read' clears them (companies.markProjectUpdatesRead) and the
// header badge with them.
import { DATE_FORMATS, formatDate, projectPermitUrl, type ProjectUpdate } from '@permitdesk/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Unavailable } from '../../ui/unavailable.js';
import { useQueryClient } from '../../data/query-provider.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';
import '../compliance/compliance.css';

function UpdatesList({ companyId }: { companyId: string }) {
  const client = useQueryClient();
  const updates = useQuery<ProjectUpdate[]>({
    queryKey: queryKeys.updatesList(companyId),
    queryFn: ({ signal }) => api.companies.projectUpdates({ params: { id: companyId }, signal, silent: true }),
  });
  const [marking, setMarking] = useState(false);
  if (updates.error !== undefined) {
    return <Unavailable error={updates.error} fallback="The updates could not be loaded." />;
  }
  if (!updates.data) return <Spinner label="Loading updates" />;
  const list = updates.data;
  const unread = list.filter((update) => !update.read).length;
  const markRead = async () => {
    setMarking(true);
    try {
      await api.companies.markProjectUpdatesRead({ params: { id: companyId }, silent: true });
      updates.set(list.map((update) => ({ ...update, read: true })));
      // The header's badge counts the unread ones.
      client.invalidateQueries({ queryKey: queryKeys.company.updates(companyId) });
    } catch (error) {
      notify('error', 'The updates could not be marked as read.', error instanceof Error ? error.message : undefined);
    } finally {
      setMarking(false);
    }
  };
  return (
    <>
      <div className="row row--between">
        <p className="muted" style={{ margin: 0 }} aria-live="polite">
          {unread === 0 ? 'Everything is read.' : `${unread} unread update${unread === 1 ? '' : 's'}.`}
        </p>
        <button type="button" className="btn btn--sm btn--ghost" disabled={unread === 0 || marking} onClick={() => void markRead()}>
          Mark all as read
        </button>
      </div>
      {list.length === 0 ? (
        <p className="card">No recent updates.</p>
      ) : (
        <ul className="updates-list stack" aria-label="Recent updates">
          {list.map((update) => (
            <li key={update.id} className={update.read ? 'card' : 'card update--unread'} data-read={update.read}>
              <Link className="card__link" to={projectPermitUrl(update.projectId, update.permitId)}>
                {update.customerName}
              </Link>
              {!update.read && (
                <span className="badge" style={{ marginLeft: '0.5rem' }}>
                  new
                </span>
              )}
              <p style={{ margin: 0 }}>{update.message}</p>
              <p className="muted" style={{ margin: 0 }}>
                {formatDate(update.createdAt, DATE_FORMATS.long)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function RecentUpdatesPage() {
  const companyId = useAuth((s) => s.currentCompanyId);
  return (
    <div className="container container--text">
      <h1 className="page-title">Updates</h1>
      {companyId ? <UpdatesList key={companyId} companyId={companyId} /> : <p className="card">Updates are kept per company. Choose a company in the account menu.</p>}
    </div>
  );
}
