// Mailed 6-digit codes (sign-up confirmation, password reset) and challenge sessions, in identity_codes.
// A new code replaces the previous one of the same purpose; a code dies when used, when it expires or
// after too many wrong tries.
import type { Db } from '../db/schema.js';
import type { CodePurpose } from '../db/tables/identity.js';
import { IDENTITY_POLICY } from './policy.js';
import { newOpaqueToken, newSixDigitCode, type SecretHasher } from './secrets.js';

export type CodeCheck = 'ok' | 'mismatch' | 'expired';

export interface Codes {
  issue(db: Db, userId: string, purpose: Exclude<CodePurpose, 'new_password'>, ttlMs: number): Promise<string>;
  /** Checks (and on success consumes) the live code of a user; counts a wrong try. */
  check(db: Db, userId: string, purpose: Exclude<CodePurpose, 'new_password'>, code: string): Promise<CodeCheck>;
  /** A new-password-required challenge session: an opaque token. */
  issueSession(db: Db, userId: string): Promise<string>;
  /** The user of a live challenge session (consumed), or null. */
  takeSession(db: Db, session: string): Promise<string | null>;
}

export function createCodes(hash: SecretHasher, clock: () => Date): Codes {
  const consumeAll = (db: Db, userId: string, purpose: CodePurpose) =>
    db.updateTable('identity_codes').set({ consumed_at: clock() }).where('user_id', '=', userId).where('purpose', '=', purpose).where('consumed_at', 'is', null).execute();

  return {
    async issue(db, userId, purpose, ttlMs) {
      const code = newSixDigitCode();
      await consumeAll(db, userId, purpose);
      const now = clock();
      await db
        .insertInto('identity_codes')
        .values({ user_id: userId, purpose, code_hash: hash(`${purpose}:${userId}`, code), expires_at: new Date(now.getTime() + ttlMs), created_at: now })
        .execute();
      return code;
    },
    async check(db, userId, purpose, code) {
      const row = await db
        .selectFrom('identity_codes')
        .select(['id', 'code_hash', 'attempts', 'expires_at'])
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!row) return 'expired';
      if (new Date(row.expires_at) <= clock()) return 'expired';
      if (row.code_hash !== hash(`${purpose}:${userId}`, code)) {
        const attempts = row.attempts + 1;
        const dead = attempts >= IDENTITY_POLICY.codeAttempts.maxFailures;
        await db.updateTable('identity_codes').set({ attempts, ...(dead ? { consumed_at: clock() } : {}) }).where('id', '=', row.id).execute();
        return 'mismatch';
      }
      // Consume only if still live, so two concurrent confirmations cannot both succeed.
      const used = await db.updateTable('identity_codes').set({ consumed_at: clock() }).where('id', '=', row.id).where('consumed_at', 'is', null).executeTakeFirst();
      return Number(used.numUpdatedRows) === 1 ? 'ok' : 'expired';
    },
    async issueSession(db, userId) {
      const session = newOpaqueToken();
      await consumeAll(db, userId, 'new_password');
      const now = clock();
      await db
        .insertInto('identity_codes')
        .values({
          user_id: userId,
          purpose: 'new_password',
          code_hash: hash('new_password', session),
          expires_at: new Date(now.getTime() + IDENTITY_POLICY.newPasswordSessionTtlMs),
          created_at: now,
        })
        .execute();
      return session;
    },
    async takeSession(db, session) {
      const row = await db
        .updateTable('identity_codes')
        .set({ consumed_at: clock() })
        .where('purpose', '=', 'new_password')
        .where('code_hash', '=', hash('new_password', session))
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', clock())
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },
  };
}
