// Whose projects the radar shows: the current company's (or the user's personal ones), plus projects
// assigned to the user or to that company. radarScopeOf builds a scope only for a user with a usable
// role in the company (the radar search and the radar's CSV export both ask it).
import { USABLE_ROLES, type CompanyRole } from '@permitdesk/core';
import { sql, type RawBuilder } from 'kysely';
import { requireRole, requireRoleInCompany, roleInCompanyQuery } from '../../companies/company-access.js';
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

/**
 * radarScopeOf's check as SQL, for a statement that reads it along with the radar (issue 17: no round trip
 * of its own): `role`, the user's active role in the company (null for the personal account), and
 * `allowed`, whether the radar may be read. The verdict itself is scopeOfRole's, in JS, on `role`.
 */
export function radarAccessSql(db: Db, userId: string, companyId: number | null): { role: RawBuilder<unknown>; allowed: RawBuilder<unknown> } {
  if (companyId === null) return { role: sql`NULL::text`, allowed: sql`true` };
  const role = sql`(${roleInCompanyQuery(db, userId, companyId)})`;
  return { role, allowed: sql`coalesce(${role} IN (${sql.join(USABLE_ROLES.map((r) => sql.lit(r)))}), false)` };
}

/** The radar scope given the role radarAccessSql read: radarScopeOf's verdict (403 without a usable role). */
export function scopeOfRole(userId: string, companyId: number | null, role: CompanyRole | null): RadarScope {
  if (companyId !== null) requireRole(role, USABLE_ROLES);
  return { userId, companyId };
}

/** The radar_scope value of the projects owned by the scope: 'c{companyId}' or 'u{userId}'. */
export const scopeKey = (scope: RadarScope): string => (scope.companyId !== null ? `c${scope.companyId}` : `u${scope.userId}`);

/**
 * Projects outside the scope's own that are assigned to its user or (Company / Vendor) to its company.
 * The user's own personal projects stay under Personal: a company radar does not merge them in.
 */
export async function assignedProjectIds(db: Db, scope: RadarScope): Promise<number[]> {
  const { rows } = await assignedProjectIdsSql(scope).execute(db);
  return sortedIds(rows.map((row) => row.project_id));
}

/** Ids as numbers, ascending (the order assignedProjectIds answers). */
export const sortedIds = (ids: readonly (number | string)[]): number[] => ids.map(Number).sort((a, b) => a - b);

/**
 * A scope key as a statement reads it: `(SELECT $n)`, so no plan leans on its value. A big company's scope (a
 * sixth of a million permits) made the custom plans of the radar's prepared statement cheaper than its generic
 * plan, and PostgreSQL planned it afresh on every request: 5-8 ms of planning for ~1 ms of work (bench/README,
 * eighth pass). The scope's indexes are used all the same.
 */
export const scopeKeySql = (key: string): RawBuilder<string> => sql<string>`(SELECT ${key}::text)`;

/** The statement of assignedProjectIds (its `project_id`s, in no order), also read inside a larger statement. */
export function assignedProjectIdsSql(scope: RadarScope): RawBuilder<{ project_id: number }> {
  const key = scopeKey(scope);
  const personalKey = scopeKey({ userId: scope.userId, companyId: null });
  // The company branch repeats the partial index's predicate word for word so the planner uses it.
  // The user and company go in as (SELECT $n): no plan of the statement can lean on their values, so a
  // prepared radar statement's generic plan costs what its custom plans cost and PostgreSQL keeps it after
  // five runs (plan_cache_mode auto): the radar's first page was planned afresh on every request, 1.4-1.7 ms
  // of planning for ~1 ms of execution (bench/README). The indexes are used all the same.
  const byCompany =
    scope.companyId !== null
      ? sql`UNION SELECT pa.project_id FROM project_assignments pa
            WHERE pa.assignee_company_id = (SELECT ${scope.companyId}::int) AND pa.assignee_type IN ('Company', 'Vendor')
              AND pa.project_scope <> 'c' || pa.assignee_company_id::text`
      : sql``;
  return sql<{ project_id: number }>`
    SELECT pa.project_id FROM project_assignments pa
    WHERE pa.assignee_user_id = (SELECT ${scope.userId}::uuid) AND pa.assignee_type = 'User' AND pa.project_scope NOT IN (${key}, ${personalKey})
    ${byCompany}`;
}
