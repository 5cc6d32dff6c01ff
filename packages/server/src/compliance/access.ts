// Who may read and change a company's compliance data (SPEC §6): every member with a usable role
// (Owner, Administrator, PM, User) reads; only the Owner and Administrators change. Anyone else, a
// guest included, gets 403 'You do not have access to this company.' before anything is read.
import { canCreateAccess, USABLE_ROLES, type CompanyRole, type UsableRole } from '@permitdesk/core';
import { NO_COMPANY_ACCESS, requireRoleInCompany, roleInCompany } from '../companies/company-access.js';
import { forbidden, unauthorized } from '../http/errors.js';
import type { AuthUser } from '../identity/user.js';
import type { AppServices } from '../services.js';

interface Ctx {
  services: AppServices;
  user: AuthUser | null;
}

export const MANAGERS_ONLY = 'Only an owner or an administrator may change the compliance records of this company.';

function userOf(ctx: Ctx): AuthUser {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

/** The caller's role when they may read the company's compliance data; 403 otherwise. */
export const requireCompanyReader = (ctx: Ctx, companyId: number): Promise<UsableRole> =>
  requireRoleInCompany(ctx.services.db, userOf(ctx).sub, companyId, USABLE_ROLES);

/** The caller's role when they may change the company's compliance data; 403 otherwise. */
export async function requireCompanyManager(ctx: Ctx, companyId: number): Promise<CompanyRole> {
  const role = await roleInCompany(ctx.services.db, userOf(ctx).sub, companyId);
  if (role === null || role === 'guest') throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  if (!canCreateAccess(role)) throw forbidden(MANAGERS_ONLY, 'ROLE_FORBIDDEN');
  return role;
}
