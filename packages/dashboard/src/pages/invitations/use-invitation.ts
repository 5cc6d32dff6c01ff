// One invitation read by kind and id (GET /v4/invitations/lookup), kept in state so actions can replace it.
import { isApiRequestError, type Invitation, type InvitationKind } from '@permitdesk/core';
import { useEffect, useState } from 'react';
import { api } from '../../session/api.js';

export type InvitationState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; status: number }
  | { kind: 'ready'; invitation: Invitation };

export function useInvitation(type: InvitationKind, id: string, enabled = true): [InvitationState, (invitation: Invitation) => void] {
  const [state, setState] = useState<InvitationState>({ kind: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    api.invitations
      .lookup({ query: { type, id }, signal: controller.signal, silent: true })
      .then((invitation) => setState({ kind: 'ready', invitation }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ kind: 'failed', message: error instanceof Error ? error.message : 'An error occurred', status: isApiRequestError(error) ? error.status : 0 });
      });
    return () => controller.abort();
  }, [type, id, enabled]);
  return [state, (invitation) => setState({ kind: 'ready', invitation })];
}
