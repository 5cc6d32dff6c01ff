// enqueueJob: background work written in the caller's transaction, so it exists exactly when the change
// that asked for it commits. See jobs/index.ts for the contract handlers keep.
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

export interface JobInput {
  kind: string;
  payload?: Record<string, unknown>;
  /** When it is due (default: now, by the database's clock unless the caller passes its clock's time). */
  runAt?: Date;
  /** A unique dedupe key: a second enqueue with the same key is dropped (the first job runs once). */
  key?: string;
}

/**
 * Writes the job in `trx` (the caller's transaction, or the plain handle); answers its id, or null when
 * a job with the same key already exists.
 */
export async function enqueueJob(trx: Db, input: JobInput): Promise<number | null> {
  const runAt = input.runAt ?? new Date();
  const row = await trx
    .insertInto('jobs')
    .values({
      kind: input.kind,
      payload: JSON.stringify(input.payload ?? {}),
      key: input.key ?? null,
      status: 'pending',
      run_at: runAt,
      created_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}
