// Two-step sign-in (issue 18): TOTP of RFC 6238 (otpauth: SHA-1, 6 digits, 30 seconds, one step of
// drift either way) with the secret sealed at rest (two-factor-crypto.ts), ten single-use recovery codes
// kept as keyed hashes, and the short-lived signed challenge that carries a right password to the
// second step. An accepted step is remembered, so one code signs in once.
import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
// qrcode: the enrolment's otpauth:// URI as an SVG QR code for the authenticator app to scan.
import QRCode from 'qrcode';
import type { Db } from '../db/schema.js';
import type { SecretHasher } from './secrets.js';
import type { SecretBox } from './two-factor-crypto.js';

const ISSUER = 'PermitDesk';
const PERIOD = 30;
/** The challenge of the password step lives 5 minutes. */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;
export const RECOVERY_CODE_COUNT = 10;
const CHALLENGE_AUDIENCE = 'permitdesk-two-factor';

export type CodeResult = 'ok' | 'recovery' | 'wrong';

export interface TwoFactor {
  isEnabled(db: Db, userId: string): Promise<boolean>;
  status(db: Db, userId: string): Promise<{ enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number }>;
  /** A new (unconfirmed) secret for the user, replacing an unconfirmed one. */
  start(db: Db, userId: string, email: string): Promise<{ secret: string; otpauthUrl: string; qrCode: string }>;
  /** Checks a code against the unconfirmed secret; on success turns it on and answers the recovery codes. */
  confirm(db: Db, userId: string, code: string): Promise<string[] | null>;
  /** A code of the app (each step once) or an unused recovery code (then spent). */
  check(db: Db, userId: string, code: string): Promise<CodeResult>;
  disable(db: Db, userId: string): Promise<void>;
  issueChallenge(userId: string): Promise<string>;
  /** The user of a valid, unexpired challenge, or null. */
  readChallenge(challenge: string): Promise<string | null>;
}

/** Recovery codes: 10 characters of an alphabet without look-alikes, shown as xxxxx-xxxxx. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normalizeRecovery = (code: string) => code.trim().toLowerCase().replace(/-/g, '');

export function createTwoFactor(deps: { box: SecretBox; hash: SecretHasher; signingKey: Uint8Array; clock: () => Date }): TwoFactor {
  const { box, hash, clock } = deps;
  const totpOf = (secret: string, label = 'account') =>
    new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
  const recoveryHash = (userId: string, code: string) => hash(`recovery:${userId}`, normalizeRecovery(code));
  const row = (db: Db, userId: string) => db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();

  /** The secret of a row; null when it does not open (another key, or copied from another user's row). */
  const secretOf = (userId: string, sealed: string): string | null => {
    try {
      return box.open(userId, sealed);
    } catch {
      return null;
    }
  };

  /** The step a code matches (within one step of drift), or null. */
  const matchStep = (secret: string | null, code: string): number | null => {
    if (secret === null) return null;
    const now = clock().getTime();
    const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
  };

  /** Accepts a step once: the update wins only if it is newer than the last accepted one. */
  const spendStep = async (db: Db, userId: string, step: number) => {
    const updated = await db
      .updateTable('user_two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  };

  async function newRecoveryCodes(db: Db, userId: string): Promise<string[]> {
    await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await db.insertInto('user_recovery_codes').values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(userId, code) }))).execute();
    return codes;
  }

  return {
    async isEnabled(db, userId) {
      const found = await row(db, userId);
      return !!found?.enabled_at;
    },
    async status(db, userId) {
      const found = await row(db, userId);
      const left = await db
        .selectFrom('user_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      const enabled = !!found?.enabled_at;
      return { enabled, enabledAt: found?.enabled_at ?? null, recoveryCodesLeft: enabled ? Number(left.n) : 0 };
    },
    async start(db, userId, email) {
      const secret = new Secret({ size: 20 }).base32;
      const sealed = box.seal(userId, secret);
      await db
        .insertInto('user_two_factor')
        .values({ user_id: userId, secret_encrypted: sealed, enabled_at: null, last_step: null })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_encrypted: sealed, enabled_at: null, last_step: null }))
        .execute();
      const otpauthUrl = totpOf(secret, email).toString();
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },
    async confirm(db, userId, code) {
      const found = await row(db, userId);
      if (!found || found.enabled_at) return null;
      const step = matchStep(secretOf(userId, found.secret_encrypted), code.trim());
      if (step === null || !(await spendStep(db, userId, step))) return null;
      await db.updateTable('user_two_factor').set({ enabled_at: clock() }).where('user_id', '=', userId).execute();
      return newRecoveryCodes(db, userId);
    },
    async check(db, userId, code) {
      const found = await row(db, userId);
      if (!found?.enabled_at) return 'wrong';
      const trimmed = code.trim();
      if (/^\d{6}$/.test(trimmed)) {
        const step = matchStep(secretOf(userId, found.secret_encrypted), trimmed);
        return step !== null && (await spendStep(db, userId, step)) ? 'ok' : 'wrong';
      }
      // Spent in one statement: two concurrent uses of one recovery code cannot both succeed.
      const spent = await db
        .updateTable('user_recovery_codes')
        .set({ used_at: clock() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', recoveryHash(userId, trimmed))
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1 ? 'recovery' : 'wrong';
    },
    async disable(db, userId) {
      await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
    },
    async issueChallenge(userId) {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer('permitdesk')
        .setAudience(CHALLENGE_AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + TWO_FACTOR_CHALLENGE_TTL_SECONDS)
        .sign(deps.signingKey);
    },
    async readChallenge(challenge) {
      try {
        const { payload } = await jwtVerify(challenge, deps.signingKey, {
          algorithms: ['HS256'],
          issuer: 'permitdesk',
          audience: CHALLENGE_AUDIENCE,
          requiredClaims: ['exp', 'sub'],
          currentDate: clock(),
        });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
