// Security headers (issue 10, item 5): every answer carries nosniff, a Referrer-Policy and a
// Permissions-Policy; dashboard pages a strict CSP that no other origin may frame; /embed a CSP that only
// the partner allow-list (EMBED_ORIGINS) may frame; the widget's files stay loadable by partner pages;
// HSTS only when PUBLIC_URL is https. The app is the real one, serving a small built-site fixture.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import type { App } from '../http/context.js';
import { registerStaticRoutes } from '../http/static-files.js';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

const PARTNER = 'https://partner.example';
const OTHER_PARTNER = 'http://localhost:4000';
const PLATFORM = 'https://app.platform.example';

/** The CSP of a response as a map of directive → sources. */
function csp(headers: Headers): Map<string, string[]> {
  const value = headers.get('content-security-policy') ?? '';
  return new Map(
    value.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
      const [name, ...sources] = part.split(/\s+/);
      return [name!, sources] as const;
    }),
  );
}

function expectEverywhere(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  const permissions = headers.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation']) expect(permissions).toContain(`${feature}=()`);
}

describe.each(databaseTargets())('security headers on %s', (target) => {
  let t: TestContext;
  let site: string;
  let app: App;
  const page = (p: string) => app.request(p, { headers: { accept: 'text/html' } });

  beforeAll(async () => {
    t = await createTestContext({ target, env: { EMBED_ORIGINS: `${PARTNER},${OTHER_PARTNER}`, PLATFORM_ORIGINS: PLATFORM } });
    site = await mkdtemp(path.join(os.tmpdir(), 'permitdesk-site-'));
    await mkdir(path.join(site, 'dashboard/assets'), { recursive: true });
    await mkdir(path.join(site, 'widget/esm'), { recursive: true });
    await mkdir(path.join(site, 'examples/iframe-host'), { recursive: true });
    // The built index.html's shape: module script and stylesheet files, the (empty) embed allow-list meta.
    await writeFile(
      path.join(site, 'dashboard/index.html'),
      '<!doctype html><html><head><meta name="permitdesk-embed-origins" content="" /><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(site, 'dashboard/assets/index.js'), 'console.log(1)');
    await writeFile(path.join(site, 'widget/widget.js'), 'console.log(2)');
    await writeFile(path.join(site, 'widget/esm/modal.js'), 'export {}');
    await writeFile(path.join(site, 'examples/iframe-host/index.html'), '<!doctype html><title>host</title>');
    app = createApp(t.services, {
      extraRoutes: (a) => {
        // A handler that sets its own policy (as the file downloads do) keeps it.
        a.get('/own-policy', (c) => c.text('x', 200, { 'content-security-policy': "sandbox; default-src 'none'" }));
        registerStaticRoutes(a, { dashboard: path.join(site, 'dashboard'), widget: path.join(site, 'widget'), examples: path.join(site, 'examples') });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(site, { recursive: true, force: true });
  });

  it('gives the API JSON answers (and its 404s) nosniff, referrer and permissions policies, and no framing', async () => {
    for (const res of [await app.request('/healthz'), await app.request('/v4/no-such-thing')]) {
      expect(res.headers.get('content-type')).toContain('application/json');
      expectEverywhere(res.headers);
      expect(csp(res.headers).get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp(res.headers).get('default-src')).toEqual(["'none'"]);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('serves every dashboard page with a strict CSP that no other page may frame', async () => {
    for (const p of ['/', '/sign-in', '/project-radar', '/permits/123']) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expectEverywhere(res.headers);
      const policy = csp(res.headers);
      expect(policy.get('script-src'), p).toEqual(["'self'"]);
      expect(policy.get('style-src'), p).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), p).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('lets only its own origin and the EMBED_ORIGINS partners frame /embed, and hands the page that list', async () => {
    for (const p of ['/embed', '/embed/us/ny/kings/brooklyn']) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expectEverywhere(res.headers);
      const policy = csp(res.headers);
      expect(policy.get('frame-ancestors'), p).toEqual(["'self'", 'http://permitdesk.test', PARTNER, OTHER_PARTNER]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(await res.text()).toContain(`<meta name="permitdesk-embed-origins" content="http://permitdesk.test ${PARTNER} ${OTHER_PARTNER}" />`);
    }
  });

  it('lets only its own origin and the platform (PLATFORM_ORIGINS) frame /embed/construction-platform, not the partners', async () => {
    const res = await page('/embed/construction-platform?projectId=prj-1');
    expect(res.status).toBe(200);
    expectEverywhere(res.headers);
    const policy = csp(res.headers);
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'http://permitdesk.test', PLATFORM]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(await res.text()).toContain(`<meta name="permitdesk-embed-origins" content="http://permitdesk.test ${PLATFORM}" />`);
  });

  it('keeps the widget loadable by partner pages (cross-origin resource policy) and nosniff', async () => {
    for (const p of ['/widget/widget.js', '/widget/esm/modal.js']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expectEverywhere(res.headers);
      expect(res.headers.get('cross-origin-resource-policy'), p).toBe('cross-origin');
    }
    expect((await app.request('/assets/index.js')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('keeps a policy a handler set itself (file downloads set their own sandbox)', async () => {
    const res = await app.request('/own-policy');
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expectEverywhere(res.headers);
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    const https = await createTestContext({ target, env: { PUBLIC_URL: 'https://permits.example.com' } });
    try {
      const res = await https.app.request('/healthz');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    } finally {
      await https.close();
    }
  });
});
