// The permissions object (SPEC §3): company id → { name, role } for every active role of a user.
import type { Permissions } from '@permitdesk/core';
import type { Db } from '../db/schema.js';

export async function permissionsOf(db: Db, userId: string): Promise<Permissions> {
  const rows = await db
    .selectFrom('company_users as cu')
    .innerJoin('companies as c', 'c.id', 'cu.company_id')
    .select(['c.id', 'c.name', 'cu.role'])
    .where('cu.user_id', '=', userId)
    .where('cu.active', '=', true)
    .orderBy('cu.id')
    .execute();
  const permissions: Permissions = {};
  for (const row of rows) permissions[String(row.id)] = { name: row.name, role: row.role };
  return permissions;
}
