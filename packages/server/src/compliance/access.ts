// Who may read and change a company's compliance data (SPEC §6): every member with a usable role
// (Owner, Administrator, PM, User) reads; only the Owner and Administrators change. Anyone else, a
// guest included, gets 403 'You do not have access to this company.' before anything is read.
// The one exception (issue 13): the members of a guest company whose grant shows the host's vault read
// the vault items and their files (requireVaultReader), and never change anything (403 GUEST_READ_ONLY).
import { canCreateAccess, GUEST_MESSAGES, isUsableRole, USABLE_ROLES, type CompanyRole, type UsableRole } from '@permitdesk/core';
import { guestGrantTo, NO_COMPANY_ACCESS, requireRoleInCompany, roleInCompany } from '../companies/company-access.js';
import { forbidden, unauthorized } from '../http/errors.js';
import type { Db } from '../db/schema.js';
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

/**
 * The vault's readers (licenses, insurances, certificates, documentations and their files): the members
 * who read the company's compliance data, and the members of a guest company granted the vault ('guest').
 */
export const requireVaultReader = (ctx: Ctx, companyId: number): Promise<UsableRole | 'guest'> =>
  requireVaultReaderById(ctx.services.db, userOf(ctx).sub, companyId);

/** requireVaultReader for a user known by id (a signed export link's user). */
export async function requireVaultReaderById(db: Db, userId: string, companyId: number): Promise<UsableRole | 'guest'> {
  const role = await roleInCompany(db, userId, companyId);
  if (isUsableRole(role)) return role;
  if ((await guestGrantTo(db, userId, companyId))?.vault) return 'guest';
  throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
}

/** The caller's role when they may change the company's compliance data; 403 otherwise (a guest is told it reads only). */
export async function requireCompanyManager(ctx: Ctx, companyId: number): Promise<CompanyRole> {
  const userId = userOf(ctx).sub;
  const role = await roleInCompany(ctx.services.db, userId, companyId);
  if (!isUsableRole(role) && (await guestGrantTo(ctx.services.db, userId, companyId))?.vault) throw forbidden(GUEST_MESSAGES.readOnly, 'GUEST_READ_ONLY');
  if (role === null || role === 'guest') throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  if (!canCreateAccess(role)) throw forbidden(MANAGERS_ONLY, 'ROLE_FORBIDDEN');
  return role;
}
