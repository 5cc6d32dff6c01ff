// A user's standing in a company (company_users): the role they hold there, and the check that it is one
// of the roles an action needs. The SPEC §6 rules themselves (who may remove or disable a role...) come
// from core's roles.ts; http/authz.ts adapts these to a handler's signed-in user.
import type { CompanyRole } from '@permitdesk/core';
import type { Db } from '../db/schema.js';
import { forbidden } from '../http/errors.js';

export const NO_COMPANY_ACCESS = 'You do not have access to this company.';

/** The user's active role in a company, or null when they have none (or it is disabled). */
export async function roleInCompany(db: Db, userId: string, companyId: number): Promise<CompanyRole | null> {
  const row = await db
    .selectFrom('company_users')
    .select('role')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('active', '=', true)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** The user's role when it is one of `roles`; 403 otherwise. */
export async function requireRoleInCompany<R extends CompanyRole>(db: Db, userId: string, companyId: number, roles: readonly R[]): Promise<R> {
  const role = await roleInCompany(db, userId, companyId);
  if (role === null || !isOneOf(role, roles)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  return role;
}

const isOneOf = <R extends CompanyRole>(role: CompanyRole, roles: readonly R[]): role is R => (roles as readonly CompanyRole[]).includes(role);
