// "Sign-in without password by e-mail" (SPEC §7.7): the platform sends its user to
// /embed/construction-platform?projectId=…&signin=<token>, where <token> is base64url(JSON claims) + '.' +
// the hex HMAC-SHA256 of `${issuedAt}.${payload}` under the connection's secret (the one scheme of
// webhooks/signature.ts). It is bound to the connection (its secret and its id in the claims) and to the
// user's e-mail, good for 60 seconds, and single use (the nonce is kept). An e-mail without an account goes
// to sign-up with the address locked; an account outside the connected company is refused.
import { PLATFORM_SIGNIN_SECONDS, platformSigninClaimsSchema, type PlatformSigninClaims, type PlatformSigninResult } from '@permitdesk/core';
import * as v from 'valibot';
import { roleInCompany } from '../companies/company-access.js';
import { forbidden, unauthorized } from '../http/errors.js';
import type { AppServices } from '../services.js';
import { verifyWebhookSignature } from '../webhooks/signature.js';
import { webhookSecretOf } from './connections.js';
import { PLATFORM_MESSAGES } from './settings.js';

type Services = Pick<AppServices, 'db' | 'clock' | 'secretBox' | 'identity'>;

const invalid = () => unauthorized(PLATFORM_MESSAGES.signinInvalid, 'PLATFORM_SIGNIN_INVALID');

function claimsOf(payload: string): PlatformSigninClaims {
  try {
    return v.parse(platformSigninClaimsSchema, JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw invalid();
  }
}

export async function signInWithPlatformLink(services: Services, token: string): Promise<PlatformSigninResult> {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) throw invalid();
  const claims = claimsOf(payload);
  if (!/^[0-9a-f-]{36}$/i.test(claims.connectionId)) throw invalid();
  const connection = await services.db.selectFrom('platform_connections').selectAll().where('id', '=', claims.connectionId).executeTakeFirst();
  if (!connection || connection.status !== 'connected') throw invalid();

  const check = verifyWebhookSignature(
    webhookSecretOf(services, connection),
    { timestamp: String(claims.issuedAt), signature: `v1=${signature}`, body: payload },
    services.clock(),
    PLATFORM_SIGNIN_SECONDS,
  );
  if (check === 'invalid') throw invalid();
  if (check === 'stale') throw unauthorized(PLATFORM_MESSAGES.signinExpired, 'PLATFORM_SIGNIN_EXPIRED');

  // Single use: the first redemption keeps the nonce.
  const used = await services.db
    .insertInto('platform_signin_nonces')
    .values({ connection_id: connection.id, nonce: claims.nonce, used_at: services.clock() })
    .onConflict((oc) => oc.columns(['connection_id', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!used) throw unauthorized(PLATFORM_MESSAGES.signinUsed, 'PLATFORM_SIGNIN_USED');
  // Nonces older than any link that could still be valid are of no use any more.
  await services.db.deleteFrom('platform_signin_nonces').where('used_at', '<', new Date(services.clock().getTime() - 10 * PLATFORM_SIGNIN_SECONDS * 1000)).execute();

  const email = claims.email.trim().toLowerCase();
  const user = await services.identity.findByEmail(email);
  if (!user) return { status: 'sign-up', email, platformProjectId: claims.projectId ?? null };
  // The platform vouches for its users in the company it is connected to, and nowhere else.
  if ((await roleInCompany(services.db, user.id, connection.company_id)) === null) throw forbidden(PLATFORM_MESSAGES.signinNotMember, 'PLATFORM_SIGNIN_NOT_MEMBER');
  if (await services.identity.twoFactorEnabled(user.id)) throw forbidden(PLATFORM_MESSAGES.signinTwoFactor, 'PLATFORM_SIGNIN_TWO_FACTOR');
  const session = await services.identity.issueSession(user.id);
  return { status: 'signed-in', tokens: session.tokens, profile: session.profile, platformProjectId: claims.projectId ?? null };
}
