// The dashboard's one session store (core's zustand/vanilla store), read in React through useAuth().
// The API and identity clients live in ./api.ts, loaded on first use, to keep the first load small.
// A cookie session: no token is ever written to localStorage (a script on this origin could read it).
// The access token lives in memory; the refresh token in an HttpOnly cookie only the refresh endpoint
// receives. localStorage keeps the profile and company choice, which say someone signed in here: a page
// load then trades the cookie for an access token before any guard decides.
import {
  createSessionStore,
  pageStorage,
  type IdentityClient,
  type LogoutReason,
  type SessionStore,
} from '@permitdesk/core/client';
import type { AuthState } from '@permitdesk/core';
import { useStore } from 'zustand';
import { redeemHandoff, takeHandoffCode } from './handoff.js';

const logoutListeners = new Set<(reason: LogoutReason) => void>();

/** The identity client, its module fetched when the store first needs it (refresh or sign-out). */
const lazyIdentity = new Proxy({} as IdentityClient, {
  get:
    (_, name: keyof IdentityClient) =>
    async (...args: unknown[]) => {
      const { identity } = await import('./api.js');
      return (identity[name] as (...a: unknown[]) => Promise<unknown>)(...args);
    },
});

export const sessionStore: SessionStore = createSessionStore({
  storage: pageStorage(),
  identity: lazyIdentity,
  cookieSession: true,
  onLogout: (reason) => logoutListeners.forEach((listener) => listener(reason)),
});

// A handoff code in the address (the widget's success link) is taken out before the router reads the
// address, and traded for a session before any guard decides (RouteGuard waits for pendingHandoff()).
const handoffCode = typeof window === 'undefined' ? null : takeHandoffCode(window);
const handoff: Promise<boolean> | null = handoffCode
  ? redeemHandoff(sessionStore, handoffCode, window.location.origin, async (body) => (await import('./api.js')).api.identity.exchangeHandoff({ body, silent: true }))
  : null;

/** The trade of this page load's handoff code (one promise, settled or not: use() reads it), or null. */
export const pendingHandoff = (): Promise<boolean> | null => handoff;

// Signed in before this page load (and no handoff replacing it): the cookie gives a fresh access token.
const restore: Promise<boolean> | null = !handoff && sessionStore.getState().isAuthenticated ? sessionStore.getState().refresh() : null;

/** What the guards wait for before deciding: this page load's handoff trade or session restore, or null. */
export const pendingSessionStart = (): Promise<boolean> | null => handoff ?? restore;

export const useAuth = <T,>(selector: (state: AuthState) => T): T => useStore(sessionStore, selector);

/** The store hydrates synchronously from localStorage (no tokens); an expired or missing access token is refreshed first. */
export async function whenSessionReady(): Promise<void> {
  const state = sessionStore.getState();
  if (state.isAuthenticated && state.isExpired()) await state.ensureFreshToken();
}

export const signedIn: SessionStore['getState'] extends () => infer S ? S extends { login: infer L } ? L : never : never = (tokens, profile) =>
  sessionStore.getState().login(tokens, profile);
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
