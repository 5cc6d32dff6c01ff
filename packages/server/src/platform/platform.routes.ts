// Wiring of the construction-platform calls (catalogue: platform.*) and of the platform's inbound webhook.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './platform.handlers.js';

export function registerPlatformRoutes(app: App): void {
  const api = endpoints.platform;
  registerEndpoint(app, api.status, h.statusHandler);
  registerEndpoint(app, api.connect, h.connectHandler);
  registerEndpoint(app, api.disconnect, h.disconnectHandler);
  registerEndpoint(app, api.authenticate, h.authenticateHandler);
  registerEndpoint(app, api.projects, h.projectsHandler);
  registerEndpoint(app, api.project, h.projectHandler);
  registerEndpoint(app, api.import, h.importHandler);
  registerEndpoint(app, api.embed, h.embedHandler);
  registerEndpoint(app, api.documents, h.documentsHandler);
  registerEndpoint(app, api.retryDocument, h.retryDocumentHandler);
  registerEndpoint(app, api.signIn, h.signInHandler);
  app.post('/webhooks/platform/:connectionId', h.inboundWebhookHandler);
}
