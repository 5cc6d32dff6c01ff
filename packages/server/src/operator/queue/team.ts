// The permit team's members: whom a permit can be assigned to.
import type { OpsTeamMember } from '@permitdesk/core';
import type { Db } from '../../db/schema.js';

export async function teamMembers(db: Db): Promise<OpsTeamMember[]> {
  const rows = await db.selectFrom('users').select(['id', 'name', 'email', 'staff_admin']).where('staff', '=', true).orderBy('name').orderBy('email').execute();
  return rows.map((row) => ({ id: row.id, name: row.name || row.email, email: row.email, role: row.staff_admin ? 'service_admin' : 'operator' }));
}
