// Security headers on every answer (Hono's secure-headers middleware), chosen by what the answer is:
//   dashboard pages  strict CSP (scripts and styles from our origin only, no inline), no framing at all
//   /embed pages     the same CSP, framable by our origin and the partner allow-list (EMBED_ORIGINS) only
//   /c/{token}       a public compliance link's page (issue 13): the dashboard's policy, no referrer at all
//                    (the token is in the path) and noindex; the same for /status/{token}, the homeowner's
//                    status page (issue 16)
//   /widget/*        the partner script: loadable by partner pages (Cross-Origin-Resource-Policy: cross-origin)
//   /examples/*      demo partner pages with their own <meta> CSP; framable by our origin only
//   /dev/*           the dev mailbox page: no script, its one inline <style>
//   everything else  API JSON, files, assets: default-src 'none', no framing, no referrer
// All of them: nosniff, a Referrer-Policy, a Permissions-Policy turning off the features nothing uses, and
// HSTS when PUBLIC_URL is https. A header a handler set itself (a file download's sandbox CSP) is kept.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { trustedOrigins, type Config } from '../config.js';
import type { AppEnv } from './context.js';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type Csp = NonNullable<SecureHeadersOptions['contentSecurityPolicy']>;

export type AnswerKind = 'dashboard' | 'embed' | 'publicLink' | 'widget' | 'examples' | 'devtools' | 'other';

const EMBED_PATH = /^\/embed(\/|$)/;
const PUBLIC_LINK_PATH = /^\/(c|status)\//;

/** What an answer is, from its path and content type (decided after the handler ran). */
export function answerKind(path: string, contentType: string | null): AnswerKind {
  if (path.startsWith('/widget/')) return 'widget';
  if (path.startsWith('/examples/')) return 'examples';
  if (path.startsWith('/dev/')) return 'devtools';
  if (!contentType?.startsWith('text/html')) return 'other';
  if (PUBLIC_LINK_PATH.test(path)) return 'publicLink';
  return EMBED_PATH.test(path) ? 'embed' : 'dashboard';
}

/** Origins a page on our origin uploads files to and shows them from, besides its own (S3 when configured). */
function storageOrigins(config: Config): string[] {
  if (config.S3_ENDPOINT) return [new URL(config.S3_ENDPOINT).origin];
  if (!config.S3_BUCKET) return [];
  // Presigned URLs name the bucket virtual-hosted, or path-style for bucket names with dots.
  return [`https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`, `https://s3.${config.S3_REGION}.amazonaws.com`];
}

/** The dashboard's CSP (also the /embed pages'); framing is added per kind. */
function dashboardCsp(config: Config): Csp {
  const storage = storageOrigins(config);
  return {
    defaultSrc: ["'self'"],
    // The built index.html has no inline script: the entry and its chunks are files (checked by a test
    // in e2e/security). Styles: stylesheet files; React and driver.js set element.style through the
    // CSSOM, which CSP does not govern, so no 'unsafe-inline' is needed.
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...storage],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...storage],
    // The booking modal frames an external scheduling page (VITE_BOOKING_URL, fixed at build time).
    frameSrc: ["'self'", 'https:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

function policies(config: Config): Record<AnswerKind, MiddlewareHandler> {
  const base: SecureHeadersOptions = {
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: new URL(config.PUBLIC_URL).protocol === 'https:' ? 'max-age=31536000; includeSubDomains' : false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
    xFrameOptions: 'DENY',
    overwrite: false,
  };
  const locked: Csp = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };
  return {
    dashboard: secureHeaders({ ...base, contentSecurityPolicy: { ...dashboardCsp(config), frameAncestors: ["'none'"] } }),
    // X-Frame-Options cannot name a list of origins; frame-ancestors does the job alone.
    publicLink: secureHeaders({ ...base, referrerPolicy: 'no-referrer', contentSecurityPolicy: { ...dashboardCsp(config), frameAncestors: ["'none'"] } }),
    embed: secureHeaders({ ...base, xFrameOptions: false, contentSecurityPolicy: { ...dashboardCsp(config), frameAncestors: ["'self'", ...trustedOrigins(config)] } }),
    widget: secureHeaders({ ...base, crossOriginResourcePolicy: 'cross-origin', contentSecurityPolicy: locked }),
    examples: secureHeaders({ ...base, xFrameOptions: 'SAMEORIGIN', contentSecurityPolicy: { frameAncestors: ["'self'"], objectSrc: ["'none'"], baseUri: ["'self'"] } }),
    // A dev-only page without any script: its inline <style> is harmless there.
    devtools: secureHeaders({ ...base, referrerPolicy: 'no-referrer', contentSecurityPolicy: { ...locked, styleSrc: ["'unsafe-inline'"] } }),
    other: secureHeaders({ ...base, referrerPolicy: 'no-referrer', contentSecurityPolicy: locked }),
  };
}

/** The middleware: runs the handler, then applies the policy of the answer's kind. */
export function securityHeaders(config: Config): MiddlewareHandler<AppEnv> {
  const byKind = policies(config);
  const done = async () => undefined;
  return async (c, next) => {
    await next();
    // secureHeaders sets its headers after its `next`; the real handler has already run here.
    const kind = answerKind(c.req.path, c.res.headers.get('content-type'));
    // A public link's page is for its holder only: kept out of search engines.
    if (kind === 'publicLink') c.header('X-Robots-Tag', 'noindex, nofollow');
    await byKind[kind](c, done);
  };
}

