// Reacts to the session store: an expired session shows 'Your Session Expired' and goes to /sign-in.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../ui/notify.js';
import { AUTH_TOASTS } from './auth-messages.js';
import { onSessionExpired } from './session.js';

export function useSessionEvents(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionExpired(() => {
        notify('error', AUTH_TOASTS.sessionExpiredTitle, AUTH_TOASTS.sessionExpired);
        navigate('/sign-in');
      }),
    [navigate],
  );
}
