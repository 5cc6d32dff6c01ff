import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../create-api-client.js';
import { createIdentityClient } from '../identity.js';
import { startTestServer, type TestServer } from '../testing/http-test-server.js';
import type { Profile, SessionTokens } from '../../schemas/identity.js';
import { createSessionStore, sessionClientHooks, type LogoutReason } from './session-store.js';
import { createMemoryStorage, SAVED_VIEW_KEYS, SESSION_STORAGE_KEYS } from './storage.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  server.requests.length = 0;
  server.routes = {};
});

const profile = (permissions: Profile['permissions'] = {}): Profile => ({
  sub: '6f1c4c56-5d1a-4e55-9d0a-2d8f3f0f7a11', email: 'ann@example.com', email_verified: true, name: 'Ann Lee',
  given_name: 'Ann', family_name: 'Lee', phone_number: null, 'custom:hasMigrated': 1,
  'custom:setupCompanyName': null, 'custom:fromURL': null, permissions,
});
const tokens = (n: number, expiresAt = Date.now() + 3_600_000): SessionTokens => ({ accessToken: `a${n}`, refreshToken: `r${n}`, expiresAt });
const twoCompanies = { '7': { name: 'Acme', role: 'owner' }, '9': { name: 'Birch', role: 'user' } } as const;

function setup(options: { storage?: Storage; autoRefresh?: boolean; now?: () => number } = {}) {
  const storage = options.storage ?? createMemoryStorage();
  const logouts: LogoutReason[] = [];
  const identity = createIdentityClient(createApiClient({ baseUrl: server.url }));
  const store = createSessionStore({ storage, identity, onLogout: (r) => void logouts.push(r), ...options });
  return { store, storage, logouts };
}

describe('session store: login and currentCompanyId', () => {
  it('stores profile and tokens; the current company is the first key of the permissions', () => {
    const { store, storage } = setup({ autoRefresh: false });
    expect(store.getState()).toMatchObject({ ready: true, isAuthenticated: false, user: null, currentCompanyId: null });
    store.getState().login(tokens(1), profile(twoCompanies));
    expect(store.getState()).toMatchObject({ isAuthenticated: true, authToken: 'a1', refreshToken: 'r1', currentCompanyId: '7' });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEYS.tokens)!)).toMatchObject({ accessToken: 'a1' });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEYS.profile)!)).toMatchObject({ email: 'ann@example.com' });
  });

  it('is null without company permissions (a personal account)', () => {
    const { store } = setup({ autoRefresh: false });
    store.getState().login(tokens(1), profile());
    expect(store.getState().currentCompanyId).toBeNull();
  });

  it('switches company, to Personal, refuses an unknown company, and keeps the choice across a reload', () => {
    const { store, storage } = setup({ autoRefresh: false });
    store.getState().login(tokens(1), profile(twoCompanies));
    store.getState().setCurrentCompanyId('9');
    expect(store.getState().currentCompanyId).toBe('9');
    store.getState().setCurrentCompanyId('12');
    expect(store.getState().currentCompanyId).toBe('9');
    const reloaded = setup({ storage, autoRefresh: false }).store;
    expect(reloaded.getState()).toMatchObject({ isAuthenticated: true, currentCompanyId: '9', authToken: 'a1' });
    store.getState().setCurrentCompanyId(null);
    expect(setup({ storage, autoRefresh: false }).store.getState().currentCompanyId).toBeNull();
  });

  it('ignores a broken stored session', () => {
    const storage = createMemoryStorage({ [SESSION_STORAGE_KEYS.tokens]: '{"accessToken":1}', [SESSION_STORAGE_KEYS.profile]: 'nope' });
    expect(setup({ storage, autoRefresh: false }).store.getState().isAuthenticated).toBe(false);
  });
});

describe('session store: refresh', () => {
  it('refreshes every 15 minutes through the identity client', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    server.routes = { 'POST /auth/refresh': (r) => ({ body: { tokens: tokens(Number(String((r.body as { refreshToken: string }).refreshToken).slice(1)) + 1), profile: profile(twoCompanies) } }) };
    const { store } = setup();
    store.getState().login(tokens(1), profile(twoCompanies));
    vi.advanceTimersByTime(899_999);
    expect(server.requests).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(store.getState().authToken).toBe('a2'));
    expect(server.requests[0]?.body).toEqual({ refreshToken: 'r1' });
    vi.advanceTimersByTime(900_000);
    await vi.waitFor(() => expect(store.getState().authToken).toBe('a3'));
    await store.getState().logout();
    vi.advanceTimersByTime(2_000_000);
    expect(server.requests.filter((r) => r.path === '/auth/refresh')).toHaveLength(2);
  });

  it('refreshes an expired access token before use, with the waiting flag meanwhile', async () => {
    let clock = 1_000_000;
    server.routes = { 'POST /auth/refresh': () => ({ delayMs: 30, body: { tokens: tokens(2, clock + 3_600_000), profile: profile() } }) };
    const { store } = setup({ autoRefresh: false, now: () => clock });
    store.getState().login(tokens(1, clock + 60_000), profile());
    await expect(store.getState().ensureFreshToken()).resolves.toBe('a1');
    clock += 61_000;
    expect(store.getState().isExpired()).toBe(true);
    const waitingSeen: boolean[] = [];
    const unsubscribe = store.subscribe((s) => waitingSeen.push(s.waiting));
    await expect(store.getState().ensureFreshToken()).resolves.toBe('a2');
    unsubscribe();
    expect(waitingSeen[0]).toBe(true);
    expect(store.getState().waiting).toBe(false);
    expect(store.getState().isExpired()).toBe(false);
  });

  it('wired to the client: a refreshed token is sent; a failed refresh logs out and sends nothing', async () => {
    let clock = 1_000_000;
    let refreshOk = true;
    server.routes = {
      'POST /auth/refresh': () => (refreshOk ? { body: { tokens: tokens(2, clock + 3_600_000), profile: profile() } } : { status: 401, body: { message: 'Refresh token revoked', code: 'TOKEN_REVOKED' } }),
      'POST /auth/sign-out': () => ({ body: { ok: true } }),
      'GET /v4/permissions': () => ({ body: {} }),
    };
    const { store, logouts } = setup({ autoRefresh: false, now: () => clock });
    const client = createApiClient({ baseUrl: server.url, ...sessionClientHooks(store) });
    store.getState().login(tokens(1, clock + 60_000), profile());
    clock += 120_000;
    await client.account.permissions();
    expect(server.requests.map((r) => [r.path, r.headers.authorization ?? null])).toEqual([
      ['/auth/refresh', null],
      ['/v4/permissions', 'Bearer a2'],
    ]);
    server.requests.length = 0;
    clock += 7_200_000;
    refreshOk = false;
    await expect(client.account.permissions()).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    await vi.waitFor(() => expect(logouts).toEqual(['expired']));
    expect(server.requests.map((r) => r.path)).toEqual(['/auth/refresh', '/auth/sign-out']);
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('counts failed refreshes in storage and clears storage after more than 2', async () => {
    server.routes = { 'POST /auth/refresh': () => ({ status: 401, body: { message: 'User does not exist.', code: 'USER_NOT_FOUND' } }) };
    const { store, storage, logouts } = setup({ autoRefresh: false });
    store.getState().login(tokens(1), profile());
    storage.setItem(SAVED_VIEW_KEYS.radarSort, '-createdAt');
    await expect(store.getState().refresh()).resolves.toBe(false);
    expect(storage.getItem(SESSION_STORAGE_KEYS.failedProfileRefresh)).toBe('1');
    await store.getState().refresh();
    expect(storage.getItem(SESSION_STORAGE_KEYS.failedProfileRefresh)).toBe('2');
    expect(store.getState().isAuthenticated).toBe(true);
    await store.getState().refresh();
    expect(storage.length).toBe(0);
    expect(store.getState().isAuthenticated).toBe(false);
    expect(logouts).toEqual(['deleted']);
  });

  it('a successful refresh resets the failure counter', async () => {
    let ok = false;
    server.routes = { 'POST /auth/refresh': () => (ok ? { body: { tokens: tokens(2), profile: profile() } } : { status: 401, body: { message: 'no', code: 'X' } }) };
    const { store, storage } = setup({ autoRefresh: false });
    store.getState().login(tokens(1), profile());
    await store.getState().refresh();
    await store.getState().refresh();
    ok = true;
    await store.getState().refresh();
    expect(storage.getItem(SESSION_STORAGE_KEYS.failedProfileRefresh)).toBeNull();
  });
});

describe('session store: logout', () => {
  it('clears storage except the three saved view keys and revokes the refresh token', async () => {
    server.routes = { 'POST /auth/sign-out': () => ({ body: { ok: true } }) };
    const { store, storage, logouts } = setup({ autoRefresh: false });
    store.getState().login(tokens(1), profile(twoCompanies));
    storage.setItem(SAVED_VIEW_KEYS.radarView, '{"expanded":[1]}');
    storage.setItem(SAVED_VIEW_KEYS.radarSort, '+customerName');
    storage.setItem(SAVED_VIEW_KEYS.guidedToursSeen, '["radar"]');
    storage.setItem('something-else', 'x');
    await store.getState().logout();
    expect(server.requests.map((r) => [r.path, r.body])).toEqual([['/auth/sign-out', { refreshToken: 'r1' }]]);
    const left = Object.fromEntries(Array.from({ length: storage.length }, (_, i) => [storage.key(i)!, storage.getItem(storage.key(i)!)]));
    expect(left).toEqual({
      [SAVED_VIEW_KEYS.radarView]: '{"expanded":[1]}',
      [SAVED_VIEW_KEYS.radarSort]: '+customerName',
      [SAVED_VIEW_KEYS.guidedToursSeen]: '["radar"]',
    });
    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, authToken: null, currentCompanyId: null });
    expect(logouts).toEqual(['user']);
  });

  it('signs out locally even when revoking fails', async () => {
    server.routes = { 'POST /auth/sign-out': () => ({ status: 500, body: { message: 'down', code: 'X' } }) };
    const { store } = setup({ autoRefresh: false });
    store.getState().login(tokens(1), profile());
    await store.getState().logout();
    expect(store.getState().isAuthenticated).toBe(false);
  });
});

describe('session store: cookie session (the dashboard)', () => {
  const cookieSetup = (storage = createMemoryStorage()) => {
    const logouts: LogoutReason[] = [];
    const identity = createIdentityClient(createApiClient({ baseUrl: server.url, cookieSession: true }));
    const store = createSessionStore({ storage, identity, cookieSession: true, autoRefresh: false, onLogout: (r) => void logouts.push(r) });
    return { store, storage, logouts };
  };
  const cookieTokens = (n: number) => ({ accessToken: `a${n}`, expiresAt: Date.now() + 3_600_000 });

  it('keeps tokens in memory only: the storage holds the profile and company, never a token', () => {
    const { store, storage } = cookieSetup();
    store.getState().login(cookieTokens(1), profile(twoCompanies));
    expect(store.getState()).toMatchObject({ isAuthenticated: true, authToken: 'a1', refreshToken: null });
    expect(storage.getItem(SESSION_STORAGE_KEYS.tokens)).toBeNull();
    const stored = Array.from({ length: storage.length }, (_, i) => storage.getItem(storage.key(i)!)).join('\n');
    expect(stored).not.toContain('"a1"');
    // Even a refresh token handed in by mistake is not kept.
    store.getState().login(tokens(2), profile(twoCompanies));
    expect(store.getState().refreshToken).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEYS.tokens)).toBeNull();
  });

  it('after a page load, gets its access token from the cookie (a body-less refresh with the session-mode header)', async () => {
    server.routes = { 'POST /auth/refresh': () => ({ body: { tokens: cookieTokens(2), profile: profile(twoCompanies) } }) };
    const first = cookieSetup();
    first.store.getState().login(cookieTokens(1), profile(twoCompanies));
    const { store } = cookieSetup(first.storage); // the next page load
    expect(store.getState()).toMatchObject({ isAuthenticated: true, authToken: null });
    expect(store.getState().isExpired()).toBe(true);
    await expect(store.getState().ensureFreshToken()).resolves.toBe('a2');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ path: '/auth/refresh', body: {} });
    expect(server.requests[0]!.headers['x-permitdesk-session']).toBe('cookie');
  });

  it('a refused restore ends the session at once (no three strikes without an access token)', async () => {
    server.routes = {
      'POST /auth/refresh': () => ({ status: 401, body: { message: 'Invalid Refresh Token', code: 'REFRESH_TOKEN_INVALID' } }),
      'POST /auth/sign-out': () => ({ body: { ok: true } }),
    };
    const first = cookieSetup();
    first.store.getState().login(cookieTokens(1), profile());
    const { store, storage, logouts } = cookieSetup(first.storage);
    await expect(store.getState().refresh()).resolves.toBe(false);
    expect(store.getState().isAuthenticated).toBe(false);
    expect(storage.getItem(SESSION_STORAGE_KEYS.profile)).toBeNull();
    expect(logouts).toEqual(['expired']);
  });

  it('signs out by its access token (the cookie goes only to the refresh path) and clears the storage', async () => {
    server.routes = { 'POST /auth/sign-out': () => ({ body: { ok: true } }) };
    const { store, storage } = cookieSetup();
    store.getState().login(cookieTokens(1), profile());
    storage.setItem(SAVED_VIEW_KEYS.radarSort, '+customerName');
    await store.getState().logout();
    expect(server.requests.map((r) => [r.path, r.body, r.headers.authorization])).toEqual([['/auth/sign-out', {}, 'Bearer a1']]);
    expect(storage.length).toBe(1);
  });

  it('an API call answered 401 SESSION_ENDED logs out as an expired session', async () => {
    server.routes = {
      'GET /v4/permissions': () => ({ status: 401, body: { message: 'Your user session has expired and you will need to login again to proceed.', code: 'SESSION_ENDED' } }),
      'POST /auth/sign-out': () => ({ body: { ok: true } }),
    };
    const { store, logouts } = cookieSetup();
    const client = createApiClient({ baseUrl: server.url, cookieSession: true, ...sessionClientHooks(store) });
    store.getState().login(cookieTokens(1), profile());
    await expect(client.account.permissions()).rejects.toMatchObject({ status: 401, code: 'SESSION_ENDED' });
    await vi.waitFor(() => expect(logouts).toEqual(['expired']));
    expect(store.getState().isAuthenticated).toBe(false);
  });
});
