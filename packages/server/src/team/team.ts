// Who is on the permit team, and changing it: a service admin grants a role by e-mail (operator or
// service admin), changes it or takes it back, in the UI or by the CLI. Each change is an audit entry
// (entity 'role') in the change's transaction. A service admin cannot change their own role, so the
// workspace never loses its last admin by a slip.
import { LAST_ADMIN_MESSAGE, NO_SUCH_ACCOUNT_MESSAGE, normalizeEmail, type TeamMember } from '@permitdesk/core';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { conflict, notFound } from '../http/errors.js';
import { setStaffRole, type StaffRole } from '../staff/staff.js';
import type { Db, Tx } from '../db/schema.js';

export { LAST_ADMIN_MESSAGE, NO_SUCH_ACCOUNT_MESSAGE };

export async function listTeam(db: Db): Promise<TeamMember[]> {
  const rows = await db.selectFrom('users').select(['id', 'email', 'name', 'staff_admin']).where('staff', '=', true).orderBy('email').execute();
  return rows.map((row) => ({ id: row.id, email: row.email, name: row.name, role: row.staff_admin ? 'service_admin' : 'operator' }));
}

const ACTIONS = { granted: 'role_granted', changed: 'role_changed', revoked: 'role_revoked' } as const;

export interface TeamRoleResult {
  email: string;
  before: StaffRole | null;
  after: StaffRole | null;
  changed: boolean;
}

/**
 * Sets a person's role on the permit team (null: off the team). 404 when no account has the e-mail;
 * 409 when a service admin tries to change their own role (`selfUserId` is the caller).
 */
export async function changeTeamRole(trx: Tx, actor: AuditActor, email: string, role: StaffRole | null, selfUserId: string | null = null): Promise<TeamRoleResult> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'email', 'staff', 'staff_admin'])
    .where('email', '=', normalizeEmail(email))
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw notFound(NO_SUCH_ACCOUNT_MESSAGE, 'ACCOUNT_NOT_FOUND');
  const before: StaffRole | null = user.staff ? (user.staff_admin ? 'service_admin' : 'operator') : null;
  if (selfUserId !== null && user.id === selfUserId && before === 'service_admin' && role !== 'service_admin') {
    throw conflict(LAST_ADMIN_MESSAGE, 'LAST_ADMIN');
  }
  if (before === role) return { email: user.email, before, after: role, changed: false };
  await setStaffRole(trx, user.email, role);
  await recordAudit(trx, actor, {
    entity: 'role',
    entityId: user.id,
    action: before === null ? ACTIONS.granted : role === null ? ACTIONS.revoked : ACTIONS.changed,
    before: { email: user.email, role: before },
    after: { email: user.email, role },
  });
  return { email: user.email, before, after: role, changed: true };
}
