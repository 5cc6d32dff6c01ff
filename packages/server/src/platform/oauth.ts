// OAuth 2.0 with the platform through oauth4webapi (maintained, standards-only): authorization code with
// PKCE (S256) and state, the refresh_token grant and RFC 7009 revocation. Plain http:// endpoints are
// accepted only for a loopback host (the fake platform on this machine).
import * as oauth from 'oauth4webapi';
import type { PlatformSettings } from './settings.js';

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
}

/** The platform answered with an OAuth error (invalid_grant, invalid_client, …). */
export class PlatformOAuthError extends Error {
  override name = 'PlatformOAuthError';
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

function server(settings: PlatformSettings): oauth.AuthorizationServer {
  return {
    issuer: new URL(settings.authorizeUrl).origin,
    authorization_endpoint: settings.authorizeUrl,
    token_endpoint: settings.tokenUrl,
    ...(settings.revokeUrl ? { revocation_endpoint: settings.revokeUrl } : {}),
  };
}

const client = (settings: PlatformSettings): oauth.Client => ({ client_id: settings.clientId });
const auth = (settings: PlatformSettings) => oauth.ClientSecretBasic(settings.clientSecret);
const requestOptions = (settings: PlatformSettings) => (isLoopback(settings.tokenUrl) ? { [oauth.allowInsecureRequests]: true } : {});

export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
}

export async function authorizationRequest(settings: PlatformSettings): Promise<AuthorizationRequest> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', settings.redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (settings.scope) url.searchParams.set('scope', settings.scope);
  return { url: url.toString(), state, codeVerifier };
}

function tokenSet(result: oauth.TokenEndpointResponse, now: Date): TokenSet {
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? null,
    expiresAt: typeof result.expires_in === 'number' ? new Date(now.getTime() + result.expires_in * 1000) : null,
    scope: result.scope ?? null,
  };
}

async function oauthCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) throw new PlatformOAuthError(error.error, error.error_description ?? error.error);
    if (error instanceof oauth.AuthorizationResponseError) throw new PlatformOAuthError(error.error, error.error_description ?? error.error);
    throw error;
  }
}

/** Trades the code (with the PKCE verifier) for tokens; `state` is the one this server issued. */
export function exchangeCode(settings: PlatformSettings, input: { code: string; state: string; codeVerifier: string; now: Date }): Promise<TokenSet> {
  return oauthCall(async () => {
    const as = server(settings);
    const params = oauth.validateAuthResponse(as, client(settings), new URLSearchParams({ code: input.code, state: input.state }), input.state);
    const response = await oauth.authorizationCodeGrantRequest(as, client(settings), auth(settings), params, settings.redirectUri, input.codeVerifier, requestOptions(settings));
    return tokenSet(await oauth.processAuthorizationCodeResponse(as, client(settings), response), input.now);
  });
}

export function refreshTokens(settings: PlatformSettings, refreshToken: string, now: Date): Promise<TokenSet> {
  return oauthCall(async () => {
    const as = server(settings);
    const response = await oauth.refreshTokenGrantRequest(as, client(settings), auth(settings), refreshToken, requestOptions(settings));
    return tokenSet(await oauth.processRefreshTokenResponse(as, client(settings), response), now);
  });
}

/** RFC 7009: the platform forgets the token. Without a revocation endpoint, nothing to do. */
export async function revokeToken(settings: PlatformSettings, token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
  if (!settings.revokeUrl) return;
  await oauthCall(async () => {
    const response = await oauth.revocationRequest(server(settings), client(settings), auth(settings), token, {
      ...requestOptions(settings),
      additionalParameters: { token_type_hint: hint },
    });
    await oauth.processRevocationResponse(response);
  });
}
