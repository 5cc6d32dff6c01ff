// The signed-in user's role on the permit team (null for customers), asked once per session: the header's
// 'Permit team' link and every /ops page read it.
import type { StaffRole } from '@permitdesk/core';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';

export interface StaffRoleState {
  /** undefined while loading. */
  role: StaffRole | null | undefined;
  error: unknown;
}

export function useStaffRole(): StaffRoleState {
  const signedIn = useAuth((s) => s.isAuthenticated);
  const status = useQuery({
    queryKey: signedIn ? queryKeys.ops.status : null,
    queryFn: ({ signal }) => api.operator.status({ signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  return { role: status.data ? status.data.role : signedIn ? undefined : null, error: status.error };
}
