// The dashboard's one API client, identity client and session store, all from @permitdesk/core.
// Everything here is created once per page; components read the store through useAuth().
import {
  createApiClient,
  createIdentityClient,
  createSessionStore,
  sessionClientHooks,
  type ApiClient,
  type AuthState,
  type IdentityClient,
  type LogoutReason,
  type Profile,
  type SessionStore,
  type SessionTokens,
} from '@permitdesk/core';
import { useStore } from 'zustand';
import { notify } from '../ui/notify.js';

const logoutListeners = new Set<(reason: LogoutReason) => void>();

// The store needs the identity client (to refresh and revoke) and the API client needs the store (for
// the token): the store reads identity lazily, so both can be built here in order.
let identityClient: IdentityClient;
export const sessionStore: SessionStore = createSessionStore({
  storage: localStorage,
  identity: () => identityClient,
  onLogout: (reason) => logoutListeners.forEach((listener) => listener(reason)),
});

export const api: ApiClient = createApiClient({
  baseUrl: '/',
  ...sessionClientHooks(sessionStore),
  // The global error handler of SPEC §7.8: the response message, or 'An error occurred'.
  onError: (message) => notify('error', message),
});
identityClient = createIdentityClient(api);
export const identity: IdentityClient = identityClient;

export const useAuth = <T,>(selector: (state: AuthState) => T): T => useStore(sessionStore, selector);

/** The store hydrates synchronously from localStorage; a token past its expiry is refreshed first. */
export async function whenSessionReady(): Promise<void> {
  const state = sessionStore.getState();
  if (state.isAuthenticated && state.isExpired()) await state.ensureFreshToken();
}

export const signedIn = (tokens: SessionTokens, profile: Profile): void => sessionStore.getState().login(tokens, profile);
export const signOut = (): Promise<void> => sessionStore.getState().logout('user');
export const switchCompany = (companyId: string | null): void => sessionStore.getState().setCurrentCompanyId(companyId);
/** Reloads tokens and profile (e.g. after the company of /welcome exists, so permissions include it). */
export const refreshProfile = (): Promise<boolean> => sessionStore.getState().refresh();

/** Logouts other than the user's own (expired session, deleted account). */
export const onSessionExpired = (listener: () => void): (() => void) => {
  const wrapped = (reason: LogoutReason) => reason !== 'user' && listener();
  logoutListeners.add(wrapped);
  return () => logoutListeners.delete(wrapped);
};
