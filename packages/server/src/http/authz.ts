// Who may do what: the signed-in user, and their role in a company (company_users). The SPEC §6 rules
// themselves (who may remove or disable a role...) come from core's roles.ts.
import type { CompanyRole } from '@permitdesk/core';
import type { AppServices } from '../services.js';
import type { AuthUser } from './context.js';
import { forbidden, unauthorized } from './errors.js';

interface Ctx {
  services: AppServices;
  user: AuthUser | null;
}

export const NO_COMPANY_ACCESS = 'You do not have access to this company.';

export function requireUser(ctx: Ctx): AuthUser {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

/** The user's active role in a company, or null when they have none (or it is disabled). */
export async function companyRole(ctx: Ctx, companyId: number): Promise<CompanyRole | null> {
  const user = requireUser(ctx);
  const row = await ctx.services.db
    .selectFrom('company_users')
    .select('role')
    .where('company_id', '=', companyId)
    .where('user_id', '=', user.sub)
    .where('active', '=', true)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** The user's role when it is one of `roles`; 403 otherwise. */
export async function requireCompanyRole<R extends CompanyRole>(
  ctx: Ctx,
  companyId: number,
  roles: readonly R[],
): Promise<R> {
  const role = await companyRole(ctx, companyId);
  if (role === null || !(roles as readonly CompanyRole[]).includes(role)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  return role as R;
}
