// The name shown on a user's messages and assignments.
import type { Db } from '../db/schema.js';

/** The name a user's messages and assignments carry: their name, else their e-mail. */
export async function displayName(db: Db, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
  return user ? user.name.trim() || user.email : 'Customer';
}
