// The session store (SPEC §3 AuthState, §4.2): zustand/vanilla, so preact and React read it alike
// through their own useStore. It keeps tokens and profile in a Storage, refreshes every 15 minutes,
// refreshes an expired access token before use, counts failed refreshes and logs out.
// A cookie session (the dashboard) keeps no token in the Storage: the access token lives in memory,
// the refresh token in the server's HttpOnly cookie; a page load gets a fresh access token from it.
import * as v from 'valibot';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isApiRequestError } from '../errors.js';
import { SESSION_EXPIRED_MESSAGE } from '../../rules/request-messages.js';
import type { IdentityClient } from '../identity.js';
import { identity as sharedIdentity } from '../identity.js';
import { FAILED_PROFILE_REFRESH_LIMIT, TIMINGS } from '../../rules/timings.js';
import {
  profileSchema,
  sessionTokensSchema,
  type AuthState,
  type Permissions,
  type Profile,
  type RegistrationInput,
  type SessionTokens,
} from '../../schemas/identity.js';
import { clearStorageExcept, readJsonItem, SAVED_VIEW_KEYS, SESSION_STORAGE_KEYS } from './storage.js';

/** The session-expired notification of SPEC §8 (shown by the app on a logout for 'expired'). */
export const SESSION_MESSAGES = {
  expiredTitle: 'Your Session Expired',
  expired: SESSION_EXPIRED_MESSAGE,
} as const;

/** Why the session ended: the user signed out, the session expired, or the account is gone. */
export type LogoutReason = 'user' | 'expired' | 'deleted';

export interface SessionActions {
  /** Stores profile and tokens; currentCompanyId becomes the first company of the permissions. */
  login(tokens: SessionTokens, profile: Profile): void;
  /** Clears storage (except the saved view keys), revokes the refresh token, signs out. */
  logout(reason?: LogoutReason): Promise<void>;
  /** The company switcher: a company id of the permissions, or null for 'Personal'. */
  setCurrentCompanyId(companyId: string | null): void;
  setSignUpData(data: RegistrationInput | null): void;
  /** Rotates the tokens and reloads the profile; false when it failed. */
  refresh(): Promise<boolean>;
  /** The access token, refreshed first when it has expired (with `waiting` set meanwhile). */
  ensureFreshToken(): Promise<string | null>;
  /** Whether the access token is past its expiry. */
  isExpired(): boolean;
  startAutoRefresh(): void;
  stopAutoRefresh(): void;
}

export interface SessionState extends AuthState, SessionActions {
  /** True while an expired token is being refreshed before a call (the UI shows loading). */
  waiting: boolean;
}

export type SessionStore = StoreApi<SessionState>;

export interface SessionStoreOptions {
  storage: Storage;
  /** The identity client, or a function giving it (default: the one set up by initIdentity). */
  identity?: IdentityClient | (() => IdentityClient);
  /** Refresh every 15 minutes while signed in (default true). */
  autoRefresh?: boolean;
  /** Refresh this long before the access token expires (default 30 s). */
  refreshAheadMs?: number;
  now?: () => number;
  /** Called after a logout, e.g. to show 'Your Session Expired' and go to /sign-in. */
  onLogout?: (reason: LogoutReason) => void;
  /**
   * The refresh token lives in the server's HttpOnly cookie (the identity client must send the
   * session-mode header): tokens stay in memory, only the profile and company choice are stored.
   */
  cookieSession?: boolean;
}

/** Cookie sessions share one rotating cookie across tabs: their refreshes run one at a time. */
const REFRESH_LOCK = 'permitdesk.session.refresh';

/** SPEC §3: the first company key of the permissions, else null. */
export const firstCompanyId = (permissions: Permissions | null | undefined): string | null =>
  Object.keys(permissions ?? {})[0] ?? null;

const signedOut = {
  isAuthenticated: false,
  user: null,
  authToken: null,
  refreshToken: null,
  expiresAt: null,
  currentCompanyId: null,
  waiting: false,
} as const;

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { storage, cookieSession = false } = options;
  const now = options.now ?? (() => Date.now());
  const refreshAheadMs = options.refreshAheadMs ?? 30_000;
  const getIdentity = (): IdentityClient =>
    typeof options.identity === 'function' ? options.identity() : (options.identity ?? sharedIdentity());

  let timer: ReturnType<typeof setInterval> | null = null;
  let inflight: Promise<boolean> | null = null;

  const persist = (tokens: SessionTokens, profile: Profile, currentCompanyId: string | null) => {
    if (!cookieSession) storage.setItem(SESSION_STORAGE_KEYS.tokens, JSON.stringify(tokens));
    storage.setItem(SESSION_STORAGE_KEYS.profile, JSON.stringify(profile));
    storage.setItem(SESSION_STORAGE_KEYS.currentCompanyId, JSON.stringify(currentCompanyId));
  };

  /** A stored company choice stays while the user still has that company; else the first one. */
  const companyFor = (profile: Profile, preferred: unknown): string | null => {
    if (preferred === null) return null;
    if (typeof preferred === 'string' && preferred in profile.permissions) return preferred;
    return firstCompanyId(profile.permissions);
  };

  const hydrate = (): Partial<SessionState> => {
    // A cookie session stores no tokens (one left by an older version goes): the profile says someone
    // signed in, and the first refresh (restoreSession) gets the access token from the cookie.
    if (cookieSession) storage.removeItem(SESSION_STORAGE_KEYS.tokens);
    const tokens = cookieSession
      ? { success: true as const, output: { accessToken: null, refreshToken: null, expiresAt: null } }
      : v.safeParse(sessionTokensSchema, readJsonItem(storage, SESSION_STORAGE_KEYS.tokens));
    const profile = v.safeParse(profileSchema, readJsonItem(storage, SESSION_STORAGE_KEYS.profile));
    if (!tokens.success || !profile.success) return { ...signedOut };
    const stored = storage.getItem(SESSION_STORAGE_KEYS.currentCompanyId);
    return {
      isAuthenticated: true,
      user: profile.output,
      authToken: tokens.output.accessToken,
      refreshToken: tokens.output.refreshToken ?? null,
      expiresAt: tokens.output.expiresAt,
      currentCompanyId: companyFor(profile.output, stored === null ? undefined : readJsonItem(storage, SESSION_STORAGE_KEYS.currentCompanyId)),
    };
  };

  const store = createStore<SessionState>()((set, get) => {
    const stopAutoRefresh = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const startAutoRefresh = () => {
      stopAutoRefresh();
      timer = setInterval(() => void get().refresh(), TIMINGS.sessionRefreshMs);
      // Never keep a Node process alive just for the refresh.
      (timer as { unref?: () => void }).unref?.();
    };

    const applySession = (tokens: SessionTokens, profile: Profile, preferredCompany: unknown) => {
      const currentCompanyId = companyFor(profile, preferredCompany);
      persist(tokens, profile, currentCompanyId);
      set({
        isAuthenticated: true,
        user: profile,
        authToken: tokens.accessToken,
        refreshToken: cookieSession ? null : (tokens.refreshToken ?? null),
        expiresAt: tokens.expiresAt,
        currentCompanyId,
      });
    };

    /** One refresh at a time across tabs for a cookie session (Web Locks, where the browser has them). */
    const exclusive = <T,>(work: () => Promise<T>): Promise<T> => {
      const locks = cookieSession ? (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks : undefined;
      return locks ? (locks.request(REFRESH_LOCK, work) as Promise<T>) : work();
    };

    /** SPEC §4.2: more than 2 failed refreshes in a row mean the user was deleted by an administrator. */
    const countFailure = () => {
      const failures = Number(storage.getItem(SESSION_STORAGE_KEYS.failedProfileRefresh) ?? 0) + 1;
      if (failures > FAILED_PROFILE_REFRESH_LIMIT) {
        stopAutoRefresh();
        storage.clear();
        set({ ...signedOut });
        options.onLogout?.('deleted');
        return;
      }
      storage.setItem(SESSION_STORAGE_KEYS.failedProfileRefresh, String(failures));
    };

    return {
      ready: true,
      signUpData: null,
      ...signedOut,
      ...hydrate(),

      login(tokens, profile) {
        storage.removeItem(SESSION_STORAGE_KEYS.failedProfileRefresh);
        applySession(tokens, profile, undefined);
        if (options.autoRefresh !== false) startAutoRefresh();
      },

      async logout(reason = 'user') {
        // Several calls may find the same expired token; the first one logs out.
        if (reason === 'expired' && !get().isAuthenticated) return;
        // A cookie session is ended by its access token (the cookie only goes to the refresh path): a
        // user signing out with an expired one gets a fresh one first.
        if (cookieSession && reason === 'user' && get().isExpired()) {
          await get().refresh();
          // A session the server refused to restore is logged out already.
          if (!get().isAuthenticated) return;
        }
        const { refreshToken, authToken } = get();
        stopAutoRefresh();
        clearStorageExcept(storage, Object.values(SAVED_VIEW_KEYS));
        set({ ...signedOut });
        // Revoking is best effort: the local session is gone either way.
        if (refreshToken || cookieSession) await getIdentity().signOut(refreshToken, cookieSession ? authToken : null).catch(() => undefined);
        options.onLogout?.(reason);
      },

      setCurrentCompanyId(companyId) {
        const { user } = get();
        if (companyId !== null && !(user && companyId in user.permissions)) return;
        storage.setItem(SESSION_STORAGE_KEYS.currentCompanyId, JSON.stringify(companyId));
        set({ currentCompanyId: companyId });
      },

      setSignUpData(signUpData) {
        set({ signUpData });
      },

      refresh() {
        const { refreshToken, isAuthenticated } = get();
        if (cookieSession ? !isAuthenticated : !refreshToken) return Promise.resolve(false);
        inflight ??= (async () => {
          try {
            const result = await exclusive(() => getIdentity().refreshSession(refreshToken));
            storage.removeItem(SESSION_STORAGE_KEYS.failedProfileRefresh);
            applySession(result.tokens, result.profile, get().currentCompanyId);
            return true;
          } catch (error) {
            const refused = !isApiRequestError(error) || error.status > 0;
            // Restoring a cookie session on page load: without an access token, a refusal ends it.
            if (refused && cookieSession && !get().authToken) await get().logout('expired');
            // Only a refusal from the server counts; being offline says nothing about the account.
            else if (refused) countFailure();
            return false;
          } finally {
            inflight = null;
          }
        })();
        return inflight;
      },

      async ensureFreshToken() {
        const { authToken, expiresAt, isAuthenticated } = get();
        // A cookie session after a page load has no access token yet: the refresh gets one.
        const restoring = cookieSession && isAuthenticated && !authToken;
        if (!authToken && !restoring) return null;
        if (authToken && (expiresAt === null || now() < expiresAt - refreshAheadMs)) return authToken;
        set({ waiting: true });
        try {
          await get().refresh();
        } finally {
          set({ waiting: false });
        }
        return get().authToken;
      },

      isExpired() {
        const { expiresAt, authToken, isAuthenticated } = get();
        // A cookie session not restored yet has no live access token.
        if (cookieSession && isAuthenticated && !authToken) return true;
        return expiresAt !== null && now() >= expiresAt;
      },

      startAutoRefresh,
      stopAutoRefresh,
    };
  });

  if (store.getState().isAuthenticated && options.autoRefresh !== false) store.getState().startAutoRefresh();
  return store;
}

/**
 * The API client's token hooks, wired to a session store: a token refreshed when expired, an expiry
 * check, and logout on expiry (SPEC §7). Spread into createApiClient's configuration.
 */
export function sessionClientHooks(store: SessionStore) {
  return {
    getToken: () => store.getState().ensureFreshToken(),
    isExpired: () => store.getState().isExpired(),
    onExpired: () => void store.getState().logout('expired'),
  };
}
