// What the permit team sees of the queue: the list (by status or 'retried', and kind) and a retry of a
// failed job. Only the HTTP handlers call these, after requireStaff.
import type { Job, JobQuery } from '@permitdesk/core';
import type { Db } from '../db/schema.js';
import { iso } from '../rows/values.js';

type Filters = Omit<JobQuery, 'page' | 'size'> & { page: number; size: number };

const COLUMNS = ['id', 'kind', 'key', 'status', 'attempts', 'last_error', 'run_at', 'created_at', 'finished_at'] as const;

type Row = { id: number; kind: string; key: string | null; status: Job['status']; attempts: number; last_error: string | null; run_at: Date; created_at: Date; finished_at: Date | null };
export const toJob = (row: Row): Job => ({
  id: Number(row.id),
  kind: row.kind,
  key: row.key,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  runAt: iso(row.run_at),
  createdAt: iso(row.created_at),
  finishedAt: row.finished_at === null ? null : iso(row.finished_at),
});

export async function listJobs(db: Db, filters: Filters): Promise<{ items: Job[]; totalCount: number }> {
  let query = db.selectFrom('jobs');
  if (filters.status === 'retried') query = query.where('attempts', '>', 1);
  else if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.kind) query = query.where('kind', '=', filters.kind);
  const [rows, count] = await Promise.all([
    query.select(COLUMNS).orderBy('id', 'desc').limit(filters.size).offset((filters.page - 1) * filters.size).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toJob), totalCount: Number(count.n) };
}

/** Makes a failed job due now with its attempts starting over; null when there is no such job, 'not-failed' when it is not failed. */
export async function retryJob(db: Db, id: number, now: Date): Promise<Job | null | 'not-failed'> {
  const row = await db
    .updateTable('jobs')
    .set({ status: 'pending', attempts: 0, run_at: now, locked_until: null, finished_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returning(COLUMNS)
    .executeTakeFirst();
  if (row) return toJob(row);
  const exists = await db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst();
  return exists ? 'not-failed' : null;
}
