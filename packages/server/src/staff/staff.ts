// The permit team: users with the staff flag (operators). They may open any permit and move it through
// the stages. A service admin (staff_admin, always staff too) also runs the workspace's settings: SLA
// targets, message templates, and who is on the team. A fact about a user's access, kept apart so every
// area can read it.
import { normalizeEmail } from '@permitdesk/core';
import { forbidden } from '../http/errors.js';
import type { Db } from '../db/schema.js';

export const STAFF_ONLY_MESSAGE = 'Only the permit team can do this.';
export const SERVICE_ADMIN_ONLY_MESSAGE = 'Only a service admin can do this.';

export type StaffRole = 'operator' | 'service_admin';

/** The permit-team role a user row's flags give, or null for a customer (for a caller that reads the row anyway). */
export const staffRoleOf = (row: { staff: boolean; staff_admin: boolean }): StaffRole | null =>
  !row.staff ? null : row.staff_admin ? 'service_admin' : 'operator';

/** The user's role on the permit team, or null for a customer. */
export async function staffRole(db: Db, userId: string): Promise<StaffRole | null> {
  const row = await db.selectFrom('users').select(['staff', 'staff_admin']).where('id', '=', userId).executeTakeFirst();
  return row ? staffRoleOf(row) : null;
}

export async function isStaff(db: Db, userId: string): Promise<boolean> {
  return (await staffRole(db, userId)) !== null;
}

/** 403 unless the user is on the permit team. */
export async function requireStaff(db: Db, userId: string): Promise<StaffRole> {
  const role = await staffRole(db, userId);
  if (!role) throw forbidden(STAFF_ONLY_MESSAGE, 'STAFF_ONLY');
  return role;
}

/** 403 unless the user is a service admin (operators get the same refusal as customers, in words of its own). */
export async function requireServiceAdmin(db: Db, userId: string): Promise<void> {
  const role = await staffRole(db, userId);
  if (!role) throw forbidden(STAFF_ONLY_MESSAGE, 'STAFF_ONLY');
  if (role !== 'service_admin') throw forbidden(SERVICE_ADMIN_ONLY_MESSAGE, 'SERVICE_ADMIN_ONLY');
}

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole | null;
}

/** Grants a role on the permit team by e-mail, or takes it back (null); null when there is no such user. */
export async function setStaffRole(db: Db, email: string, role: StaffRole | null): Promise<StaffMember | null> {
  const row = await db
    .updateTable('users')
    .set({ staff: role !== null, staff_admin: role === 'service_admin' })
    .where('email', '=', normalizeEmail(email))
    .returning(['id', 'email'])
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, role } : null;
}

/** Grants (or revokes) the operator role by e-mail; null when there is no such user. */
export async function setStaff(db: Db, email: string, staff: boolean): Promise<{ id: string; email: string; staff: boolean } | null> {
  const member = await setStaffRole(db, email, staff ? 'operator' : null);
  return member ? { id: member.id, email: member.email, staff } : null;
}
