// The identity endpoints of core's catalogue ("hosted identity pool" operations, SPEC §7) and
// GET /v4/permissions: each handler calls the identity service; sessions go out through the cookie
// session of the dashboard or the body (http/session-cookie.ts).
import { endpoints } from '@permitdesk/core';
import { permissionsOf } from '../companies/permissions.js';
import { unauthorized } from '../http/errors.js';
import { clientAddress } from '../http/client-address.js';
import type { EndpointHandler } from '../http/register.js';
import { clearSessionCookie, deliverSession, refreshTokenFromCookie, wantsCookieSession } from '../http/session-cookie.js';
import { IDENTITY_MESSAGES } from './policy.js';

const ok = { ok: true } as const;
const e = endpoints.identity;

export const signUp: EndpointHandler<typeof e.signUp> = ({ services }, { body }) =>
  services.identity.signUp({
    email: body.email,
    password: body.password,
    fullName: body.fullName,
    ...(body.phoneNumber ? { phoneNumber: body.phoneNumber } : {}),
    ...(body.companyName ? { companyName: body.companyName } : {}),
    ...(body.companyAddress ? { companyAddress: body.companyAddress } : {}),
    ...(body.fromURL ? { fromURL: body.fromURL } : {}),
  });

export const confirmRegistration: EndpointHandler<typeof e.confirmRegistration> = async ({ services }, { body }) => {
  await services.identity.confirmRegistration(body.email, body.code);
  return ok;
};

export const resendCode: EndpointHandler<typeof e.resendCode> = async ({ services }, { body }) => {
  await services.identity.resendCode(body.email);
  return ok;
};

export const authenticate: EndpointHandler<typeof e.authenticate> = async ({ services, c }, { body }) =>
  deliverSession(c, await services.identity.authenticate(body.email, body.password, clientAddress(c)));

/** The second step of a sign-in with two-step sign-in on (issue 18). */
export const twoFactor: EndpointHandler<typeof e.twoFactor> = async ({ services, c }, { body }) =>
  deliverSession(c, await services.identity.completeTwoFactor({ challenge: body.challenge, code: body.code, requestId: c.get('requestId') ?? null }));

export const forgotPassword: EndpointHandler<typeof e.forgotPassword> = async ({ services }, { body }) => {
  await services.identity.forgotPassword(body.email);
  return ok;
};

export const confirmPassword: EndpointHandler<typeof e.confirmPassword> = async ({ services }, { body }) => {
  await services.identity.confirmPassword(body.email, body.code, body.newPassword);
  return ok;
};

export const changePassword: EndpointHandler<typeof e.changePassword> = async ({ services, user }, { body }) => {
  await services.identity.changePassword(user.sub, body.oldPassword, body.newPassword);
  return ok;
};

export const completeNewPassword: EndpointHandler<typeof e.completeNewPassword> = async ({ services, c }, { body }) =>
  deliverSession(c, await services.identity.completeNewPassword(body.session, body.newPassword));

export const updateAttributes: EndpointHandler<typeof e.updateAttributes> = ({ services, user }, { body }) => services.identity.updateAttributes(user.sub, body);

export const refreshSession: EndpointHandler<typeof e.refreshSession> = async ({ services, c }, { body }) => {
  const token = body.refreshToken ?? refreshTokenFromCookie(c);
  if (!token) throw unauthorized(IDENTITY_MESSAGES.refreshInvalid, 'REFRESH_TOKEN_INVALID');
  return deliverSession(c, await services.identity.refreshSession(token));
};

/**
 * The widget and API clients name the refresh token; the dashboard (cookie session) its access token,
 * as the cookie is only sent to the refresh path.
 */
export const signOut: EndpointHandler<typeof e.signOut> = async ({ services, user, c }, { body }) => {
  await services.identity.signOut({ refreshToken: body.refreshToken, sid: user?.sid });
  if (wantsCookieSession(c)) clearSessionCookie(c);
  return ok;
};

export const profile: EndpointHandler<typeof e.profile> = ({ services, user }) => services.identity.profile(user.sub);

export const createHandoff: EndpointHandler<typeof e.createHandoff> = ({ services, user }, { body }) => services.identity.createHandoff(user.sub, body.audience);

export const exchangeHandoff: EndpointHandler<typeof e.exchangeHandoff> = async ({ services, c }, { body }) =>
  deliverSession(
    c,
    await services.identity.exchangeHandoff({ code: body.code, audience: body.audience, origin: c.req.header('origin') ?? null, client: clientAddress(c) }),
  );

export const permissions: EndpointHandler<typeof endpoints.account.permissions> = ({ services, user }) => permissionsOf(services.db, user.sub);
