// Who may do what, from a handler's point of view: the signed-in user, and their role in a company. The
// rules live in companies/company-access.ts; this file only adapts them to a handler's context.
import type { CompanyRole } from '@permitdesk/core';
import { requireRoleInCompany, roleInCompany } from '../companies/company-access.js';
import type { Db } from '../db/schema.js';
import type { AuthUser } from '../identity/user.js';
import { unauthorized } from './errors.js';

interface Ctx {
  services: { db: Db };
  user: AuthUser | null;
}

/** PENDING (issue 11): for the permits-family files that still import it from here; its home is companies/company-access.ts. */
export { NO_COMPANY_ACCESS } from '../companies/company-access.js';

export function requireUser(ctx: Ctx): AuthUser {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

/** The user's active role in a company, or null when they have none (or it is disabled). */
export const companyRole = (ctx: Ctx, companyId: number): Promise<CompanyRole | null> =>
  roleInCompany(ctx.services.db, requireUser(ctx).sub, companyId);

/** The user's role when it is one of `roles`; 403 otherwise. */
export const requireCompanyRole = <R extends CompanyRole>(ctx: Ctx, companyId: number, roles: readonly R[]): Promise<R> =>
  requireRoleInCompany(ctx.services.db, requireUser(ctx).sub, companyId, roles);
