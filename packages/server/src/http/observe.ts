// The outer request middleware of operations: while the replica drains, new work is refused (503,
// Connection: close, so the proxy retries elsewhere); every other request is counted in flight, runs in
// its request context (request id, user, company), and is logged (one JSON line) and measured once.
import { matchedRoutes } from 'hono/route';
import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from './context.js';
import type { AppServices } from '../services.js';
import { runInRequestContext, type RequestContext } from '../ops/request-context.js';

/** Probes answer while draining: the load balancer must see /readyz turn 503, and /metrics keeps scraping. */
export const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export const SHUTTING_DOWN = { message: 'This server is restarting. Please try again in a moment.', code: 'SHUTTING_DOWN' } as const;

/** Sign-in routes whose 401, 403 and 429 answers count as login failures. */
const SIGN_IN_ROUTES = new Set(['/auth/authenticate', '/auth/two-factor']);
const LOGIN_FAILURES = new Set([401, 403, 429]);

export function observeRequests(services: AppServices): MiddlewareHandler<AppEnv> {
  const { lifecycle, metrics, log } = services;
  return async (c, next) => {
    if (lifecycle.draining && !PROBE_PATHS.has(c.req.path)) {
      c.header('connection', 'close');
      c.header('retry-after', '1');
      return c.json(SHUTTING_DOWN, 503);
    }
    const leave = lifecycle.enter();
    const started = performance.now();
    const context: RequestContext = { requestId: c.get('requestId'), userId: null, companyId: null };
    try {
      await runInRequestContext(context, next);
    } finally {
      leave();
      const seconds = (performance.now() - started) / 1000;
      const status = c.res.status;
      const route = routePattern(c, status);
      const method = c.req.method;
      metrics.observeRequest({ method, route, status }, seconds);
      if (SIGN_IN_ROUTES.has(route) && LOGIN_FAILURES.has(status)) metrics.loginFailed(String(status));
      const companyId = context.companyId ?? companyParam(c);
      const line = { requestId: context.requestId, method, route, status, durationMs: Math.round(seconds * 10_000) / 10, userId: context.userId, companyId };
      if (PROBE_PATHS.has(route)) log.debug('request', line);
      else if (status >= 500) log.error('request', line);
      else log.info('request', line);
    }
  };
}

/** The route pattern that answered ('/v4/permits/:id'), never the raw path (bounded label values). */
function routePattern(c: AppContext, status: number): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex];
  if (answered && answered.method !== 'ALL') return answered.path;
  const handler = [...routes].reverse().find((r) => r.method !== 'ALL');
  if (handler) return handler.path;
  return status === 404 ? '(unmatched)' : (answered?.path ?? '(unmatched)');
}

/** The company a request acts on, from its route parameters (`:companyId`), else null. */
function companyParam(c: AppContext): number | null {
  try {
    const value = c.req.param('companyId');
    return value && /^\d+$/.test(value) ? Number(value) : null;
  } catch {
    return null;
  }
}
