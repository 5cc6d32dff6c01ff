// Issue 10, item 5, end to end in Debian's Chromium against the real server (node scripts/e2e.mjs security):
// - no other origin can frame a dashboard page (frame-ancestors 'none'), not even a partner;
// - /embed can be framed by an allow-listed partner origin (EMBED_ORIGINS), which then drives it over the
//   pinned postMessage protocol, and by no other origin;
// - the dashboard runs under its strict CSP without a single violation: /, /sign-in, /project-radar as the
//   demo owner (its guided tour included), and /embed with the widget open.
//
// The pages that frame ours are served here, from addresses of this machine Chromium is told about:
//   partner   http://partner.app.localhost:PORT   allow-listed (scripts/e2e.mjs: EMBED_ORIGINS), served on 127.0.0.2:PORT
//   neighbour http://stranger.app.localhost:PORT  the same server under another name: same site, not listed
//   stranger  http://127.0.0.1:<other port>       another site altogether
// PermitDesk itself is framed as http://app.localhost:PORT (the server on 127.0.0.1) when it must run in the
// frame: Chromium denies storage to a frame from another site, and the dashboard does not start without
// it (reported in issue 10), so the postMessage run uses a same-site partner; every origin stays distinct.
//
//   E2E_BASE_URL   the server (default http://127.0.0.1:3000, started with EMBED_ORIGINS=http://partner.app.localhost:3000)
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { launchChromium } from '../support/browser.mjs';

const base = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const port = new URL(base).port || '80';
const SAME_SITE_BASE = `http://app.localhost:${port}`;
const PARTNER = `http://partner.app.localhost:${port}`;
const NEIGHBOUR = `http://stranger.app.localhost:${port}`;
const DEMO = { email: 'demo@permitdesk.test', password: 'PermitDesk-demo1' };

let browser;
let partnerServer;
let strangerServer;
/** The stranger's origin (a port of its own). */
let stranger;

/** A page that frames `src` and, with `drive`, talks to it through the widget's createFrameHost. */
function framingPage(src, { drive = false } = {}) {
  const origin = new URL(src).origin;
  const script = drive
    ? `<script type="module">
        import { createFrameHost } from '${origin}/widget/esm/frame-host.js';
        const host = createFrameHost(document.getElementById('framed'), '${origin}');
        window.heard = [];
        host.on('ready', () => window.heard.push('ready'));
        host.on('state', ({ state }) => window.heard.push('state:' + state));
      </script>`
    : '';
  return `<!doctype html><html lang="en"><head><title>Partner</title></head><body><iframe id="framed" title="framed" src="${src}" width="900" height="700" onload="document.body.dataset.framed = '1'"></iframe>${script}</body></html>`;
}

/** Serves framingPage() at /frame?src=<url>[&drive=1] on host:port; resolves to { origin, close() }. */
function servePages(host, listenPort) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const src = url.searchParams.get('src');
    if (url.pathname !== '/frame' || !src) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(framingPage(src, { drive: url.searchParams.has('drive') }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, host, () => resolve({ origin: `http://${host}:${server.address().port}`, close: () => new Promise((r) => server.close(r)) }));
  });
}

/** Opens `framer`'s page framing `src` in a fresh context; returns the iframe once it has loaded. */
async function frameOf(framer, src, { drive = false } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${framer}/frame?${drive ? 'drive=1&' : ''}src=${encodeURIComponent(src)}`);
  // The iframe's load event fires for a page it shows and for Chromium's error page alike.
  await page.locator('body[data-framed]').waitFor({ state: 'attached' });
  const frame = page.frames().find((f) => f !== page.mainFrame());
  return { context, page, frame };
}

/** True when the frame shows `src` (not Chromium's error page for a refused frame). */
const shows = (frame, src) => frame.url() === src;

before(async () => {
  browser = await launchChromium([`--host-resolver-rules=MAP ${new URL(PARTNER).hostname} 127.0.0.2, MAP ${new URL(NEIGHBOUR).hostname} 127.0.0.2`]);
  partnerServer = await servePages('127.0.0.2', Number(port));
  strangerServer = await servePages('127.0.0.1', 0);
  stranger = strangerServer.origin;
});
after(async () => {
  await browser?.close();
  await partnerServer?.close();
  await strangerServer?.close();
});

describe('framing', { timeout: 120_000 }, () => {
  it('refuses to let another origin frame a dashboard page, even a partner', async () => {
    for (const framer of [PARTNER, NEIGHBOUR, stranger]) {
      for (const path of ['/', '/sign-in', '/project-radar']) {
        const src = `${base}${path}`;
        const { context, frame } = await frameOf(framer, src);
        assert.ok(!shows(frame, src), `${framer} framed ${path}`);
        await context.close();
      }
    }
  });

  it('lets the allow-listed partner frame /embed, and only the construction platform frame its own embed', async () => {
    const src = `${base}/embed?parent_origin=${encodeURIComponent(PARTNER)}`;
    const allowed = await frameOf(PARTNER, src);
    assert.ok(shows(allowed.frame, src), `the partner could not frame /embed: ${allowed.frame.url()}`);
    await allowed.context.close();
    // /embed/construction-platform answers to PLATFORM_ORIGINS only (e2e/platform frames it from the platform).
    const platformEmbed = `${base}/embed/construction-platform?parent_origin=${encodeURIComponent(PARTNER)}`;
    for (const framer of [PARTNER, stranger]) {
      const { context, frame } = await frameOf(framer, platformEmbed);
      assert.ok(!shows(frame, platformEmbed), `${framer} framed /embed/construction-platform`);
      await context.close();
    }
  });

  it('lets the allow-listed partner drive /embed over the pinned postMessage protocol', async () => {
    const src = `${SAME_SITE_BASE}/embed?parent_origin=${encodeURIComponent(PARTNER)}`;
    const { context, page, frame } = await frameOf(PARTNER, src, { drive: true });
    assert.ok(shows(frame, src), `the partner could not frame /embed: ${frame.url()}`);
    // The frame took the partner as its parent: the handshake completes and the widget's state arrives.
    await page.waitForFunction(() => window.heard?.includes('ready') && window.heard.some((h) => h.startsWith('state:')), null, { timeout: 30_000 });
    await context.close();
  });

  it('refuses to let any other origin frame /embed, same site or not', async () => {
    for (const framer of [NEIGHBOUR, stranger]) {
      for (const path of ['/embed', '/embed/construction-platform']) {
        for (const src of [`${base}${path}?parent_origin=${encodeURIComponent(framer)}`, `${SAME_SITE_BASE}${path}?parent_origin=${encodeURIComponent(framer)}`]) {
          const { context, frame } = await frameOf(framer, src);
          assert.ok(!shows(frame, src), `${framer} framed ${src}`);
          await context.close();
        }
      }
    }
  });
});

describe('the dashboard under its CSP', { timeout: 240_000 }, () => {
  /** A context whose every page records CSP violations and console errors about the policy. */
  async function watchedContext() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = [];
    await context.exposeBinding('reportViolation', ({ frame }, text) => problems.push(`${frame.url()}: ${text}`));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        window.reportViolation(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
    });
    return { context, problems };
  }

  it('serves pages with no inline script or style to allow', async () => {
    const html = await (await fetch(`${base}/sign-in`, { headers: { accept: 'text/html' } })).text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/i, 'an inline <script> in index.html');
    assert.doesNotMatch(html, /<style|\sstyle=/i, 'an inline style in index.html');
    assert.match(html, /<meta name="permitdesk-embed-origins" content="[^"]*partner\.app\.localhost/);
  });

  it('runs /, /sign-in, /project-radar (with its tour) and /embed without a CSP violation', async () => {
    const { context, problems } = await watchedContext();
    const page = await context.newPage();
    for (const path of ['/', '/sign-in']) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await page.locator('#main, main').first().waitFor();
    }
    await page.goto(`${base}/sign-in`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email Address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(`Welcome ${DEMO.email}!`).waitFor();
    // The demo user may have seen the radar's tour in another suite (kept on the server): bring it back.
    await page.goto(`${base}/profile`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Show the guided tours again' }).click();
    await page.getByText('The guided tours will show again.').waitFor();
    await page.goto(`${base}/project-radar`, { waitUntil: 'networkidle' });
    // The radar's guided tour (driver.js) positions its popover with inline styles: it must run too.
    await page.locator('.driver-popover').waitFor({ timeout: 15_000 });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.goto(`${base}/embed`, { waitUntil: 'networkidle' });
    // The widget mounted and opened its modal (the element's state attribute says so).
    await page.locator('.widget-host [state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    assert.deepEqual(problems, []);
    await context.close();
  });
});
