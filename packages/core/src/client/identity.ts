// The identity client (SPEC §7 "hosted identity pool", §8): sign up, confirm, resend code, authenticate
// (with the new-password-required challenge), forgot / confirm / change password, complete new
// password, update attributes, refresh session and sign out. Initialised once per page.
import type { ApiClient, ApiClientConfig } from './types.js';
import { createApiClient } from './create-api-client.js';
import { normalizeEmail } from '../rules/validation.js';
import type { SignUpRequest, UpdateAttributes } from '../schemas/identity.js';

export const IDENTITY_ERRORS = {
  alreadyInitialised: 'The identity service is already initialised: call initIdentity() once.',
  notInitialised: 'The identity service is not initialised: call initIdentity() first.',
} as const;

type Fn<F> = F extends (input: infer I) => Promise<infer O> ? { input: NonNullable<I>; output: O } : never;
type IdentityEndpoints = ApiClient['identity'];
type Out<K extends keyof IdentityEndpoints> = Fn<IdentityEndpoints[K]>['output'];
type Body<K extends keyof IdentityEndpoints> = Fn<IdentityEndpoints[K]>['input'] extends { body: infer B } ? B : never;

export interface IdentityClient {
  /** Resolves null without calling when the attributes object is empty (SPEC §5: nothing happens). */
  signUp(attributes: SignUpRequest | Record<string, never>): Promise<Out<'signUp'> | null>;
  confirmRegistration(input: Body<'confirmRegistration'>): Promise<Out<'confirmRegistration'>>;
  resendCode(email: string): Promise<Out<'resendCode'>>;
  /** `status: 'ok'` with tokens and profile, or `status: 'new_password_required'` with the challenge session. */
  authenticate(input: { email: string; password: string }): Promise<Out<'authenticate'>>;
  /** The second step of a sign-in when two-step sign-in is on: the challenge and a code (or a recovery code). */
  twoFactor(input: Body<'twoFactor'>): Promise<Out<'twoFactor'>>;
  forgotPassword(email: string): Promise<Out<'forgotPassword'>>;
  confirmPassword(input: Body<'confirmPassword'>): Promise<Out<'confirmPassword'>>;
  changePassword(input: Body<'changePassword'>): Promise<Out<'changePassword'>>;
  completeNewPassword(input: Body<'completeNewPassword'>): Promise<Out<'completeNewPassword'>>;
  updateAttributes(attributes: UpdateAttributes): Promise<Out<'updateAttributes'>>;
  /** Rotates the session: with the refresh token given, or (cookie session) with the cookie. */
  refreshSession(refreshToken?: string | null): Promise<Out<'refreshSession'>>;
  /**
   * Ends the session of the refresh token given, or (cookie session) the one of `accessToken`, and
   * clears the cookie.
   */
  signOut(refreshToken?: string | null, accessToken?: string | null): Promise<Out<'signOut'>>;
  profile(): Promise<Out<'profile'>>;
}

/**
 * Identity calls are silent: their failures go back to the caller (a sign-in form shows its own
 * alert), not to the global error handler. E-mails are trimmed and lower-cased first (SPEC §5).
 */
export function createIdentityClient(client: Pick<ApiClient, 'identity'>): IdentityClient {
  const id = client.identity;
  return {
    signUp: async (attributes) => {
      if (Object.keys(attributes).length === 0) return null;
      const body = attributes as SignUpRequest;
      return id.signUp({ body: { ...body, email: normalizeEmail(body.email) }, silent: true });
    },
    confirmRegistration: (input) => id.confirmRegistration({ body: { ...input, email: normalizeEmail(input.email) }, silent: true }),
    resendCode: (email) => id.resendCode({ body: { email: normalizeEmail(email) }, silent: true }),
    authenticate: (input) => id.authenticate({ body: { ...input, email: normalizeEmail(input.email) }, silent: true }),
    twoFactor: (input) => id.twoFactor({ body: input, silent: true }),
    forgotPassword: (email) => id.forgotPassword({ body: { email: normalizeEmail(email) }, silent: true }),
    confirmPassword: (input) => id.confirmPassword({ body: { ...input, email: normalizeEmail(input.email) }, silent: true }),
    changePassword: (input) => id.changePassword({ body: input, silent: true }),
    completeNewPassword: (input) => id.completeNewPassword({ body: input, silent: true }),
    updateAttributes: (attributes) => id.updateAttributes({ body: attributes, silent: true }),
    refreshSession: (refreshToken) => id.refreshSession({ body: refreshToken ? { refreshToken } : {}, silent: true }),
    signOut: (refreshToken, accessToken) =>
      id.signOut({ body: refreshToken ? { refreshToken } : {}, headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {}, silent: true }),
    profile: () => id.profile({ silent: true }),
  };
}

let instance: IdentityClient | null = null;

/** Sets up the page's identity client, from an API client or from a client configuration. Once only. */
export function initIdentity(config: { client: ApiClient } | ApiClientConfig): IdentityClient {
  if (instance) throw new Error(IDENTITY_ERRORS.alreadyInitialised);
  instance = createIdentityClient('client' in config ? config.client : createApiClient(config));
  return instance;
}

/** The identity client set up by initIdentity; throws when used before that. */
export function identity(): IdentityClient {
  if (!instance) throw new Error(IDENTITY_ERRORS.notInitialised);
  return instance;
}

/** Forgets the identity client (tests, or a host page tearing the widget down). */
export function disposeIdentity(): void {
  instance = null;
}
