// The dashboard's cookie session. A client that sends the session-mode header gets its refresh token
// in an HttpOnly, SameSite=Strict cookie (Secure when PUBLIC_URL is https) scoped to the refresh path,
// never in a response body, so page script cannot read it; the refresh endpoint reads it back from
// there. Clients without the header (the widget on a partner's page, API clients) keep the token in
// the body.
import { COOKIE_SESSION_MODE, endpoints, SESSION_MODE_HEADER, type SessionTokens } from '@permitdesk/core';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { IDENTITY_POLICY } from '../identity/policy.js';
import type { AppContext } from './context.js';

export const REFRESH_COOKIE = 'permitdesk_refresh';
/** Sent only to the refresh endpoint: no other request carries the refresh token. */
export const REFRESH_COOKIE_PATH = endpoints.identity.refreshSession.path;

export const wantsCookieSession = (c: AppContext): boolean => c.req.header(SESSION_MODE_HEADER) === COOKIE_SESSION_MODE;

const cookieOptions = (c: AppContext) => ({
  path: REFRESH_COOKIE_PATH,
  httpOnly: true,
  secure: c.get('services').config.PUBLIC_URL.startsWith('https:'),
  sameSite: 'Strict' as const,
});

/** The cookie session's refresh token, when the client asked for one. */
export const refreshTokenFromCookie = (c: AppContext): string | undefined =>
  wantsCookieSession(c) ? getCookie(c, REFRESH_COOKIE) || undefined : undefined;

/** For a cookie session: the refresh token goes into the cookie and out of the answer. */
export function deliverSession<T>(c: AppContext, result: T): T {
  const tokens = (result as { tokens?: SessionTokens }).tokens;
  if (!wantsCookieSession(c) || !tokens?.refreshToken) return result;
  setCookie(c, REFRESH_COOKIE, tokens.refreshToken, { ...cookieOptions(c), maxAge: Math.floor(IDENTITY_POLICY.refreshTokenTtlMs / 1000) });
  const { refreshToken: _kept, ...rest } = tokens;
  return { ...result, tokens: rest };
}

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, REFRESH_COOKIE, cookieOptions(c));
}
