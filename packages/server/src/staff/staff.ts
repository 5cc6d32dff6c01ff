// The permit team: users with the staff flag. They may open any permit and move it through the stages.
// A fact about a user's access, kept apart so the permits area and the operator area can both read it.
import { normalizeEmail } from '@permitdesk/core';
import { forbidden } from '../http/errors.js';
import type { Db } from '../db/schema.js';

export const STAFF_ONLY_MESSAGE = 'Only the permit team can do this.';

export async function isStaff(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('staff').where('id', '=', userId).executeTakeFirst();
  return row?.staff === true;
}

/** 403 unless the user is on the permit team. */
export async function requireStaff(db: Db, userId: string): Promise<void> {
  if (!(await isStaff(db, userId))) throw forbidden(STAFF_ONLY_MESSAGE, 'STAFF_ONLY');
}

/** Grants (or revokes) the staff flag by e-mail; null when there is no such user. */
export async function setStaff(db: Db, email: string, staff: boolean): Promise<{ id: string; email: string; staff: boolean } | null> {
  const row = await db
    .updateTable('users')
    .set({ staff })
    .where('email', '=', normalizeEmail(email))
    .returning(['id', 'email', 'staff'])
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, staff: row.staff } : null;
}
