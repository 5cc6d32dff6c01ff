// Wiring of the pre-filing gate's calls to core's catalogue (endpoints.gate).
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './gate.handlers.js';

export function registerGateRoutes(app: App): void {
  const api = endpoints.gate;
  registerEndpoint(app, api.check, h.checkGateHandler);
  registerEndpoint(app, api.requirements, h.listRequirementsHandler);
  registerEndpoint(app, api.createRequirement, h.createRequirementHandler);
  registerEndpoint(app, api.updateRequirement, h.updateRequirementHandler);
  registerEndpoint(app, api.deleteRequirement, h.deleteRequirementHandler);
}
