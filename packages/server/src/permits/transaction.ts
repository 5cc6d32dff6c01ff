// One transaction around every multi-row write, typed with the permit API's tables.
// PGlite has a single connection: inside the callback use `trx` only, never services.db.
import { claimInTransaction } from '../http/idempotency.js';
import type { AppServices } from '../services.js';
import { apiDb, type ApiDb } from './tables.js';

// A creating call's Idempotency-Key row is written in its first transaction (see http/idempotency.ts).
export const inTransaction = <T>(services: Pick<AppServices, 'db'>, work: (trx: ApiDb) => Promise<T>): Promise<T> =>
  services.db.transaction().execute(async (trx) => {
    await claimInTransaction(trx);
    return work(apiDb(trx));
  });

/** The name a user's messages and assignments carry: their name, else their e-mail. */
export async function displayName(db: ApiDb, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
  return user ? user.name.trim() || user.email : 'Customer';
}
