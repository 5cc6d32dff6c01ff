// The durable job queue for the permit team (issue 16): staff only (403 otherwise).
import * as v from 'valibot';
import { idParamSchema } from '../schemas/common.js';
import { jobQuerySchema, jobSchema } from '../schemas/jobs.js';
import { endpoint } from './endpoint.js';

export const jobEndpoints = {
  list: endpoint({
    method: 'GET', path: '/v4/operator/jobs', auth: 'bearer',
    summary: 'Background jobs, newest first: by status (pending, running, done, failed, or retried: more than one attempt) and kind',
    query: jobQuerySchema, response: jobSchema, paging: 'headers',
  }),
  retry: endpoint({
    method: 'POST', path: '/v4/operator/jobs/{id}/retry', auth: 'bearer',
    summary: 'Run a failed job again now (its attempts start over)',
    params: v.object({ id: idParamSchema }), response: jobSchema,
  }),
} as const;
