// Wiring of the sign-up funnel's calls (core's funnel endpoint group). The public event takes a small
// body only (FUNNEL_EVENT_MAX_BYTES; 413 beyond); its per-client rate limit is in http/rate-limit.ts.
import { endpoints, FUNNEL_EVENT_MAX_BYTES } from '@permitdesk/core';
import { bodyLimit } from 'hono/body-limit';
import type { App } from '../http/context.js';
import { payloadTooLarge } from '../http/errors.js';
import { registerEndpoint, toHonoPath } from '../http/register.js';
import { funnelReportHandler, recordFunnelEventHandler } from './funnel.handlers.js';

export function registerFunnelRoutes(app: App): void {
  const api = endpoints.funnel;
  // Middleware on the path (not a second route: the served routes are exactly the catalogue's, app.test.ts).
  app.use(toHonoPath(api.record.path), bodyLimit({ maxSize: FUNNEL_EVENT_MAX_BYTES, onError: (c) => c.json(payloadTooLarge().toJSON(), 413) }));
  registerEndpoint(app, api.record, recordFunnelEventHandler);
  registerEndpoint(app, api.report, funnelReportHandler);
}
