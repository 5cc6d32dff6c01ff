// Wiring of the permit team's membership calls (core's audit group: team, setTeamRole).
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './team.handlers.js';

export function registerTeamRoutes(app: App): void {
  const api = endpoints.audit;
  registerEndpoint(app, api.team, h.teamList);
  registerEndpoint(app, api.setTeamRole, h.setTeamRole);
}
