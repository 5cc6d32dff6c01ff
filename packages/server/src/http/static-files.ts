// Serves the built front ends from the API's own origin: the dashboard (SPA fallback to index.html for
// page requests), the widget bundle at /widget/ and the examples at /examples/. Each dashboard page
// carries the partner allow-list in <meta name="permitdesk-embed-origins"> (see dashboard/index.html):
// the /embed page reads it to accept messages only from those origins, as it cannot read the environment.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { platformOrigins, trustedOrigins, type Config } from '../config.js';
import { PLATFORM_EMBED_PATH } from './security-headers.js';
import type { App } from './context.js';

export interface StaticFolders {
  dashboard: string;
  widget: string;
  examples: string;
}

const EMBED_ORIGINS_META = /<meta name="permitdesk-embed-origins" content="[^"]*"/;

/** index.html with the allow-list filled in (origins from new URL().origin: no quote or '<' possible). */
async function dashboardPage(index: string, config: Config, pagePath = '/'): Promise<string> {
  const html = await readFile(index, 'utf8');
  // The construction platform's embed talks to the platform's pages only (PLATFORM_ORIGINS).
  const origins = PLATFORM_EMBED_PATH.test(pagePath) ? [new URL(config.PUBLIC_URL).origin, ...platformOrigins(config)] : trustedOrigins(config);
  return html.replace(EMBED_ORIGINS_META, `<meta name="permitdesk-embed-origins" content="${origins.join(' ')}"`);
}

export function registerStaticRoutes(app: App, folders: StaticFolders): void {
  const index = path.join(folders.dashboard, 'index.html');
  app.get('/', async (c, next) => (existsSync(index) ? c.html(await dashboardPage(index, c.get('services').config)) : next()));
  // serveStatic takes a root relative to the working directory.
  const rel = (folder: string) => path.relative(process.cwd(), folder) || '.';
  app.use('/widget/*', serveStatic({ root: rel(folders.widget), rewriteRequestPath: (p) => p.replace(/^\/widget/, '') }));
  app.use('/examples/*', serveStatic({ root: rel(folders.examples), rewriteRequestPath: (p) => p.replace(/^\/examples/, '') }));
  app.use('/examples/*', async (c, next) => {
    // '/examples/partner-site/' → its index.html
    const target = path.join(folders.examples, c.req.path.replace(/^\/examples/, ''), 'index.html');
    if (c.req.method === 'GET' && existsSync(target)) return c.html(await readFile(target, 'utf8'));
    return next();
  });
  app.use('/*', serveStatic({ root: rel(folders.dashboard) }));

  // Unknown page paths (a browser asking for HTML) get the dashboard, which routes them itself;
  // API callers asking for JSON still get the JSON 404.
  app.get('*', async (c, next) => {
    const wantsHtml = (c.req.header('accept') ?? '').includes('text/html');
    if (!wantsHtml || !existsSync(index)) return next();
    return c.html(await dashboardPage(index, c.get('services').config, c.req.path));
  });
}
