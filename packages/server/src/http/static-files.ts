// Serves the built front ends from the API's own origin: the dashboard (SPA fallback to index.html for
// page requests), the widget bundle at /widget/ and the examples at /examples/.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { App } from './context.js';

export interface StaticFolders {
  dashboard: string;
  widget: string;
  examples: string;
}

export function registerStaticRoutes(app: App, folders: StaticFolders): void {
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

  const index = path.join(folders.dashboard, 'index.html');
  // Unknown page paths (a browser asking for HTML) get the dashboard, which routes them itself;
  // API callers asking for JSON still get the JSON 404.
  app.get('*', async (c, next) => {
    const wantsHtml = (c.req.header('accept') ?? '').includes('text/html');
    if (!wantsHtml || !existsSync(index)) return next();
    return c.html(await readFile(index, 'utf8'));
  });
}
