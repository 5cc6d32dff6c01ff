// The permit's version (issue 12): every change by the permit team is made on the version the operator
// saw; when the permit changed meanwhile the change is refused with 409, so nobody overwrites a colleague
// unseen. The row is locked for the rest of the transaction.
import { PERMIT_CHANGED_MESSAGE } from '@permitdesk/core';
import { sql } from 'kysely';
import { conflict, notFound } from '../../http/errors.js';
import { PERMIT_NOT_FOUND } from '../../permits/access.js';
import type { Db, Tx } from '../../db/schema.js';

export interface LockedPermit {
  id: number;
  version: number;
  stage: number;
  permit_number: string | null;
  project_id: number;
  company_id: number | null;
}

/** Locks the permit; 404 when there is none, 409 PERMIT_CHANGED when `version` is given and not current. */
export async function lockPermit(trx: Tx, permitId: number, version?: number): Promise<LockedPermit> {
  const { rows } = await sql<LockedPermit>`
    SELECT r.id, r.version, r.stage, r.permit_number, r.project_id, p.company_id
    FROM permits r JOIN projects p ON p.id = r.project_id WHERE r.id = ${permitId} FOR UPDATE OF r`.execute(trx);
  const permit = rows[0];
  if (!permit) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  if (version !== undefined && Number(permit.version) !== version) throw conflict(PERMIT_CHANGED_MESSAGE, 'PERMIT_CHANGED');
  return permit;
}

/** Bumps the version after a change (with the time of the change). */
export const bumpVersion = (trx: Tx, permitId: number, now: Date) =>
  trx.updateTable('permits').set({ version: sql`version + 1`, updated_at: now }).where('id', '=', permitId).execute();

/** The permit without a lock (404 when there is none). */
export async function findPermit(db: Db, permitId: number): Promise<LockedPermit> {
  const row = await db
    .selectFrom('permits as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .select(['r.id', 'r.version', 'r.stage', 'r.permit_number', 'r.project_id', 'p.company_id'])
    .where('r.id', '=', permitId)
    .executeTakeFirst();
  if (!row) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  return row;
}
