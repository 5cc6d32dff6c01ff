// GET /metrics (Prometheus text format). On the main port only with METRICS_TOKEN, as a bearer token
// (401 otherwise); with METRICS_PORT, on that port alone without a token (keep it on the monitoring
// network); with neither, there is no /metrics (404).
import { timingSafeEqual } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { App } from './context.js';
import type { AppServices } from '../services.js';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const scrape = async (services: AppServices) =>
  new Response(await services.metrics.render(), { headers: { 'content-type': services.metrics.contentType, 'cache-control': 'no-store' } });

export function registerMetricsRoute(app: App, services: AppServices): void {
  const token = services.config.METRICS_TOKEN;
  if (!token || services.config.METRICS_PORT !== undefined) return;
  app.get('/metrics', async (c) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match?.[1] || !sameSecret(match[1], token)) {
      c.header('www-authenticate', 'Bearer realm="metrics"');
      return c.json({ message: 'A valid metrics token is required.', code: 'UNAUTHORIZED' }, 401);
    }
    return scrape(services);
  });
}

/** The separate metrics listener (METRICS_PORT), or null when not configured. */
export async function startMetricsServer(services: AppServices): Promise<ServerType | null> {
  const port = services.config.METRICS_PORT;
  if (port === undefined) return null;
  const app = new Hono();
  app.get('/metrics', () => scrape(services));
  return new Promise<ServerType>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: services.config.HOST }, () => resolve(server));
  });
}
