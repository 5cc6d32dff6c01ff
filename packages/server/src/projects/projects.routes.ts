// Wiring of the project calls (SPEC §7.2) and the company's project updates to core's catalogue.
// Static paths (search, default-search) come before parameterised ones.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './projects.handlers.js';

export function registerProjectRoutes(app: App): void {
  const api = endpoints.projects;
  registerEndpoint(app, api.search, h.searchProjectsHandler);
  registerEndpoint(app, api.defaultSearch, h.defaultSearchHandler);
  registerEndpoint(app, api.create, h.createProject);
  registerEndpoint(app, api.updateAssignments, h.updateAssignmentsHandler);
  registerEndpoint(app, api.get, h.getProject);
  registerEndpoint(app, api.update, h.updateProject);
  registerEndpoint(app, api.addPermits, h.addProjectPermits);
  registerEndpoint(app, api.getPermitData, h.getPermitData);
  registerEndpoint(app, api.updatePermit, h.updatePermitData);
  registerEndpoint(app, api.addAssignment, h.addAssignmentHandler);
  registerEndpoint(app, api.removeAssignment, h.removeAssignmentHandler);
  registerEndpoint(app, api.myAccess, h.myProjectAccessHandler);
  registerEndpoint(app, endpoints.companies.projectUpdates, h.projectUpdatesHandler);
  registerEndpoint(app, endpoints.companies.markProjectUpdatesRead, h.markProjectUpdatesReadHandler);
}
