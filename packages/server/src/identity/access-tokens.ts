// JWT access tokens: HS256 (jose), 60 minutes, claims sub, email and sid (the session: the refresh
// token family it was issued with), issued by and for PermitDesk. A token lacking any of exp, iat, iss,
// aud, sub or sid is refused, even when its signature is right.
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AuthUser } from './user.js';
import { tokenExpired, unauthorized } from '../http/errors.js';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const ISSUER = 'permitdesk';
const AUDIENCE = 'permitdesk-api';

export interface AccessTokens {
  sign(user: Required<AuthUser>): Promise<{ token: string; expiresAt: number }>;
  /** The user (and session) of a well-formed, unexpired token; 401 TOKEN_EXPIRED or TOKEN_INVALID otherwise. */
  verify(token: string): Promise<Required<AuthUser>>;
}

/** Past this many remembered tokens the memory starts over (bounded). */
const MAX_VERIFIED = 10_000;

export function createAccessTokens(secret: Uint8Array, clock: () => Date): AccessTokens {
  const now = () => Math.floor(clock().getTime() / 1000);
  /**
   * Tokens whose signature and claims were checked, by their exact text, with their expiry (issue 17: the
   * HMAC check through WebCrypto was a visible share of every request). Only the same text, signature
   * included, is taken from here, and only before its `exp`; the session check that ends a token at
   * sign-out is not cached here (sessions.ts).
   */
  const verified = new Map<string, { user: Required<AuthUser>; exp: number }>();
  return {
    async sign(user) {
      const issuedAt = now();
      const exp = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ email: user.email, sid: user.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(secret);
      return { token, expiresAt: exp * 1000 };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (now() < known.exp) return { ...known.user };
        verified.delete(token); // expired: jose says so below
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'iat', 'sub', 'sid'],
          currentDate: clock(),
        });
        const { sub, email, sid } = payload;
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') throw unauthorized();
        const user = { sub, email, sid };
        if (typeof payload.exp === 'number') {
          if (verified.size >= MAX_VERIFIED) verified.clear();
          verified.set(token, { user, exp: payload.exp });
        }
        return { ...user };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw tokenExpired();
        throw unauthorized();
      }
    },
  };
}
