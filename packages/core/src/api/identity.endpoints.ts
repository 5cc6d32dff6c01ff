// The identity service ("hosted identity pool" operations of SPEC §7) and account calls (SPEC §7.3).
import * as v from 'valibot';
import { okSchema, subSchema } from '../schemas/common.js';
import {
  accountCreationPayloadSchema,
  accountCreationResponseSchema,
  authenticateResultSchema,
  authenticateSchema,
  changePasswordSchema,
  completeNewPasswordSchema,
  confirmPasswordSchema,
  confirmRegistrationSchema,
  forgotPasswordSchema,
  permissionsSchema,
  profileSchema,
  refreshSessionSchema,
  resendCodeSchema,
  sessionTokensSchema,
  signUpRequestSchema,
  updateAttributesSchema,
} from '../schemas/identity.js';
import { twoFactorSignInSchema } from '../schemas/account.js';
import { tourIdSchema, toursSeenSchema } from '../rules/tours.js';
import { creatingEndpoint, endpoint } from './endpoint.js';

/** A session handoff code: 32 random bytes, base64url (43 characters). */
export const handoffCodeSchema = v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'Invalid handoff code.'));
/** The PermitDesk origin that redeems a handoff code: scheme://host[:port], no path. */
export const handoffAudienceSchema = v.pipe(v.string(), v.maxLength(200), v.regex(/^https?:\/\/[^/?#\s@]+$/, 'Invalid audience.'));

export const identityEndpoints = {
  signUp: creatingEndpoint({
    method: 'POST', path: '/auth/sign-up', auth: 'none', summary: 'Create an unconfirmed account and mail a confirmation code',
    body: signUpRequestSchema, response: v.object({ sub: subSchema, codeDeliveryDestination: v.string() }),
  }),
  confirmRegistration: endpoint({
    method: 'POST', path: '/auth/confirm-registration', auth: 'none', summary: 'Confirm an account with the mailed code',
    body: confirmRegistrationSchema, response: okSchema,
  }),
  resendCode: endpoint({
    method: 'POST', path: '/auth/resend-code', auth: 'none', summary: 'Mail a new confirmation code',
    body: resendCodeSchema, response: okSchema,
  }),
  authenticate: endpoint({
    method: 'POST', path: '/auth/authenticate', auth: 'none', summary: 'Sign in with email and password',
    body: authenticateSchema, response: authenticateResultSchema,
  }),
  forgotPassword: endpoint({
    method: 'POST', path: '/auth/forgot-password', auth: 'none',
    summary: 'Mail a 6-digit reset code (answers the same whether or not the account exists)',
    body: forgotPasswordSchema, response: okSchema,
  }),
  confirmPassword: endpoint({
    method: 'POST', path: '/auth/confirm-password', auth: 'none', summary: 'Set a new password with the mailed code',
    body: confirmPasswordSchema, response: okSchema,
  }),
  changePassword: endpoint({
    method: 'POST', path: '/auth/change-password', auth: 'bearer', summary: 'Change the password of the signed-in user',
    body: changePasswordSchema, response: okSchema,
  }),
  completeNewPassword: endpoint({
    method: 'POST', path: '/auth/complete-new-password', auth: 'none', summary: 'Answer the new-password-required challenge',
    body: completeNewPasswordSchema, response: authenticateResultSchema,
  }),
  updateAttributes: endpoint({
    method: 'PATCH', path: '/auth/attributes', auth: 'bearer', summary: 'Update hasMigrated, setupCompanyName, fromURL, name or phone',
    body: updateAttributesSchema, response: profileSchema,
  }),
  // A refresh token comes in the body (widget, API clients) or, for a cookie session (the dashboard, which
  // sends the session-mode header), in an HttpOnly cookie scoped to this path.
  refreshSession: endpoint({
    method: 'POST', path: '/auth/refresh', auth: 'none', summary: 'Rotate the refresh token (body or cookie) and get a new access token',
    body: refreshSessionSchema, response: v.object({ tokens: sessionTokensSchema, profile: profileSchema }),
  }),
  signOut: endpoint({
    method: 'POST', path: '/auth/sign-out', auth: 'none',
    summary: "End a session: the refresh token's family, or the session of the bearer access token; clears the session cookie",
    body: refreshSessionSchema, headers: v.object({ authorization: v.optional(v.string()) }), response: okSchema,
  }),
  twoFactor: endpoint({
    method: 'POST', path: '/auth/two-factor', auth: 'none',
    summary: 'Sign-in step 2: the challenge and an app or recovery code',
    body: twoFactorSignInSchema, response: authenticateResultSchema,
  }),
  profile: endpoint({
    method: 'GET', path: '/auth/profile', auth: 'bearer', summary: 'The signed-in user profile with permissions',
    response: profileSchema,
  }),
  // The widget signs users in on a partner's origin; these carry the session to the PermitDesk site
  // (its /success page) without putting tokens in a URL.
  createHandoff: endpoint({
    method: 'POST', path: '/auth/handoff', auth: 'bearer',
    summary: 'A single-use code, valid 60 seconds, that the PermitDesk site (the audience) trades for a session of this user',
    body: v.object({ audience: handoffAudienceSchema }), response: v.object({ code: handoffCodeSchema, expiresAt: v.number() }),
  }),
  exchangeHandoff: endpoint({
    method: 'POST', path: '/auth/handoff/exchange', auth: 'none',
    summary: 'Trade a handoff code, once and at its audience, for a fresh session of its user',
    body: v.object({ code: handoffCodeSchema, audience: handoffAudienceSchema }),
    response: v.object({ tokens: sessionTokensSchema, profile: profileSchema }),
  }),
} as const;

export const accountEndpoints = {
  permissions: endpoint({
    method: 'GET', path: '/v4/permissions', auth: 'bearer', summary: 'The permissions object keyed by company id',
    response: permissionsSchema,
  }),
  createUserApp: creatingEndpoint({
    method: 'POST', path: '/create-user-app', auth: 'none',
    summary: 'Create the account (and its company when a company name is given) after e-mail verification',
    body: accountCreationPayloadSchema, response: accountCreationResponseSchema,
  }),
  verifyEmail: endpoint({
    method: 'GET', path: '/verify_email/{sub}', auth: 'bearer', summary: 'Whether the user e-mail is verified',
    params: v.object({ sub: subSchema }), response: v.object({ sub: subSchema, emailVerified: v.boolean() }),
  }),
  toursSeen: endpoint({
    method: 'GET', path: '/v4/account/tours', auth: 'bearer', summary: 'The guided tours the signed-in user has seen',
    response: toursSeenSchema,
  }),
  markTourSeen: endpoint({
    method: 'PUT', path: '/v4/account/tours/{tourId}', auth: 'bearer', summary: 'Remember that the signed-in user has seen a guided tour',
    params: v.object({ tourId: tourIdSchema }), response: toursSeenSchema,
  }),
  resetTours: endpoint({
    method: 'DELETE', path: '/v4/account/tours', auth: 'bearer', summary: 'Show the guided tours again: forget the ones the signed-in user has seen',
    response: toursSeenSchema,
  }),
} as const;
