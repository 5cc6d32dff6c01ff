// examples/partner-site served from an origin of its own, as a partner hosts it: the snippet loads
// widget.js from the PermitDesk server, and the page's strict CSP lets that origin in (the snippet's
// hash recomputed for the changed URL). The widget then signs users in on this origin, whose storage
// the PermitDesk site cannot read: the session reaches the site through a handoff code.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { serveStatic } from './static-server.mjs';

/** { url, close() } of a server for root/examples under /examples/ on a free port. */
export function servePartnerOrigin(root, apiBase) {
  return serveStatic(join(root, 'examples'), {
    prefix: '/examples/',
    transform: (path, text) => (path === '/partner-site/index.html' ? crossOriginPage(text, apiBase) : text),
  });
}

export function crossOriginPage(html, apiBase) {
  const local = '"/widget/widget.js"';
  if (!html.includes(local)) throw new Error(`the partner page no longer loads ${local}`);
  const page = html.replace(local, JSON.stringify(`${apiBase}/widget/widget.js`));
  const snippet = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1];
  if (!snippet) throw new Error('no inline snippet on the partner page');
  const hash = createHash('sha256').update(snippet).digest('base64');
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${apiBase} 'sha256-${hash}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${apiBase}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  const policy = /(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/;
  if (!policy.test(page)) throw new Error('no CSP meta tag on the partner page');
  return page.replace(policy, `$1${csp}$2`);
}
