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

export function createAccessTokens(secret: Uint8Array, clock: () => Date): AccessTokens {
  const now = () => Math.floor(clock().getTime() / 1000);
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
        return { sub, email, sid };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw tokenExpired();
        throw unauthorized();
      }
    },
  };
}
