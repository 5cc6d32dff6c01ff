// Sign out: the session store clears storage (keeping the saved view keys), then the toast and /sign-in.
import { useNavigate } from 'react-router';
import { useQueryClient } from '../data/query-provider.js';
import { notify } from '../ui/notify.js';
import { AUTH_TOASTS } from './auth-messages.js';
import { signOut } from './session.js';

export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queries = useQueryClient();
  return async () => {
    await signOut();
    queries.clear(); // the next user sees nothing of this one's answers
    notify('success', AUTH_TOASTS.loggedOutTitle, AUTH_TOASTS.loggedOut);
    navigate('/sign-in');
  };
}
