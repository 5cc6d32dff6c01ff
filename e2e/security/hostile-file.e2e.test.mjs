// Issue 10, item 1, in Chromium against the real server: a signed-in dashboard user opens links to
// uploaded hostile files (HTML, SVG, a PNG with HTML after its magic bytes, text with a script inside),
// as handed out and as an attacker would change them (name or disposition dropped, type changed). The
// file's script must never run with our origin: it would write a marker into localStorage and copy the
// session and cookies into it. Each link answers 403, or a sandboxed, nosniff response that is an
// attachment or not a page.
//
//   E2E_BASE_URL   the server (default http://localhost:3000)
// Run: node scripts/e2e.mjs security
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UPLOAD_TYPES_MESSAGE } from '@permitdesk/core';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const DEMO = { email: 'demo@permitdesk.test', password: 'PermitDesk-demo1' };
const MARKER = 'hostile-file-ran';

/** What the hostile files run: read the session and the cookies, and leave a marker where our pages live. */
const SCRIPT = `<script>try { localStorage.setItem('${MARKER}', JSON.stringify({ session: { ...localStorage }, cookie: document.cookie })); } catch (e) { document.title = 'blocked: ' + e.name; }</script>`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const HOSTILE = [
  { refused: true, fileName: 'plan.html', contentType: 'text/html', bytes: Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`) },
  { refused: true, fileName: 'drawing.svg', contentType: 'image/svg+xml', bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT.replace('<script>', '<script><![CDATA[').replace('</script>', ']]></script>')}</svg>`) },
  { refused: true, fileName: 'page.xhtml', contentType: 'application/xhtml+xml', bytes: Buffer.from(`<html xmlns="http://www.w3.org/1999/xhtml"><body>${SCRIPT}</body></html>`) },
  // Declared as a PDF, but HTML: the bytes decide.
  { refused: true, fileName: 'site-plan.pdf', contentType: 'application/pdf', bytes: Buffer.from(`<html><body>${SCRIPT}</body></html>`) },
  // Accepted: an image (PNG magic bytes) with HTML after them, and text with a script inside.
  { refused: false, fileName: 'photo.png', contentType: 'image/png', bytes: Buffer.concat([PNG, Buffer.from(`<html><body>${SCRIPT}</body></html>`)]) },
  { refused: false, fileName: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from(`Site notes\n<html><body>${SCRIPT}</body></html>`) },
];

async function api(method, path, { token, body, raw } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (raw) return { status: res.status, body: json };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Uploads a file to a permit; the document id, or the refusal (status and message). */
async function upload(token, permitId, { fileName, contentType, bytes }) {
  const registered = await api('POST', `/v4/permits/${permitId}/upload-document`, { token, body: { fileName, contentType, size: bytes.length }, raw: true });
  if (registered.status !== 200) return { refused: registered };
  const put = await fetch(registered.body.uploadUrl, { method: 'PUT', headers: registered.body.headers, body: bytes });
  if (!put.ok) return { refused: { status: put.status, body: await put.json() } };
  return { documentId: registered.body.documentId };
}

/** The link as handed out, and as an attacker would change it to be shown as a page. */
function variants(url) {
  const changed = (change) => {
    const u = new URL(url);
    change(u.searchParams);
    return u.toString();
  };
  return [
    url,
    changed((q) => q.delete('name')),
    changed((q) => q.delete('disp')),
    changed((q) => q.set('disp', 'inline')),
    changed((q) => q.set('ct', 'text/html')),
    changed((q) => {
      q.delete('name');
      q.delete('disp');
      q.set('ct', 'text/html');
    }),
  ];
}

let browser;
let context;
let page;
let token;
let permitId;

before(async () => {
  token = (await api('POST', '/auth/authenticate', { body: DEMO })).tokens.accessToken;
  [{ id: permitId }] = await api('GET', '/v4/projects/search?size=1&page=1', { token });
  browser = await launchChromium();
  context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
  await signInToDashboard(page, base, DEMO);
  await page.getByText(`Welcome ${DEMO.email}!`).waitFor();
});

after(async () => {
  await browser?.close();
});

describe('a hostile uploaded file opened by a signed-in user', () => {
  for (const file of HOSTILE) {
    it(`${file.fileName} (${file.contentType}) cannot run as our page`, async () => {
      await page.evaluate((key) => localStorage.removeItem(key), MARKER);
      const result = await upload(token, permitId, file);
      // Where a hostile type is refused (at the request or at the PUT), there is no link to open.
      assert.equal(Boolean(result.refused), file.refused, JSON.stringify(result.refused));
      if (result.refused) {
        assert.equal(result.refused.status, 400);
        assert.equal(result.refused.body.message, UPLOAD_TYPES_MESSAGE);
        return;
      }
      const { url } = await api('GET', `/v4/s3/presigned?file=${result.documentId}`, { token });
      const unsafe = [];
      for (const link of variants(url)) {
        const opened = await context.newPage();
        const response = opened.waitForResponse((r) => r.request().isNavigationRequest());
        // An attachment starts a download instead of a page: goto then fails, as it should.
        await opened.goto(link).catch(() => undefined);
        const answer = await response;
        await opened.waitForTimeout(300);
        await opened.close();
        // Nothing ran with our origin: the signed-in page's storage has no marker.
        assert.equal(await page.evaluate((key) => localStorage.getItem(key), MARKER), null, `the script of ${link} ran`);
        // And the answer is refused, or sandboxed, nosniff, and an attachment unless it cannot be a page.
        const headers = answer.headers();
        if (answer.status() === 403) continue;
        const isPage = /html|xml|svg/i.test(headers['content-type'] ?? '');
        const safe =
          answer.status() === 200 &&
          headers['content-security-policy'] === "sandbox; default-src 'none'" &&
          headers['x-content-type-options'] === 'nosniff' &&
          (!isPage || headers['content-disposition']?.startsWith('attachment'));
        if (!safe) unsafe.push(`${link}: ${answer.status()} ${JSON.stringify(headers)}`);
      }
      assert.deepEqual(unsafe, []);
    });
  }
});
