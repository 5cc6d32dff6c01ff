// Whether an account exists for an address and whether its e-mail is verified (users are stored with
// the e-mail trimmed and lower-cased, as the flow normalises it).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface AccountStatus {
  sub: string;
  emailVerified: boolean;
}

export async function findAccount(db: Kysely<Database>, email: string): Promise<AccountStatus | null> {
  const row = await db.selectFrom('users').select(['id', 'email_verified']).where('email', '=', email).executeTakeFirst();
  return row ? { sub: row.id, emailVerified: row.email_verified } : null;
}
