// Sign out: the session store clears storage (keeping the saved view keys), then the toast and /sign-in.
import { useNavigate } from 'react-router';
import { invalidateQueries } from '../data/use-query.js';
import { notify } from '../ui/notify.js';
import { AUTH_TOASTS } from './auth-messages.js';
import { signOut } from './session.js';

export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await signOut();
    invalidateQueries();
    notify('success', AUTH_TOASTS.loggedOutTitle, AUTH_TOASTS.loggedOut);
    navigate('/sign-in');
  };
}
