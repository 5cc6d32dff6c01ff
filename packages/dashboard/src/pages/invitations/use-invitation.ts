// One invitation read by kind and id (GET /v4/invitations/lookup), kept in state so actions can replace it.
import { isApiRequestError } from '@permitdesk/core/client';
import type { Invitation, InvitationKind } from '@permitdesk/core';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export type InvitationState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; status: number }
  | { kind: 'ready'; invitation: Invitation };

export function useInvitation(type: InvitationKind, id: string, enabled = true): [InvitationState, (invitation: Invitation) => void] {
  const query = useQuery({
    queryKey: enabled ? queryKeys.invitations.lookup(type, id) : null,
    queryFn: ({ signal }) => api.invitations.lookup({ query: { type, id }, signal, silent: true }),
  });
  const { error } = query;
  const state: InvitationState =
    error !== undefined
      ? { kind: 'failed', message: error instanceof Error ? error.message : 'An error occurred', status: isApiRequestError(error) ? error.status : 0 }
      : query.data && !query.loading
        ? { kind: 'ready', invitation: query.data }
        : { kind: 'loading' };
  // An action's answer replaces the invitation shown.
  return [state, query.set];
}
