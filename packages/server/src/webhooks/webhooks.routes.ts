// Wiring of the outbound webhook calls (core's webhooks endpoint group).
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './webhooks.handlers.js';

export function registerWebhookRoutes(app: App): void {
  const api = endpoints.webhooks;
  registerEndpoint(app, api.list, h.listWebhooksHandler);
  registerEndpoint(app, api.create, h.createWebhookHandler);
  registerEndpoint(app, api.remove, h.deleteWebhookHandler);
  registerEndpoint(app, api.deliveries, h.listDeliveriesHandler);
  registerEndpoint(app, api.replay, h.replayDeliveryHandler);
}
