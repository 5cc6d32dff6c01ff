// Wiring of the permit team's calls (core's operator endpoint group).
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './operator.handlers.js';

export function registerOperatorRoutes(app: App): void {
  const api = endpoints.operator;
  registerEndpoint(app, api.status, h.operatorStatus);
  registerEndpoint(app, api.permits, h.listPermits);
  registerEndpoint(app, api.permit, h.getPermit);
  registerEndpoint(app, api.changeStage, h.changePermitStage);
  registerEndpoint(app, api.addInspection, h.addInspection);
  registerEndpoint(app, api.updateInspection, h.updateInspection);
  registerEndpoint(app, api.reply, h.replyAsTeam);
  registerEndpoint(app, api.decideCancellation, h.decideCancellation);
}
