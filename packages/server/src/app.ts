// createApp(services): the Hono app with security headers, CORS, request ids, body limits, JSON errors and 404,
// /healthz, /readyz, /openapi.json and every area's routes.
import { PAGINATION_HEADERS } from '@permitdesk/core';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import * as v from 'valibot';
import type { App, AppEnv } from './http/context.js';
import { apiCors, bodyLimitForBodies } from './http/cors.js';
import { fromDatabaseError, HttpError, notFound, payloadTooLarge, validationError } from './http/errors.js';
import { registeredEndpoints } from './http/register.js';
import { securityHeaders } from './http/security-headers.js';
import { buildOpenApi } from './openapi/openapi.js';
import { registerRoutes } from './routes.js';
import type { AppServices } from './services.js';
import { LOCAL_FILES_ROUTE } from './storage/local-storage.js';
import { registerHealthRoutes } from './http/health.js';
import { registerMetricsRoute } from './http/metrics-routes.js';
import { observeRequests } from './http/observe.js';

/** JSON bodies are small; files go through the storage routes with their own 50,000,000-byte limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  /** Extra routes after the API ones and before the 404 (static dashboard, widget, examples). */
  extraRoutes?: (app: App) => void;
}

export function createApp(services: AppServices, options: AppOptions = {}): App {
  const app = new Hono<AppEnv>();
  const origins = services.config.CORS_ORIGINS?.split(',').map((o) => o.trim()).filter(Boolean);

  app.use(requestId());
  // Outermost: it sees every answer, 404s and errors included.
  app.use(securityHeaders(services.config));
  // Drain refusal, in-flight count, request context, request log line and metrics (http/observe.ts).
  app.use(observeRequests(services));
  app.use(async (c, next) => {
    c.set('services', services);
    await next();
  });
  // CORS (preflights, and the headers on every other answer) and the request id on handler-built answers.
  app.use(
    apiCors({
      origins: origins && origins.length > 0 ? origins : '*',
      allowHeaders: ['authorization', 'content-type', 'x-request-id', 'x-forwarded-for', 'sass_agent_id', 'sass_organization_id', 'idempotency-key'],
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // etag: a multipart upload's part PUT answers it (multipart.ts).
      exposeHeaders: [...Object.values(PAGINATION_HEADERS), 'x-request-id', 'idempotent-replayed', 'etag'],
      maxAgeSeconds: 600,
    }),
  );
  const jsonBodyLimit = bodyLimitForBodies(bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: (ctx) => ctx.json(payloadTooLarge().toJSON(), 413) }));
  app.use(async (c, next) => {
    if (c.req.path.startsWith(`${LOCAL_FILES_ROUTE}/`)) return next();
    return jsonBodyLimit(c, next);
  });

  // /healthz (alive) and /readyz (database, migrations, gazetteer; 503 while draining): http/health.ts.
  registerHealthRoutes(app, services);
  // /metrics: Prometheus, behind METRICS_TOKEN (or on METRICS_PORT instead): http/metrics-routes.ts.
  registerMetricsRoute(app, services);
  app.get('/openapi.json', (c) =>
    c.json(buildOpenApi(registeredEndpoints(app), { title: 'PermitDesk API', version: '0.1.0', serverUrl: services.config.PUBLIC_URL })),
  );

  registerRoutes(app);
  options.extraRoutes?.(app);

  app.notFound((c) => c.json(notFound(`No route for ${c.req.method} ${c.req.path}.`).toJSON(), 404));
  app.onError((error, c) => {
    const known = error instanceof HttpError ? error : error instanceof v.ValiError ? validationError(error.issues) : fromDatabaseError(error);
    if (known) return c.json(known.toJSON(), known.status);
    services.log.error(`${c.req.method} ${c.req.path} failed`, { requestId: c.get('requestId'), error });
    return c.json({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' }, 500);
  });
  return app;
}
