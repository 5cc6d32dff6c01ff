// The session as a page load finds it: the widget's handoff (/success?...&handoff=<code> opened in a
// fresh page) and the cookie session's restore. Each test loads the app's modules anew (the code is
// read once, as the app starts) and runs the real session store, client, guard and routes against a
// fake network.
import { SESSION_STORAGE_KEYS } from '@permitdesk/core/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, profile, tokens } from '../test/fixtures.js';
import { HANDOFF_PARAM, takeHandoffCode } from './handoff.js';

const CODE = 'c0de-c0de-c0de-c0de-c0de-c0de-c0de-c0de-c0d';
const SUCCESS = '/success?type=APPLY_FOR_PROJECT_PERMIT&session=s-77';
const ann = profile({ sub: '6f1c4c56-5d1a-4e55-9d0a-2d8f3f0f7a11', email: 'ann@example.com', name: 'Ann Lee' });
const bob = profile({ sub: '7a2d5d67-6e2b-4f66-8e1b-3e9f4f1f8b22', email: 'bob@example.com', name: 'Bob Roe' });
const annTokens = { accessToken: 'ann-access', refreshToken: 'ann-refresh', expiresAt: Date.now() + 3_600_000 };

/** Opens the app at `path` as a fresh page load: the address bar says so before the modules run. */
async function arrive(path: string) {
  const startsSession = path.includes(`${HANDOFF_PARAM}=`) || localStorage.getItem(SESSION_STORAGE_KEYS.profile) !== null;
  window.history.replaceState({ idx: 0 }, '', path);
  vi.resetModules();
  // Everything from the same fresh module graph (one React).
  const { act, render, cleanup } = await import('@testing-library/react');
  const { createElement, useEffect } = await import('react');
  const { MemoryRouter, useLocation } = await import('react-router');
  const { AppRoutes } = await import('../routes/router.js');
  const { pendingSessionStart, sessionStore } = await import('./session.js');
  unmount = cleanup;
  function PageShown({ onShown }: { onShown: (at: string) => void }) {
    const { pathname, search } = useLocation();
    useEffect(() => onShown(pathname + search), [onShown, pathname, search]);
    return null;
  }
  let shown: (at: string) => void = () => undefined;
  const settled = new Promise<string>((resolve) => (shown = resolve));
  // The router starts from what the address bar says once the session module took the code out.
  const start = window.location.pathname + window.location.search;
  // A render that suspends on use() is retried only within an awaited act() scope.
  let shownFirst: string | null = null;
  void settled.then((at) => (shownFirst = at));
  await act(async () => {
    render(createElement(MemoryRouter, { initialEntries: [start] }, createElement(AppRoutes, { renderPage: () => createElement(PageShown, { onShown: shown }) })));
  });
  // A code to trade or a remembered profile starts the session (exchange or restore); without either
  // nothing is pending. While it has not answered, the guard waits for it rather than deciding.
  const pending = pendingSessionStart();
  expect(pending !== null).toBe(startsSession);
  if (pending) expect(shownFirst).toBeNull();
  await act(async () => {
    openGate();
    await pending;
  });
  return { at: await settled, sessionStore };
}

let openGate: () => void = () => undefined;
let unmount: () => void = () => undefined;
/** Holds the exchange's (and the restore's) answer until openGate() (the network is never as quick as a test). */
function gateExchange() {
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (/\/auth\/(handoff\/exchange|refresh)$/.test(String(input instanceof Request ? input.url : input))) await gate;
    return answer(input, init);
  });
}

let exchangeAnswer: { status?: number; body: unknown };
let refreshAnswer: { status?: number; body: unknown };
let network: ReturnType<typeof fakeNetwork>;
/** The headers of each call to a path (the fake network records bodies only). */
let headersSeen: Record<string, Headers[]>;
const seen = (request: Request, url: URL) => void (headersSeen[url.pathname] ??= []).push(request.headers);
beforeEach(() => {
  localStorage.clear();
  headersSeen = {};
  exchangeAnswer = { body: { tokens: annTokens, profile: ann } };
  refreshAnswer = { status: 401, body: { message: 'Invalid Refresh Token', code: 'REFRESH_TOKEN_INVALID' } };
  network = fakeNetwork({
    'POST /auth/handoff/exchange': (request, url) => (seen(request, url), exchangeAnswer),
    'POST /auth/refresh': (request, url) => (seen(request, url), refreshAnswer),
    'POST /auth/sign-out': (request, url) => (seen(request, url), { body: { ok: true } }),
  });
  gateExchange();
});
afterEach(() => {
  unmount();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('arriving with a handoff code', () => {
  it('takes the code out of the address at once, trades it, and shows the protected page signed in', async () => {
    const { at, sessionStore } = await arrive(`${SUCCESS}&${HANDOFF_PARAM}=${CODE}`);
    expect(at).toBe(SUCCESS);
    expect(window.location.search).toBe('?type=APPLY_FOR_PROJECT_PERMIT&session=s-77');
    const exchange = network.calls.find((c) => c.url.pathname === '/auth/handoff/exchange');
    expect(exchange?.body).toEqual({ code: CODE, audience: window.location.origin });
    expect(sessionStore.getState()).toMatchObject({ isAuthenticated: true, authToken: 'ann-access', refreshToken: null });
    expect(sessionStore.getState().user?.email).toBe('ann@example.com');
    // The exchange asked for a cookie session: the refresh token went to an HttpOnly cookie, no token is stored.
    expect(headersSeen['/auth/handoff/exchange']?.[0]?.get('x-permitdesk-session')).toBe('cookie');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.tokens)).toBeNull();
    expect(Object.values({ ...localStorage }).join('\n')).not.toMatch(/ann-access|ann-refresh/);
    sessionStore.getState().stopAutoRefresh();
  });

  it('switches a browser signed in as someone else to the handed-off user, ending the other session', async () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.profile, JSON.stringify(bob));
    refreshAnswer = { body: { tokens: { accessToken: 'bob-access', expiresAt: Date.now() + 3_600_000 }, profile: bob } };
    const { at, sessionStore } = await arrive(`${SUCCESS}&${HANDOFF_PARAM}=${CODE}`);
    expect(at).toBe(SUCCESS);
    expect(sessionStore.getState().user?.sub).toBe(ann.sub);
    // Bob's session is ended by its access token, got from the cookie first.
    expect(network.calls.filter((c) => c.url.pathname === '/auth/sign-out').map((c) => c.body)).toEqual([{}]);
    expect(headersSeen['/auth/sign-out']?.[0]?.get('authorization')).toBe('Bearer bob-access');
    sessionStore.getState().stopAutoRefresh();
  });

  it('keeps the session of the same user and does not sign them out', async () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.profile, JSON.stringify(ann));
    const { at, sessionStore } = await arrive(`${SUCCESS}&${HANDOFF_PARAM}=${CODE}`);
    expect(at).toBe(SUCCESS);
    expect(sessionStore.getState().authToken).toBe('ann-access');
    expect(network.calls.some((c) => c.url.pathname === '/auth/sign-out')).toBe(false);
    sessionStore.getState().stopAutoRefresh();
  });

  it('asks for sign-in as usual when the code is refused, remembering the page without the code', async () => {
    exchangeAnswer = { status: 401, body: { message: 'Invalid or expired handoff code.', code: 'HANDOFF_INVALID' } };
    const { at, sessionStore } = await arrive(`${SUCCESS}&${HANDOFF_PARAM}=${CODE}`);
    expect(at).toBe('/sign-in');
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('redirectUrl')).toBe(SUCCESS);
  });

  it('calls nothing without a code', async () => {
    const { at } = await arrive(SUCCESS);
    expect(at).toBe('/sign-in');
    expect(network.calls.some((c) => c.url.pathname === '/auth/handoff/exchange')).toBe(false);
  });
});

describe('a page load with a cookie session', () => {
  it('gets a fresh access token from the cookie before the guard decides, and stores no token', async () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.profile, JSON.stringify(ann));
    refreshAnswer = { body: { tokens: { accessToken: 'ann-fresh', expiresAt: Date.now() + 3_600_000 }, profile: ann } };
    const { at, sessionStore } = await arrive(SUCCESS);
    expect(at).toBe(SUCCESS);
    expect(network.calls.find((c) => c.url.pathname === '/auth/refresh')?.body).toEqual({});
    expect(headersSeen['/auth/refresh']?.[0]?.get('x-permitdesk-session')).toBe('cookie');
    expect(sessionStore.getState()).toMatchObject({ isAuthenticated: true, authToken: 'ann-fresh' });
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.tokens)).toBeNull();
    sessionStore.getState().stopAutoRefresh();
  });

  it('asks for sign-in when the cookie is refused (signed out elsewhere, expired), forgetting the profile', async () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.profile, JSON.stringify(ann));
    const { at, sessionStore } = await arrive(SUCCESS);
    expect(at).toBe('/sign-in');
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.profile)).toBeNull();
  });

  it('drops a token an older version left in localStorage', async () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.tokens, JSON.stringify(tokens()));
    await arrive(SUCCESS);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.tokens)).toBeNull();
  });
});

describe('takeHandoffCode', () => {
  it('leaves the other parameters, the hash and the history state', () => {
    window.history.replaceState({ idx: 3, key: 'k' }, '', `/success?a=1&${HANDOFF_PARAM}=${CODE}&b=2#top`);
    expect(takeHandoffCode(window)).toBe(CODE);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/success?a=1&b=2#top');
    expect(window.history.state).toEqual({ idx: 3, key: 'k' });
    expect(takeHandoffCode(window)).toBeNull();
  });
});
