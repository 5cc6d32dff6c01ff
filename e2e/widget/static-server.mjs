// A tiny static file server for the end-to-end runs, on a free port of its own (so on an origin of its
// own): the built Storybook, or the partner site as another company would host it.
//   prefix:    the URL path the folder is served under ('/examples/' → /examples/partner-site/)
//   transform: (path inside the folder, text) → text, for pages that need the run's addresses
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };

export function serveStatic(dir, { prefix = '/', transform } = {}) {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!pathname.startsWith(prefix)) return res.writeHead(404).end('not found');
    const path = normalize(`/${pathname.slice(prefix.length)}`).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return res.writeHead(404).end('not found');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (transform && type.startsWith('text/')) {
      const text = transform(file.slice(dir.length).replace(/\\/g, '/'), readFileSync(file, 'utf8'));
      return res.writeHead(200, { 'content-type': `${type}; charset=utf-8` }).end(text);
    }
    res.writeHead(200, { 'content-type': type });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) })));
}
