// Reacts to the session store: an expired session shows 'Your Session Expired' and goes to /sign-in.
// The messages are fetched with the toast (toasts wait for their lazy toaster anyway): the first load
// does not carry every auth message for this one.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../ui/notify.js';
import { onSessionExpired } from './session.js';

export function useSessionEvents(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionExpired(() => {
        void import('./auth-messages.js').then(({ AUTH_TOASTS }) => notify('error', AUTH_TOASTS.sessionExpiredTitle, AUTH_TOASTS.sessionExpired));
        navigate('/sign-in');
      }),
    [navigate],
  );
}
