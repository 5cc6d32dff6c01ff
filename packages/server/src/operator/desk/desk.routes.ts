// Wiring of the permit desk's calls (core's opsDesk endpoint group).
import { endpoints } from '@permitdesk/core';
import type { App } from '../../http/context.js';
import { registerEndpoint } from '../../http/register.js';
import * as h from './desk.handlers.js';

export function registerDeskRoutes(app: App): void {
  const api = endpoints.opsDesk;
  registerEndpoint(app, api.templates, h.getTemplates);
  registerEndpoint(app, api.updateTemplate, h.putTemplate);
  registerEndpoint(app, api.desk, h.getDesk);
  registerEndpoint(app, api.update, h.updateDeskPermit);
  registerEndpoint(app, api.uploadDocument, h.uploadTeamDocument);
  registerEndpoint(app, api.reply, h.replyWithAttachments);
}
