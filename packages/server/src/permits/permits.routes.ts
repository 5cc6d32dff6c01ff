// Wiring of the permit calls (SPEC §7.1) to core's catalogue.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './permits.handlers.js';

export function registerPermitRoutes(app: App): void {
  const api = endpoints.permits;
  registerEndpoint(app, api.bySession, h.permitBySession);
  registerEndpoint(app, api.get, h.getPermit);
  registerEndpoint(app, api.changeStage, h.changePermitStage);
  registerEndpoint(app, api.reply, h.replyToPermit);
  registerEndpoint(app, api.uploadDocument, h.uploadPermitDocument);
  registerEndpoint(app, api.cancellationStatus, h.permitCancellationStatus);
  registerEndpoint(app, api.updateProjectName, h.updateProjectName);
  registerEndpoint(app, api.dismiss, h.dismissPermit);
}
