// CORS for the API, and the request id on every answer. Preflights (OPTIONS) are Hono's cors(); every other
// answer gets the same headers after its handler ran, set on the answer itself.
//
// Why not cors() for every request: it sets its headers on c.res before the handler runs, and once c.res
// exists Hono copies the handler's answer into a new WHATWG Response (reading the body as a stream), so
// @hono/node-server can no longer write a string body straight out. Measured on the address suggestions
// (bench/throughput.mjs, issue 17): that copy and the request body check (see bodyLimitForBodies) were about a
// quarter of the server's CPU per request.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from './context.js';

export interface CorsOptions {
  /** '*' or the origins allowed (CORS_ORIGINS). */
  origins: '*' | string[];
  allowHeaders: string[];
  allowMethods: string[];
  exposeHeaders: string[];
  maxAgeSeconds: number;
}

export function apiCors(options: CorsOptions): MiddlewareHandler<AppEnv> {
  const preflight = cors({
    origin: options.origins,
    allowHeaders: options.allowHeaders,
    allowMethods: options.allowMethods,
    exposeHeaders: options.exposeHeaders,
    maxAge: options.maxAgeSeconds,
  });
  const expose = options.exposeHeaders.join(',');
  const allowOrigin = (origin: string | undefined): string | null =>
    options.origins === '*' ? '*' : origin && options.origins.includes(origin) ? origin : null;
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    // c.res.headers, not c.header(): after the handler, c.header() would copy the answer (see above).
    const headers = c.res.headers;
    // Handler-built Responses (CSV exports, files, the metrics scrape) do not carry the ids set by c.header().
    headers.set('x-request-id', c.get('requestId'));
    const allowed = allowOrigin(c.req.header('origin'));
    if (allowed) headers.set('access-control-allow-origin', allowed);
    headers.set('access-control-expose-headers', expose);
    if (options.origins !== '*') headers.append('vary', 'Origin');
  };
}

/** Methods whose requests this API never reads a body from. */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Hono's bodyLimit() for requests whose body is read. It reads c.req.raw.body, which makes
 * @hono/node-server build a full WHATWG Request (an AbortSignal, a body stream) even for a GET.
 */
export function bodyLimitForBodies(limit: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return async (c, next) => (BODILESS.has(c.req.method) ? next() : limit(c, next));
}
