// Who hears about a permit on the customer's side: whoever requested it, else who started its project,
// else the project's owner. The stage-update mail and the quote mail both go to this person.
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

export interface PermitPeople {
  created_by: string | null;
  project_created_by: string | null;
  owner_user_id: string | null;
}

/** The customer a permit's mails go to, from the permit's and project's people. */
export const recipientIdOf = (permit: PermitPeople): string | null => permit.created_by ?? permit.project_created_by ?? permit.owner_user_id;

/** The customer's address and name, or null when nobody is left to tell. */
export async function permitRecipient(db: Db, permitId: number): Promise<{ id: string; email: string; name: string | null } | null> {
  const { rows } = await sql<PermitPeople>`
    SELECT r.created_by::text AS created_by, p.created_by::text AS project_created_by, p.owner_user_id::text AS owner_user_id
    FROM permits r JOIN projects p ON p.id = r.project_id WHERE r.id = ${permitId}`.execute(db);
  const id = rows[0] ? recipientIdOf(rows[0]) : null;
  if (!id) return null;
  const user = await db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst();
  return user ? { id: user.id, email: user.email, name: user.name || null } : null;
}
