// Whose projects the radar shows: the current company's (or the user's personal ones), plus projects
// assigned to the user or to that company. radarScopeOf builds a scope only for a user with a usable
// role in the company (the radar search and the radar's CSV export both ask it).
import { USABLE_ROLES } from '@permitdesk/core';
import { sql } from 'kysely';
import { requireRoleInCompany } from '../../companies/company-access.js';
import type { Db } from '../../db/schema.js';

export interface RadarScope {
  /** The signed-in user (users.id, a UUID). */
  userId: string;
  /** The current company, or null for the personal account. */
  companyId: number | null;
}

/** The radar scope of a user: the given company (403 without a usable role in it), else personal. */
export async function radarScopeOf(db: Db, userId: string, companyId: number | null): Promise<RadarScope> {
  if (companyId !== null) await requireRoleInCompany(db, userId, companyId, USABLE_ROLES);
  return { userId, companyId };
}

/** The radar_scope value of the projects owned by the scope: 'c{companyId}' or 'u{userId}'. */
export const scopeKey = (scope: RadarScope): string => (scope.companyId !== null ? `c${scope.companyId}` : `u${scope.userId}`);

/**
 * Projects outside the scope's own that are assigned to its user or (Company / Vendor) to its company.
 * The user's own personal projects stay under Personal: a company radar does not merge them in.
 */
export async function assignedProjectIds(db: Db, scope: RadarScope): Promise<number[]> {
  const key = scopeKey(scope);
  const personalKey = scopeKey({ userId: scope.userId, companyId: null });
  // The company branch repeats the partial index's predicate word for word so the planner uses it.
  const byCompany =
    scope.companyId !== null
      ? sql`UNION SELECT pa.project_id FROM project_assignments pa
            WHERE pa.assignee_company_id = ${scope.companyId} AND pa.assignee_type IN ('Company', 'Vendor')
              AND pa.project_scope <> 'c' || pa.assignee_company_id::text`
      : sql``;
  const { rows } = await sql<{ project_id: number }>`
    SELECT pa.project_id FROM project_assignments pa
    WHERE pa.assignee_user_id = ${scope.userId}::uuid AND pa.assignee_type = 'User' AND pa.project_scope NOT IN (${key}, ${personalKey})
    ${byCompany}`.execute(db);
  return rows.map((row) => Number(row.project_id)).sort((a, b) => a - b);
}
