// The dashboard's session in Chromium (issue 10): after a sign-in no token is readable by page script
// (nothing in localStorage, the refresh token in an HttpOnly, SameSite=Strict cookie on /auth/refresh),
// a reload restores the session from the cookie, and signing out ends the access token at once and
// removes the cookie.
//
//   E2E_BASE_URL   the server (default http://localhost:3000)
//   E2E_MAILBOX    the dev mailbox JSON (default $E2E_BASE_URL/dev/mailbox)
// Run: node scripts/e2e.mjs security
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const mailbox = process.env.E2E_MAILBOX ?? `${base}/dev/mailbox`;

async function api(method, path, { body, token } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function codeFor(email) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const mails = await (await fetch(mailbox)).json();
    const list = Array.isArray(mails) ? mails : (mails.messages ?? mails.items ?? []);
    const code = list
      .filter((m) => JSON.stringify(m).toLowerCase().includes(email))
      .map((m) => JSON.stringify(m).match(/\b(\d{6})\b/)?.[1])
      .filter(Boolean)
      .at(-1);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No code mailed to ${email}`);
}

/** Everything page script can read of the session: localStorage and document.cookie. */
const readable = (page) =>
  page.evaluate(() => ({
    storage: Object.fromEntries(Array.from({ length: localStorage.length }, (_, i) => [localStorage.key(i), localStorage.getItem(localStorage.key(i))])),
    cookie: document.cookie,
  }));

let browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
});

describe('the dashboard session', () => {
  const email = `session-${Date.now()}@example.com`;
  const password = 'Hidden-token-7';

  before(async () => {
    assert.equal((await api('POST', '/auth/sign-up', { body: { email, password, fullName: 'Sid Session' } })).status, 200);
    assert.equal((await api('POST', '/auth/confirm-registration', { body: { email, code: await codeFor(email) } })).status, 200);
  });

  it('keeps every token out of page script, restores on reload, and signing out ends the access token', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The access token as the dashboard gets it (sign-in, then each refresh), to prove it dies with the sign-out.
    let accessToken = null;
    page.on('response', async (response) => {
      if (!/\/auth\/(authenticate|refresh)$/.test(new URL(response.url()).pathname) || !response.ok()) return;
      const body = await response.json().catch(() => null);
      if (body?.tokens?.accessToken) accessToken = body.tokens.accessToken;
      assert.equal(body?.tokens?.refreshToken, undefined, 'no refresh token in a body page script reads');
    });

    await signInToDashboard(page, base, { email, password });
    await page.getByText(`Welcome ${email}!`).waitFor();
    await page.waitForLoadState('networkidle');
    assert.ok(accessToken, 'the dashboard got an access token');

    const [refresh] = (await context.cookies()).filter((c) => c.name === 'permitdesk_refresh');
    assert.ok(refresh, 'the refresh token is in a cookie');
    assert.equal(refresh.httpOnly, true);
    assert.equal(refresh.sameSite, 'Strict');
    assert.equal(refresh.path, '/auth/refresh');

    const seen = await readable(page);
    const everything = JSON.stringify(seen);
    assert.equal(seen.storage['permitdesk.session.tokens'], undefined, 'no token entry in localStorage');
    assert.ok(!everything.includes(accessToken), 'the access token is not in localStorage or document.cookie');
    assert.ok(!everything.includes(refresh.value), 'the refresh token is not readable by script');
    assert.doesNotMatch(everything, /eyJ[\w-]+\.[\w-]+\./, 'no JWT anywhere script can read');
    assert.ok(seen.storage['permitdesk.session.profile'], 'the profile is kept (it says someone signed in here)');

    // A reload: the session comes back from the cookie, still with nothing in localStorage.
    await page.goto(`${base}/profile`, { waitUntil: 'networkidle' });
    assert.equal(new URL(page.url()).pathname, '/profile');
    const afterReload = JSON.stringify(await readable(page));
    assert.doesNotMatch(afterReload, /eyJ[\w-]+\.[\w-]+\./);
    const live = accessToken;
    assert.equal((await api('GET', '/auth/profile', { token: live })).status, 200);

    // Sign out: the access token dies at once, the cookie goes, a reload asks for sign-in.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Sid/ }).click();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL(/\/sign-in$/);
    assert.equal((await api('GET', '/auth/profile', { token: live })).status, 401);
    assert.deepEqual((await context.cookies()).filter((c) => c.name === 'permitdesk_refresh'), []);
    await page.goto(`${base}/profile`, { waitUntil: 'networkidle' });
    assert.equal(new URL(page.url()).pathname, '/sign-in');
    await context.close();
  });

  it('a password change signs out every other browser of the user at its next call', async () => {
    const other = await browser.newContext();
    const page = await other.newPage();
    await signInToDashboard(page, base, { email, password });
    await page.getByText(`Welcome ${email}!`).waitFor();

    const elsewhere = (await api('POST', '/auth/authenticate', { body: { email, password } })).body.tokens.accessToken;
    assert.equal((await api('POST', '/auth/change-password', { token: elsewhere, body: { oldPassword: password, newPassword: 'Changed-token-8' } })).status, 200);

    // The browser's next call is refused and it goes to sign-in; a reload cannot restore from its cookie.
    await page.goto(`${base}/profile`, { waitUntil: 'networkidle' });
    assert.equal(new URL(page.url()).pathname, '/sign-in');
    await other.close();
  });
});
