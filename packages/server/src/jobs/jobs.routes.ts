// Wiring of the job queue's calls (core's jobs endpoint group).
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import { listJobsHandler, retryJobHandler } from './jobs.handlers.js';

export function registerJobRoutes(app: App): void {
  registerEndpoint(app, endpoints.jobs.list, listJobsHandler);
  registerEndpoint(app, endpoints.jobs.retry, retryJobHandler);
}
