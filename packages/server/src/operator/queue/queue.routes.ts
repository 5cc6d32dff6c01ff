// Wiring of the permit team's queue calls (core's opsQueue endpoint group).
import { endpoints } from '@permitdesk/core';
import type { App } from '../../http/context.js';
import { registerEndpoint } from '../../http/register.js';
import * as h from './queue.handlers.js';

export function registerOpsQueueRoutes(app: App): void {
  const api = endpoints.opsQueue;
  registerEndpoint(app, api.queue, h.listQueue);
  registerEndpoint(app, api.assign, h.assignPermits);
  registerEndpoint(app, api.moveStage, h.movePermitsStage);
  registerEndpoint(app, api.views, h.listSavedViews);
  registerEndpoint(app, api.saveView, h.saveQueueView);
  registerEndpoint(app, api.deleteView, h.deleteQueueView);
  registerEndpoint(app, api.sla, h.getSla);
  registerEndpoint(app, api.updateSla, h.putSla);
  registerEndpoint(app, api.updateNoticeWall, h.putNoticeWall);
  registerEndpoint(app, api.teamMembers, h.listTeamMembers);
}
