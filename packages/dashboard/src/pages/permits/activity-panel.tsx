// A permit's trail (issue 12). On the customer's permit page: the customer-safe entries of
// GET /v4/permits/{id}/activity, the permit team shown as 'PermitDesk permit team'; on the permit desk
// (`audience="team"`): every entry, GET /v4/operator/permits/{id}/activity. Read again whenever the
// permit changes (its version) or a message is added.
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { AuditTrail } from '../../ui/audit-trail.js';
import { Spinner } from '../../ui/spinner.js';
import { Unavailable } from '../../ui/unavailable.js';

export function ActivityPanel({ permitId, revision, audience = 'customer' }: { permitId: number; revision: string; audience?: 'customer' | 'team' }) {
  const activity = useQuery({
    queryKey: queryKeys.permits.activity(permitId, revision, audience),
    queryFn: ({ signal }) =>
      audience === 'team'
        ? api.audit.operatorPermitActivity({ params: { id: permitId }, signal, silent: true })
        : api.audit.permitActivity({ params: { id: permitId }, signal, silent: true }),
  });
  if (activity.error !== undefined) return <Unavailable error={activity.error} fallback="The permit's activity could not be loaded." />;
  if (!activity.data) return <Spinner label="Loading the activity" />;
  // Newest first, as the timeline reads.
  return <AuditTrail entries={[...activity.data].reverse()} label="Permit activity" />;
}
