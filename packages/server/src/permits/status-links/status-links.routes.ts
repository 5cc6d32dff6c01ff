// Wiring of the homeowner's status page calls (core's statusLinks group) to their handlers. The static
// unsubscribe path comes before the {token} paths it would otherwise share a prefix with.
import { endpoints } from '@permitdesk/core';
import type { App } from '../../http/context.js';
import { registerEndpoint } from '../../http/register.js';
import * as h from './status-links.handlers.js';

export function registerStatusLinkRoutes(app: App): void {
  const api = endpoints.statusLinks;
  registerEndpoint(app, api.list, h.listStatusLinksHandler);
  registerEndpoint(app, api.create, h.createStatusLinkHandler);
  registerEndpoint(app, api.revoke, h.revokeStatusLinkHandler);
  registerEndpoint(app, api.unsubscribe, h.unsubscribeStatusHandler);
  registerEndpoint(app, api.open, h.openStatusHandler);
  registerEndpoint(app, api.subscribe, h.subscribeStatusHandler);
  registerEndpoint(app, api.confirm, h.confirmStatusHandler);
}
