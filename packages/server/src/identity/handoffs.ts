// Session handoff codes in session_handoffs: opaque, stored as keyed hashes, bound to one user and one
// audience (the origin that may redeem them), alive for 60 seconds, spent by their first use.
import type { Db } from '../db/schema.js';
import { IDENTITY_POLICY } from './policy.js';
import { newOpaqueToken, type SecretHasher } from './secrets.js';

export interface Handoffs {
  issue(db: Db, userId: string, audience: string): Promise<{ code: string; expiresAt: number }>;
  /** Spends a live code of that audience and returns its user; null for unknown, spent, expired or foreign codes. */
  take(db: Db, code: string, audience: string): Promise<string | null>;
}

export function createHandoffs(hash: SecretHasher, clock: () => Date): Handoffs {
  const hashOf = (code: string) => hash('session_handoff', code);
  return {
    async issue(db, userId, audience) {
      const code = newOpaqueToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + IDENTITY_POLICY.handoffTtlMs);
      // The user's dead codes are of no use to anyone: clear them as new ones are made.
      await db.deleteFrom('session_handoffs').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
      await db.insertInto('session_handoffs').values({ user_id: userId, code_hash: hashOf(code), audience, expires_at: expiresAt, created_at: now }).execute();
      return { code, expiresAt: expiresAt.getTime() };
    },
    async take(db, code, audience) {
      const now = clock();
      // One statement, so two concurrent exchanges of the same code cannot both succeed.
      const spent = await db
        .updateTable('session_handoffs')
        .set({ consumed_at: now })
        .where('code_hash', '=', hashOf(code))
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'audience'])
        .executeTakeFirst();
      // A code shown at another origin is spent all the same: it has leaked.
      return spent && spent.audience === audience ? spent.user_id : null;
    },
  };
}
