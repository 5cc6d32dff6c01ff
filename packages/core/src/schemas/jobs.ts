// The durable job queue as the permit team sees it (issue 16): pending, running, done, failed and
// retried jobs (retried: more than one attempt), with the last error.
import * as v from 'valibot';
import { idSchema, timestampSchema } from './common.js';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatusName = (typeof JOB_STATUSES)[number];
/** The list's filter: a status, or 'retried' (any job that needed more than one attempt). */
export const JOB_FILTERS = [...JOB_STATUSES, 'retried'] as const;
export const JOB_NOT_FOUND = 'Job not found.';
export const JOB_NOT_FAILED = 'Only a failed job can be retried.';

export const jobQuerySchema = v.object({
  status: v.optional(v.picklist(JOB_FILTERS, 'Unknown job status')),
  kind: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9_.:-]{1,80}$/i, 'Unknown job kind'))),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
  size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)), '50'),
});
export type JobQuery = v.InferInput<typeof jobQuerySchema>;

export const jobSchema = v.object({
  id: idSchema,
  kind: v.string(),
  key: v.nullable(v.string()),
  status: v.picklist(JOB_STATUSES),
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  runAt: timestampSchema,
  createdAt: timestampSchema,
  finishedAt: v.nullable(timestampSchema),
});
export type Job = v.InferOutput<typeof jobSchema>;
