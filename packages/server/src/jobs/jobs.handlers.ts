// The permit team's view of the durable job queue (/v4/operator/jobs): staff only.
import { JOB_NOT_FAILED, JOB_NOT_FOUND, type endpoints } from '@permitdesk/core';
import { conflict, notFound } from '../http/errors.js';
import type { EndpointHandler } from '../http/register.js';
import { requireStaff } from '../staff/staff.js';
import { listJobs, retryJob } from './jobs-admin.js';

type Jobs = typeof endpoints.jobs;

export const listJobsHandler: EndpointHandler<Jobs['list']> = async ({ services, user }, { query }) => {
  await requireStaff(services.db, user.sub);
  const { items, totalCount } = await listJobs(services.db, query);
  return { items, page: query.page, size: query.size, totalCount };
};

export const retryJobHandler: EndpointHandler<Jobs['retry']> = async ({ services, user }, { params }) => {
  await requireStaff(services.db, user.sub);
  const result = await retryJob(services.db, params.id, services.clock());
  if (result === null) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  if (result === 'not-failed') throw conflict(JOB_NOT_FAILED, 'JOB_NOT_FAILED');
  services.jobs.nudge();
  return result;
};
