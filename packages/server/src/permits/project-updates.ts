// Project updates: one row per change the customer should hear about; GET /v4/companies/{id}/project-updates
// lists a company's newest ones (the dashboard's Updates badge counts the unread).
import type { ProjectUpdate } from '@permitdesk/core';
import { sql } from 'kysely';
import { iso } from '../rows/values.js';
import type { Db } from '../db/schema.js';

/** The columns of a permit row (joined with its project) that say whose update it is. */
export interface UpdatedPermit {
  id: number;
  project_id: number;
  company_id: number | null;
  owner_user_id: string | null;
}

/** Records an update about a permit for its project's owner: the company, or the user when there is none. */
export async function recordProjectUpdate(db: Db, permit: UpdatedPermit, update: { stage: number; message: string; createdAt: Date }): Promise<void> {
  await db
    .insertInto('project_updates')
    .values({
      project_id: permit.project_id,
      permit_id: permit.id,
      company_id: permit.company_id,
      owner_user_id: permit.company_id === null ? permit.owner_user_id : null,
      stage: update.stage,
      message: update.message,
      created_at: update.createdAt,
    })
    .execute();
}

/** How many updates a list answers. */
export const PROJECT_UPDATES_LIMIT = 50;

/** A company's newest project updates. */
export async function companyProjectUpdates(db: Db, companyId: number, limit = PROJECT_UPDATES_LIMIT): Promise<ProjectUpdate[]> {
  const { rows } = await sql<{ id: number; permit_id: number; project_id: number; customer_name: string; message: string; stage: number; created_at: Date | string; read_at: Date | string | null }>`
    SELECT u.id, u.permit_id, u.project_id, p.customer_name, u.message, u.stage, u.created_at, u.read_at
    FROM project_updates u JOIN projects p ON p.id = u.project_id
    WHERE u.company_id = ${companyId}
    ORDER BY u.created_at DESC, u.id DESC LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    permitId: Number(row.permit_id),
    projectId: Number(row.project_id),
    customerName: row.customer_name,
    message: row.message,
    stage: row.stage,
    createdAt: iso(row.created_at),
    read: row.read_at !== null,
  }));
}

/** Marks every unread update of a company as read; returns how many were. */
export async function markProjectUpdatesRead(db: Db, companyId: number, now: Date): Promise<number> {
  const result = await db.updateTable('project_updates').set({ read_at: now }).where('company_id', '=', companyId).where('read_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
