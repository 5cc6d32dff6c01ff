// Wiring of the public compliance link calls (core's complianceLinks group) to their handlers.
import { endpoints } from '@permitdesk/core';
import type { App } from '../../http/context.js';
import { registerEndpoint } from '../../http/register.js';
import * as h from './links.handlers.js';

export function registerComplianceLinkRoutes(app: App): void {
  const api = endpoints.complianceLinks;
  registerEndpoint(app, api.list, h.listLinksHandler);
  registerEndpoint(app, api.create, h.createLinkHandler);
  registerEndpoint(app, api.get, h.getLinkHandler);
  registerEndpoint(app, api.revoke, h.revokeLinkHandler);
  registerEndpoint(app, api.open, h.openLinkHandler);
  registerEndpoint(app, api.download, h.downloadLinkFileHandler);
}
