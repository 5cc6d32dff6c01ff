// Failure counters per key in auth_throttle: sign-in failures, wrong codes and code sends. Keys are
// built from the e-mail whether or not an account exists, so the answers never reveal it.
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export interface Throttle {
  /** True while the key is locked. */
  isLocked(key: string): Promise<boolean>;
  /** Counts one failure (or use); returns true when this one locked the key. */
  fail(key: string, policy: ThrottlePolicy): Promise<boolean>;
  reset(key: string): Promise<void>;
}

export function createThrottle(db: Db, clock: () => Date): Throttle {
  return {
    async isLocked(key) {
      const row = await db.selectFrom('auth_throttle').select('locked_until').where('key', '=', key).executeTakeFirst();
      return !!row?.locked_until && new Date(row.locked_until) > clock();
    },
    async fail(key, policy) {
      const now = clock();
      const windowStart = new Date(now.getTime() - policy.windowMs);
      // One statement: a stale window (or an expired lock) starts over at 1.
      const row = await db
        .insertInto('auth_throttle')
        .values({ key, failures: 1, window_started_at: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql`CASE WHEN auth_throttle.window_started_at < ${windowStart} OR auth_throttle.locked_until <= ${now} THEN 1 ELSE auth_throttle.failures + 1 END`,
            window_started_at: sql`CASE WHEN auth_throttle.window_started_at < ${windowStart} OR auth_throttle.locked_until <= ${now} THEN ${now} ELSE auth_throttle.window_started_at END`,
            locked_until: sql`CASE WHEN auth_throttle.locked_until <= ${now} THEN NULL ELSE auth_throttle.locked_until END`,
          }),
        )
        .returning(['failures'])
        .executeTakeFirstOrThrow();
      if (row.failures >= policy.maxFailures) {
        await db.updateTable('auth_throttle').set({ locked_until: new Date(now.getTime() + policy.lockMs) }).where('key', '=', key).execute();
        return true;
      }
      return false;
    },
    async reset(key) {
      await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
    },
  };
}
