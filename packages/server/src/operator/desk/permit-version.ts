// The permit's version (issue 12): every change by the permit team is made on the version the operator
// saw; when the permit changed meanwhile the change is refused with 409, so nobody overwrites a colleague
// unseen. The row is locked for the rest of the transaction.
import { sql } from 'kysely';
import { notFound } from '../../http/errors.js';
import { PERMIT_NOT_FOUND } from '../../permits/access.js';
import { checkPermitVersion } from '../../permits/permit-version.js';
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
  checkPermitVersion(permit.version, version);
  return permit;
}

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
