// The permit's trail on the customer's permit page (issue 12): the customer-safe entries of
// GET /v4/permits/{id}/activity, the permit team shown as 'PermitDesk permit team'. Read again whenever
// the permit changes (its version) or a message is added.
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { AuditTrail } from '../../ui/audit-trail.js';
import { Spinner } from '../../ui/spinner.js';
import { Unavailable } from '../../ui/unavailable.js';

export function ActivityPanel({ permitId, revision }: { permitId: number; revision: string }) {
  const activity = useQuery({
    queryKey: queryKeys.permits.activity(permitId, revision),
    queryFn: ({ signal }) => api.audit.permitActivity({ params: { id: permitId }, signal, silent: true }),
  });
  if (activity.error !== undefined) return <Unavailable error={activity.error} fallback="The permit's activity could not be loaded." />;
  if (!activity.data) return <Spinner label="Loading the activity" />;
  // Newest first, as the timeline reads.
  return <AuditTrail entries={[...activity.data].reverse()} label="Permit activity" />;
}
