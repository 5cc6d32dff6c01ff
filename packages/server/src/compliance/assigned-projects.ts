// Projects assigned to a company (GET /v4/companies/{id}/assigned-projects): the permits of projects
// another scope owns that were assigned to the company (as Company or Vendor), the same projects the
// radar search adds to the company's scope. Paged by the x-pagination-* headers, by customer name.
import type { Permit } from '@permitdesk/core';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { loadPermits } from '../permits/read-model.js';

export interface AssignedPage {
  items: Permit[];
  page: number;
  size: number;
  totalCount: number;
}

export async function assignedProjects(db: Db, companyId: number, page: number, size: number): Promise<AssignedPage> {
  // The predicate repeats the partial index's word for word (project_assignments_company_idx), like the
  // radar scope's company branch, so the planner uses it.
  const { rows } = await sql<{ id: number; total: number }>`
    WITH assigned AS (
      SELECT DISTINCT pa.project_id FROM project_assignments pa
      WHERE pa.assignee_company_id = ${companyId} AND pa.assignee_type IN ('Company', 'Vendor')
        AND pa.project_scope <> 'c' || pa.assignee_company_id::text
    )
    SELECT r.id, count(*) OVER ()::int AS total
    FROM permits r JOIN assigned a ON a.project_id = r.project_id
    ORDER BY r.customer_sort, r.id
    LIMIT ${size} OFFSET ${(page - 1) * size}`.execute(db);
  let totalCount = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const count = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM permits r WHERE r.project_id IN (
        SELECT pa.project_id FROM project_assignments pa
        WHERE pa.assignee_company_id = ${companyId} AND pa.assignee_type IN ('Company', 'Vendor')
          AND pa.project_scope <> 'c' || pa.assignee_company_id::text)`.execute(db);
    totalCount = Number(count.rows[0]?.n ?? 0);
  }
  return { items: await loadPermits(db, rows.map((row) => Number(row.id))), page, size, totalCount };
}
