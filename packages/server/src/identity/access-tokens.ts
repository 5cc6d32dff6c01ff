// JWT access tokens: HS256 (jose), 60 minutes, claims sub and email.
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AuthUser } from '../http/context.js';
import { tokenExpired, unauthorized } from '../http/errors.js';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const ISSUER = 'permitdesk';

export interface AccessTokens {
  sign(user: AuthUser): Promise<{ token: string; expiresAt: number }>;
  /** The user of a valid token; 401 TOKEN_EXPIRED or TOKEN_INVALID otherwise. */
  verify(token: string): Promise<AuthUser>;
}

export function createAccessTokens(secret: Uint8Array, clock: () => Date): AccessTokens {
  const now = () => Math.floor(clock().getTime() / 1000);
  return {
    async sign(user) {
      const issuedAt = now();
      const exp = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ email: user.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.sub)
        .setIssuer(ISSUER)
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
          currentDate: clock(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw unauthorized();
        return { sub: payload.sub, email: payload.email };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw tokenExpired();
        throw unauthorized();
      }
    },
  };
}
