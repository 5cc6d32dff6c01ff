// Whether the session an access token names (its `sid`: a refresh token family) is still alive, so
// sign-out, a password change or a reset end its access tokens at once instead of at their expiry.
// Live answers are cached in process for a few seconds: most requests do not touch the database.
// Revocations on this process clear the cache; other replicas see them within the cache's lifetime.
import type { Db } from '../db/schema.js';
import { IDENTITY_POLICY } from './policy.js';

export interface Sessions {
  isAlive(sid: string): Promise<boolean>;
  /** Forgets every cached answer (called when sessions are revoked). */
  forget(): void;
}

/** Past this many cached sessions the cache starts over (bounded memory). */
const MAX_CACHED = 10_000;

export function createSessions(db: Db, clock: () => Date, cacheMs: number = IDENTITY_POLICY.sessionCheckCacheMs): Sessions {
  /** sid → when its "alive" answer stops being trusted (epoch ms). Dead sessions are not cached. */
  const alive = new Map<string, number>();
  return {
    async isAlive(sid) {
      const now = clock();
      const until = alive.get(sid);
      if (until !== undefined && until > now.getTime()) return true;
      const row = await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('family_id', '=', sid)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .limit(1)
        .executeTakeFirst();
      if (!row) {
        alive.delete(sid);
        return false;
      }
      if (alive.size >= MAX_CACHED) alive.clear();
      alive.set(sid, now.getTime() + cacheMs);
      return true;
    },
    forget() {
      alive.clear();
    },
  };
}
