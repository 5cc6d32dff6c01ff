// Who hears about a permit by mail: the customer who asked for it (the permit's creator, else the
// project's, else the project's owner), and the permit team's operator it is assigned to.
import type { Db } from '../db/schema.js';

export interface Recipient {
  userId: string;
  email: string;
  name: string | null;
}

/** The customer a permit's mails go to; null when nobody asked for it (an import). */
export async function customerRecipient(db: Db, permitId: number): Promise<Recipient | null> {
  const row = await db
    .selectFrom('permits as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .innerJoin('users as u', (join) => join.on((eb) => eb('u.id', '=', eb.fn.coalesce('r.created_by', 'p.created_by', 'p.owner_user_id'))))
    .select(['u.id', 'u.email', 'u.name'])
    .where('r.id', '=', permitId)
    .executeTakeFirst();
  return row ? { userId: row.id, email: row.email, name: row.name || null } : null;
}

/** The operator a permit is assigned to (permits.assigned_to), while they are still on the team. */
export async function assignedOperator(db: Db, permitId: number): Promise<Recipient | null> {
  const row = await db
    .selectFrom('permits as r')
    .innerJoin('users as u', 'u.id', 'r.assigned_to')
    .select(['u.id', 'u.email', 'u.name'])
    .where('r.id', '=', permitId)
    .where('u.staff', '=', true)
    .executeTakeFirst();
  return row ? { userId: row.id, email: row.email, name: row.name || null } : null;
}
