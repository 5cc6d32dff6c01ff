// The permit's version: every change to a permit bumps it, and a change by the permit team carries the
// version it was made on. A permit that moved meanwhile refuses the change with 409 PERMIT_CHANGED, so
// nobody overwrites a colleague's change without seeing it. The check and the bump are one UPDATE (the
// row lock makes a second writer re-read the row and miss the version it expected).
import { PERMIT_CHANGED_MESSAGE } from '@permitdesk/core';
import { sql } from 'kysely';
import { conflict, notFound } from '../http/errors.js';
import { PERMIT_NOT_FOUND } from './access.js';
import type { Tx } from '../db/schema.js';

export { PERMIT_CHANGED_MESSAGE };
export const PERMIT_CHANGED = 'PERMIT_CHANGED';
export const permitChanged = () => conflict(PERMIT_CHANGED_MESSAGE, PERMIT_CHANGED);

/**
 * Checks the version a change was made on and bumps it, atomically, inside the change's transaction.
 * `expectedVersion` undefined or null: bump whatever the version is (a change that carries none).
 * Answers the new version; 409 PERMIT_CHANGED when the permit moved meanwhile, 404 when there is none.
 * `now`, when given, is the change's time (updated_at).
 */
export async function bumpPermitVersion(trx: Tx, permitId: number, expectedVersion?: number | null, now?: Date): Promise<number> {
  let query = trx.updateTable('permits').set({ version: sql`version + 1`, ...(now ? { updated_at: now } : {}) }).where('id', '=', permitId);
  if (expectedVersion !== undefined && expectedVersion !== null) query = query.where('version', '=', expectedVersion);
  const row = await query.returning('version').executeTakeFirst();
  if (row) return Number(row.version);
  const exists = await trx.selectFrom('permits').select('id').where('id', '=', permitId).executeTakeFirst();
  if (!exists) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  throw permitChanged();
}

/** 409 PERMIT_CHANGED unless the version read (under a row lock) is the one the change was made on. */
export function checkPermitVersion(current: number, expectedVersion?: number | null): void {
  if (expectedVersion !== undefined && expectedVersion !== null && Number(current) !== expectedVersion) throw permitChanged();
}
