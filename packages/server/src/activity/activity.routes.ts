// Wiring of the audit trail's reads (core's audit group, less the team calls that team/ serves).
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './activity.handlers.js';

export function registerActivityRoutes(app: App): void {
  const api = endpoints.audit;
  registerEndpoint(app, api.exportCsv, h.exportActivityCsv);
  registerEndpoint(app, api.permitActivity, h.permitActivity);
  registerEndpoint(app, api.operatorPermitActivity, h.operatorPermitActivity);
  registerEndpoint(app, api.companyActivity, h.companyActivity);
}
