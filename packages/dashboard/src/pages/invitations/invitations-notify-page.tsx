// /invitations/notify: invitations waiting on the user and what they must act on.
import { DataState } from '../../components/data-state.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export default function InvitationsNotifyPage() {
  const pending = useQuery('invitations:pending', () => api.invitations.pending());
  return (
    <div className="container container--text">
      <h1 className="page-title">Invitations</h1>
      <DataState query={pending}>
        {(p) => {
          const total = Object.values(p).reduce((n, list) => n + (Array.isArray(list) ? list.length : 0), 0);
          return <p className="page-lead">{total === 0 ? 'You have no pending invitations.' : `${total} pending invitations.`}</p>;
        }}
      </DataState>
    </div>
  );
}
