// Rotating refresh tokens: opaque, stored hashed, 30 days, grouped in a family per sign-in. Using a
// token spends it and hands out the next one of the family; using a spent token again means it was
// stolen (or replayed), so the whole family is revoked.
import type { Db } from '../db/schema.js';
import { unauthorized } from '../http/errors.js';
import { IDENTITY_MESSAGES, IDENTITY_POLICY } from './policy.js';
import { newOpaqueToken, type SecretHasher } from './secrets.js';

export interface RefreshTokens {
  /** A token in a family: a new one (sign-in: a fresh id) or the rotated token's. */
  issue(db: Db, userId: string, familyId: string): Promise<string>;
  /** Spends a token and returns its user and family; 401 (and the family revoked on reuse) otherwise. */
  rotate(db: Db, token: string): Promise<{ userId: string; familyId: string }>;
  revokeFamilyOf(db: Db, token: string): Promise<void>;
  revokeFamily(db: Db, familyId: string): Promise<void>;
  revokeAllOf(db: Db, userId: string): Promise<void>;
}

/** `onRevoked` runs after every revocation (the session check forgets its cached answers). */
export function createRefreshTokens(hash: SecretHasher, clock: () => Date, onRevoked: () => void = () => {}): RefreshTokens {
  const hashOf = (token: string) => hash('refresh', token);
  const invalid = () => unauthorized(IDENTITY_MESSAGES.refreshInvalid, 'REFRESH_TOKEN_INVALID');
  const revokeFamily = async (db: Db, familyId: string) => {
    await db.updateTable('refresh_tokens').set({ revoked_at: clock() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
    onRevoked();
  };

  return {
    async issue(db, userId, familyId) {
      const token = newOpaqueToken();
      const now = clock();
      await db
        .insertInto('refresh_tokens')
        .values({ user_id: userId, family_id: familyId, token_hash: hashOf(token), expires_at: new Date(now.getTime() + IDENTITY_POLICY.refreshTokenTtlMs), created_at: now })
        .execute();
      return token;
    },
    async rotate(db, token) {
      const now = clock();
      // Spend it in one statement so two concurrent uses cannot both succeed.
      const spent = await db
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hashOf(token))
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'family_id'])
        .executeTakeFirst();
      if (spent) return { userId: spent.user_id, familyId: spent.family_id };
      const known = await db.selectFrom('refresh_tokens').select(['family_id', 'used_at']).where('token_hash', '=', hashOf(token)).executeTakeFirst();
      if (known?.used_at) await revokeFamily(db, known.family_id); // reuse of a spent token
      throw invalid();
    },
    async revokeFamilyOf(db, token) {
      const known = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hashOf(token)).executeTakeFirst();
      if (known) await revokeFamily(db, known.family_id);
    },
    revokeFamily,
    async revokeAllOf(db, userId) {
      await db.updateTable('refresh_tokens').set({ revoked_at: clock() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
      onRevoked();
    },
  };
}
