// A user's standing in a company (company_users): the role they hold there, and the check that it is one
// of the roles an action needs. The SPEC §6 rules themselves (who may remove or disable a role...) come
// from core's roles.ts; http/authz.ts adapts these to a handler's signed-in user.
import { INVITE_STATUS, MANAGER_ROLES, type CompanyRole } from '@permitdesk/core';
import type { Db } from '../db/schema.js';
import { forbidden } from '../http/errors.js';

export const NO_COMPANY_ACCESS = 'You do not have access to this company.';

/** The user's active role in a company, or null when they have none (or it is disabled). */
export async function roleInCompany(db: Db, userId: string, companyId: number): Promise<CompanyRole | null> {
  const row = await roleInCompanyQuery(db, userId, companyId).executeTakeFirst();
  return row?.role ?? null;
}

/** The query of roleInCompany, also read as a subquery of a larger statement (the radar's, issue 17). */
export const roleInCompanyQuery = (db: Db, userId: string, companyId: number) =>
  db.selectFrom('company_users').select('role').where('company_id', '=', companyId).where('user_id', '=', userId).where('active', '=', true);

/** The user's role when it is one of `roles`; 403 otherwise. */
export async function requireRoleInCompany<R extends CompanyRole>(db: Db, userId: string, companyId: number, roles: readonly R[]): Promise<R> {
  return requireRole(await roleInCompany(db, userId, companyId), roles);
}

/** The company's name with the user's role there when it is one of `roles`, in one statement; 403 otherwise. */
export async function requireRoleInNamedCompany<R extends CompanyRole>(db: Db, userId: string, companyId: number, roles: readonly R[]): Promise<{ id: number; name: string; role: R }> {
  const row = await db.selectFrom('companies').select(['id', 'name', roleInCompanyQuery(db, userId, companyId).as('role')]).where('id', '=', companyId).executeTakeFirst();
  const role = requireRole(row?.role ?? null, roles);
  return { id: Number(row!.id), name: row!.name, role };
}

/** A role read with roleInCompanyQuery when it is one of `roles`; 403 otherwise (null: no active role). */
export function requireRole<R extends CompanyRole>(role: CompanyRole | null, roles: readonly R[]): R {
  if (role === null || !isOneOf(role, roles)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  return role;
}

const isOneOf = <R extends CompanyRole>(role: CompanyRole, roles: readonly R[]): role is R => (roles as readonly CompanyRole[]).includes(role);

/**
 * The guest grants through which a user reads a host company (issue 13): the user holds a usable role in
 * a company the host made its guest, and the grant still holds. Null when there is none; `vault` when one
 * of them shows the host's compliance vault. Ending a grant ends this at once (nothing is cached).
 */
export async function guestGrantTo(db: Db, userId: string, hostCompanyId: number): Promise<{ vault: boolean } | null> {
  const row = await db
    .selectFrom('company_guests as g')
    .innerJoin('company_users as cu', 'cu.company_id', 'g.guest_company_id')
    .select((eb) => eb.fn.max(eb.cast<number>('g.vault', 'integer')).as('vault'))
    .where('g.host_company_id', '=', hostCompanyId)
    .where('g.status', '=', INVITE_STATUS.Approved)
    .where('cu.user_id', '=', userId)
    .where('cu.active', '=', true)
    .where('cu.role', '<>', 'guest')
    .executeTakeFirst();
  return row?.vault == null ? null : { vault: Number(row.vault) === 1 };
}

/** The e-mail addresses of a company's active owners and administrators (who are told what happens to the company). */
export async function companyManagerEmails(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('company_users as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .select('u.email')
    .where('cu.company_id', '=', companyId)
    .where('cu.active', '=', true)
    .where('cu.role', 'in', MANAGER_ROLES)
    .orderBy('cu.id')
    .execute();
  return rows.map((r) => r.email);
}
