// Issue 5, "Done when": a new user can move through every route without a dead end, a blank page or an
// error in the browser console. End to end in Debian's Chromium (playwright-core) against the real
// server (node scripts/e2e.mjs routes). Every path of the dashboard's route table (read from
// packages/dashboard/src/routes/route-table.ts, so a new route is covered without touching this file) is
// filled with real ids from the demo data and from invitations made here through the API, and with ids
// that do not exist, then opened anonymously, as the demo owner, and as a brand-new user with no
// company. Each visit must leave no console or page error, text in #main, no error page and no spinner
// once the network is idle; guards send users where SPEC §2.3 says; a missing id says so and offers a
// way back. Each guided tour is walked through with axe-core at every step (no serious or critical
// violation while a tour is open). As the demo owner on a 390 px phone, no page scrolls sideways.
// Screenshots go to artifacts/screenshots/routes/.
//
//   E2E_BASE_URL   the server (default http://localhost:3000)
//   E2E_MAILBOX    the dev mailbox JSON (default $E2E_BASE_URL/dev/mailbox.json)
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const mailbox = process.env.E2E_MAILBOX ?? `${base}/dev/mailbox.json`;
const shots = join(root, 'artifacts', 'screenshots', 'routes');
const DEMO = { email: 'demo@permitdesk.test', password: 'PermitDesk-demo1' };
const OPERATOR = { email: 'operator@permitdesk.test', password: 'PermitDesk-demo1' };
const LOGIN_REQUIRED = ['Login Required', 'You must be logged in to access this page.'];
const stamp = Date.now().toString(36);
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// ---- the route table, read from its source ------------------------------------------------------------

const tableSource = await readFile(join(root, 'packages/dashboard/src/routes/route-table.ts'), 'utf8');
/** Every page route: p('/path', 'access', 'title', ...). */
const ROUTES = [...tableSource.matchAll(/\bp\(\s*'([^']+)',\s*'(\w+)',\s*'([^']*)'/g)].map(([, path, access, title]) => ({ path, access, title }));
/** SPEC §2.3: { path: '/x.html', redirectTo: '/y' }. */
const REDIRECTS = [...tableSource.matchAll(/\{\s*path:\s*'([^']+)',\s*redirectTo:\s*'([^']+)'\s*\}/g)].map(([, path, to]) => ({ path, to }));
const NOT_FOUND_PATH = tableSource.match(/NOT_FOUND_PATH\s*=\s*'([^']+)'/)?.[1];
// Tours are marked seen: their popover would cover the pages (the tour itself has its own checks).
const TOUR_IDS = JSON.parse((await readFile(join(root, 'packages/core/src/rules/tours.ts'), 'utf8')).match(/TOUR_IDS\s*=\s*(\[[^\]]*\])/)[1].replace(/'/g, '"'));

// ---- ids: real ones from the demo data and the API, and ones that do not exist ------------------------

const ids = {};
const MISSING = { number: '987654321', slug: ['zz', 'nowhere-county', 'nowhere', 'nowhere'], quote: `no-such-quote-${stamp}` };

/** Which id a route's `:id` stands for, by the route's first segment. */
const ID_BY_SEGMENT = {
  projects: () => ids.projectId,
  permits: () => ids.permitId,
  companies: () => ids.companyId,
  'invite-user-type': () => ids.invitations.userType,
  'compliance-wallet-share': () => ids.invitations.shareWallet,
  'vendor-onboarding': () => ids.invitations.vendorOnboarding,
  'guest-access': () => ids.invitations.guestAccess,
  'custom-vendor-onboarding': () => ids.invitations.customVendorOnboarding,
};
/** Other parameters by name; the municipality path parameters come from one slug. */
const PARAMS = {
  permitId: () => ids.permitId,
  projectId: () => ids.projectId,
  quoteId: () => ids.quoteId,
  // The token of /c/:token is a public compliance link of the demo company; of /sign/:token, a signer's
  // link of an envelope the demo company sent; of /status/:token, the demo permit's status link (issue 16),
  // and of /status/unsubscribe/:token, the unsubscribe link of a status mail.
  token: (route) =>
    route.path.startsWith('/sign/') ? ids.signToken
      : route.path.startsWith('/status/unsubscribe/') ? ids.unsubscribeToken
        : route.path.startsWith('/status/') ? ids.statusToken
          : ids.linkToken,
  integrationPermitId: () => undefined,
  state: () => ids.slug[0],
  county: () => ids.slug[1],
  city: () => ids.slug[2],
  municipalityName: () => ids.slug[3],
};
const SLUG_PARAMS = ['state', 'county', 'city', 'municipalityName'];
/** Public pages that send a visitor on by themselves: a user invitation is accepted signed in (the page
 *  remembers itself and its query and opens /sign-up/invite, like the guarded invitation paths). */
const SENDS_VISITORS_TO = { '/invite-user-type/:id/accept': '/sign-up/invite' };
/** A query that makes a page show what it is for (the links that lead there carry it). */
const QUERIES = {
  '/quote/:quoteId': () => `?agent=${ids.quote.agentId}&org=${ids.quote.orgId}`,
  '/success': () => `?type=APPLY_FOR_PROJECT_PERMIT&session=${encodeURIComponent(ids.session)}`,
  '/project-radar/search': () => `?keyword=${encodeURIComponent(ids.customerName)}&searchFields=customerName`,
  '/search': () => '?state=CA',
  '/sign-up/confirm': () => '?email=someone%40example.com',
  '/cloudfront/presigned': () => `?url=${encodeURIComponent(ids.fileUrl)}`,
};
/** The page each guided tour runs on. */
const TOUR_PAGES = {
  radar: () => '/project-radar',
  'radar-search': () => `/project-radar/search?keyword=${encodeURIComponent(ids.customerName)}&searchFields=customerName`,
  'permit-detail': () => `/permits/${ids.permitId}`,
};

/** The permit team's workspace (/ops...): behind the staff gate. */
const isTeamPage = (route) => route.path === '/ops' || route.path.startsWith('/ops/');
const paramsOf = (path) => [...path.matchAll(/:(\w+)(\?)?/g)].map(([, name, optional]) => ({ name, optional: optional === '?' }));

/** Routes whose first segment says nothing (the permit team's /ops/...): the id by the path before :id. */
const ID_BY_PREFIX = {
  '/ops/permits': () => ids.permitId,
  '/ops/municipalities': () => ids.municipalityId,
};

function realValue(route, name) {
  if (name === 'id') {
    const id = ID_BY_PREFIX[route.path.replace(/\/:id.*$/, '')] ?? ID_BY_SEGMENT[route.path.split('/')[1]];
    assert.ok(id, `${route.path}: no real id is known for :id; add its first segment to ID_BY_SEGMENT`);
    return id();
  }
  assert.ok(name in PARAMS, `${route.path}: no real value is known for :${name}; add it to PARAMS`);
  return PARAMS[name](route);
}

/** The path with every parameter replaced (an optional one without a value is left out), and its query. */
function fill(route, values, { query = true } = {}) {
  const path = route.path.replace(/\/:(\w+)\??/g, (_, name) => (values[name] === undefined ? '' : `/${encodeURIComponent(values[name])}`));
  return (path || '/') + (query ? (QUERIES[route.path]?.() ?? '') : '');
}

const realValues = (route) => Object.fromEntries(paramsOf(route.path).map(({ name }) => [name, realValue(route, name)]));

/**
 * The visits with ids that do not exist, as sets of parameters to replace (the others stay real, so a
 * missing permit of a real project is tried too). Known when the tests are declared; the values come later.
 */
function missingSets(route) {
  const params = paramsOf(route.path).map((p) => p.name);
  const slugParams = params.filter((name) => SLUG_PARAMS.includes(name));
  const sets = [];
  // The whole place missing, and (on a full path) a real state with a place that does not exist.
  if (slugParams.length > 0) sets.push(slugParams);
  if (slugParams.length === 4) sets.push(slugParams.slice(1));
  for (const name of params.filter((n) => !SLUG_PARAMS.includes(n))) sets.push([name]);
  return sets;
}

function missingValues(route, names) {
  const values = realValues(route);
  for (const name of names) {
    values[name] = SLUG_PARAMS.includes(name) ? MISSING.slug[SLUG_PARAMS.indexOf(name)] : name === 'quoteId' ? MISSING.quote : MISSING.number;
  }
  return values;
}

// ---- the API ----------------------------------------------------------------------------------------

async function api(method, path, { token, body } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const tokenOf = async ({ email, password }) => (await api('POST', '/auth/authenticate', { body: { email, password } })).tokens.accessToken;

async function mailTo(address, test) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const mails = await (await fetch(`${mailbox}?to=${encodeURIComponent(address)}`)).json();
    const found = mails.find(test);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${address}`);
}

/** A confirmed account made through the API (the sign-up screens have their own suite). */
async function confirmedAccount({ email, password, name }) {
  await api('POST', '/auth/sign-up', { body: { email, password, fullName: name } });
  const mail = await mailTo(email, (m) => /\b\d{6}\b/.test(m.text));
  await api('POST', '/auth/confirm-registration', { body: { email, code: mail.text.match(/\b(\d{6})\b/)[1] } });
  return tokenOf({ email, password });
}

// ---- the browser ------------------------------------------------------------------------------------

let browser;

const DESKTOP = { viewport: { width: 1280, height: 860 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function newContext(user, { toursSeen = true, device = DESKTOP } = {}) {
  const context = await browser.newContext(device);
  if (toursSeen) {
    await context.addInitScript((seen) => {
      if (!localStorage.getItem('permitdesk.tours.seen')) localStorage.setItem('permitdesk.tours.seen', JSON.stringify(seen));
    }, TOUR_IDS);
  }
  if (user) {
    const page = await context.newPage();
    await signInToDashboard(page, base, user);
    await page.getByText(`Welcome ${user.email}!`).waitFor();
    await page.close();
  }
  return context;
}

/**
 * Opens a path and collects what a user would notice: where it ended, console and page errors, the text
 * of #main, and whether an error page or a spinner is left once the network is idle.
 */
async function visit(context, path, shot) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push({ text: message.text(), url: message.location().url }));
  page.on('pageerror', (error) => errors.push({ text: `page error: ${error.message}`, url: '' }));
  const failed = [];
  page.on('response', (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`));
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const main = page.locator('#main');
  await main.waitFor({ timeout: 10_000 }).catch(() => undefined);
  // A redirect (a protected page → /sign-in) draws its lazily loaded page a moment after the network went
  // idle: wait for #main to show something; a page that never does fails below.
  await page
    .waitForFunction(() => {
      const main = document.querySelector('#main');
      return !!main && (main.innerText.trim() !== '' || [...main.querySelectorAll('*')].some((element) => element.shadowRoot));
    }, null, { timeout: 10_000 })
    .catch(() => undefined);
  // A spinner may still be finishing after the network settled; one that stays is a dead end.
  const spinnerGone = await page
    .waitForFunction(() => document.querySelectorAll('#main .spinner, #main [role="status"] .spinner').length === 0, null, { timeout: 8000 })
    .then(() => true, () => false);
  await page.waitForTimeout(100);
  await page.screenshot({ path: join(shots, `${shot}.png`), fullPage: true });
  const result = {
    page,
    url: new URL(page.url()),
    errors,
    failed,
    spinnerGone,
    mainText: await mainText(page),
    errorPage: await page.getByRole('heading', { name: 'Something went wrong' }).count(),
    links: await page.locator('#main a[href], #main button').count(),
  };
  return result;
}

/** The text a user sees in #main, including the widget's shadow DOM (the /embed pages). */
function mainText(page) {
  return page.evaluate(() => {
    const main = document.querySelector('#main');
    if (!main) return '';
    const parts = [main.innerText];
    const shadows = (root) => {
      for (const element of root.querySelectorAll('*')) {
        if (!element.shadowRoot) continue;
        for (const child of element.shadowRoot.children) {
          if (['STYLE', 'SCRIPT', 'LINK'].includes(child.tagName)) continue;
          parts.push(child.innerText ?? '');
          shadows(child);
        }
      }
    };
    shadows(main);
    return parts.join('\n').trim();
  });
}

/** Serious and critical axe-core violations of the page as it is now. */
async function seriousViolations(page) {
  await page.evaluate(axeSource); // not a <script>: the dashboard's CSP refuses inline scripts
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The checks every visit passes. Browser logs of a 404 answer are allowed only where an id is missing on purpose. */
function assertHealthy(v, label, { missing = false } = {}) {
  const errors = v.errors.filter((e) => !(missing && /Failed to load resource: the server responded with a status of 40[34]/.test(e.text)));
  assert.deepEqual(errors.map((e) => e.text), [], `${label}: console errors (failed requests: ${v.failed.join(', ') || 'none'})`);
  assert.ok(v.mainText.length > 0, `${label}: #main has no visible text`);
  assert.equal(v.errorPage, 0, `${label}: the error page is shown: ${v.mainText.slice(0, 200)}`);
  assert.ok(v.spinnerGone, `${label}: a spinner is still turning once the network is idle`);
  assert.ok(!/\bundefined\b|\bNaN\b|\[object Object\]/.test(v.mainText), `${label}: raw values on the page: ${v.mainText.slice(0, 300)}`);
}

/** What a missing id must show: a clear not-found message and a way back. */
function assertNotFound(v, label) {
  assert.match(v.mainText, /not found|does not exist|doesn't exist|no longer exists|no longer available|not yours|no municipality|couldn't find|do not have access/i, `${label}: no "not found" message: ${v.mainText.slice(0, 300)}`);
  assert.ok(v.links > 0, `${label}: no way back (no link or button in #main)`);
}

/** A screenshot's name: who, then the route pattern or the path without its query. */
const shotName = (who, path) => `${who}${path.replace(/\?[^/]*=.*$/, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || '-root'}`;

// ---- setup ------------------------------------------------------------------------------------------

before(async () => {
  await mkdir(shots, { recursive: true });
  browser = await launchChromium();

  const demo = await tokenOf(DEMO);
  const [permit] = await api('GET', '/v4/projects/search?size=1&page=1', { token: demo });
  Object.assign(ids, { permitId: permit.id, projectId: permit.projectId, session: permit.session, customerName: permit.customerName });
  ids.companyId = (await api('GET', '/v4/companies', { token: demo }))[0].id;
  const [place] = await api('GET', '/v4/lookup/municipalities?state=CA&keyword=Oakland&page=1&size=1');
  ids.slug = place.slug.split('/');
  ids.municipalityId = place.id;

  // A stored file of the demo permit, for /cloudfront/presigned: uploaded through its presigned PUT.
  const bytes = new TextEncoder().encode('%PDF-1.4 route check');
  const upload = await api('POST', `/v4/permits/${permit.id}/upload-document`, { token: demo, body: { fileName: 'route-check.pdf', contentType: 'application/pdf', size: bytes.length } });
  const put = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: bytes });
  assert.equal(put.status, 200, 'the file is stored');
  const stored = new URL(upload.uploadUrl);
  ids.fileUrl = `${stored.origin}${stored.pathname}`;

  // The permit team issues a quote for the demo permit.
  ids.quote = { agentId: `agent-${stamp}`, orgId: `org-${stamp}` };
  ids.quoteId = `Q-${stamp}`;
  await api('PUT', `/v1/permit-quote/${ids.quoteId}`, { token: await tokenOf(OPERATOR), body: { total: 1250.5, agentId: ids.quote.agentId, orgId: ids.quote.orgId, permitId: permit.id } });

  // Issue 13: a public compliance link of the demo company's whole wallet, for /c/:token.
  ids.linkToken = (await api('POST', `/v4/companies/${ids.companyId}/compliance-links`, { token: demo, body: { allItems: true, allowDownloads: true } })).token;
  // Issue 13: a one-page PDF (made with pdf-lib) the demo company sends for signature, for /sign/:token (the link from the mail).
  const signer = `signer.${stamp}@permitdesk.test`;
  const pdfBase64 = 'JVBERi0xLjcKJYGBgYEKCjEgMCBvYmoKPDwKL1R5cGUgL1BhZ2VzCi9LaWRzIFsgNCAwIFIgXQovQ291bnQgMQo+PgplbmRvYmoKCjIgMCBvYmoKPDwKL1R5cGUgL0NhdGFsb2cKL1BhZ2VzIDEgMCBSCj4+CmVuZG9iagoKMyAwIG9iago8PAovUHJvZHVjZXIgPEZFRkYwMDcwMDA2NDAwNjYwMDJEMDA2QzAwNjkwMDYyMDAyMDAwMjgwMDY4MDA3NDAwNzQwMDcwMDA3MzAwM0EwMDJGMDAyRjAwNjcwMDY5MDA3NDAwNjgwMDc1MDA2MjAwMkUwMDYzMDA2RjAwNkQwMDJGMDA0ODAwNkYwMDcwMDA2NDAwNjkwMDZFMDA2NzAwMkYwMDcwMDA2NDAwNjYwMDJEMDA2QzAwNjkwMDYyMDAyOT4KL01vZERhdGUgKEQ6MjAyNjExMjYyMzAyMjdaKQovQ3JlYXRvciA8RkVGRjAwNzAwMDY0MDA2NjAwMkQwMDZDMDA2OTAwNjIwMDIwMDAyODAwNjgwMDc0MDA3NDAwNzAwMDczMDAzQTAwMkYwMDJGMDA2NzAwNjkwMDc0MDA2ODAwNzUwMDYyMDAyRTAwNjMwMDZGMDA2RDAwMkYwMDQ4MDA2RjAwNzAwMDY0MDA2OTAwNkUwMDY3MDAyRjAwNzAwMDY0MDA2NjAwMkQwMDZDMDA2OTAwNjIwMDI5PgovQ3JlYXRpb25EYXRlIChEOjIwMjYxMTI2MjMwMjI3WikKPj4KZW5kb2JqCgo0IDAgb2JqCjw8Ci9UeXBlIC9QYWdlCi9QYXJlbnQgMSAwIFIKL1Jlc291cmNlcyA8PAo+PgovTWVkaWFCb3ggWyAwIDAgNjEyIDc5MiBdCj4+CmVuZG9iagoKeHJlZgowIDUKMDAwMDAwMDAwMCA2NTUzNSBmIAowMDAwMDAwMDE2IDAwMDAwIG4gCjAwMDAwMDAwNzYgMDAwMDAgbiAKMDAwMDAwMDEyNiAwMDAwMCBuIAowMDAwMDAwNTk2IDAwMDAwIG4gCgp0cmFpbGVyCjw8Ci9TaXplIDUKL1Jvb3QgMiAwIFIKL0luZm8gMyAwIFIKPj4KCnN0YXJ0eHJlZgo2ODcKJSVFT0Y=';
  await api('POST', '/v4/esign/envelopes', { token: demo, body: { companyId: ids.companyId, title: 'Route check signature', source: { kind: 'pdf', fileName: 'route-check.pdf', pdfBase64 }, signers: [{ name: 'Sid Signer', email: signer }] } });
  ids.signToken = (await mailTo(signer, (m) => m.template === 'esign_request')).links.find((l) => l.includes('/sign/')).split('/sign/')[1];

  // Issue 16: the demo permit's status page, a confirmed subscriber, and the unsubscribe link of the
  // mail a stage change sends them.
  ids.statusToken = (await api('POST', `/v4/permits/${permit.id}/status-links`, { token: demo, body: {} })).token;
  const homeowner = `homeowner.${stamp}@permitdesk.test`;
  await api('POST', `/v4/public/permit-status/${ids.statusToken}/subscriptions`, { body: { email: homeowner } });
  const confirmLink = (await mailTo(homeowner, (m) => m.template === 'status_subscription_confirm')).links.find((l) => l.includes('?confirm='));
  await api('POST', `/v4/public/permit-status/${ids.statusToken}/subscriptions/confirm`, { body: { confirmToken: new URL(confirmLink).searchParams.get('confirm') } });
  const team = await tokenOf(OPERATOR);
  const seen = await api('GET', `/v4/operator/permits/${permit.id}`, { token: team });
  await api('PUT', `/v4/operator/permits/${permit.id}/stage`, { token: team, body: { stage: seen.stage === 20 ? 30 : 20, version: seen.version ?? 1 } });
  ids.unsubscribeToken = (await mailTo(homeowner, (m) => m.template === 'status_update')).links.find((l) => l.includes('/status/unsubscribe/')).split('/status/unsubscribe/')[1];

  // Another company invites the demo owner every way there is; a vendor address on the demo company's
  // domain makes a custom onboarding the demo company approves.
  const inviter = { email: `inviter.${stamp}@inviter-${stamp}.example`, password: 'Inviter-pass-7', name: 'Ivy Inviter' };
  const inviterToken = await confirmedAccount(inviter);
  const inviterCompany = (await api('POST', '/v4/companies', { token: inviterToken, body: { name: `Route Check Roofing ${stamp}` } })).id;
  const invite = (kind, body) => api('POST', `/v4/invitations/${kind}`, { token: inviterToken, body: { companyId: inviterCompany, ...body } }).then((i) => i.invitationId);
  ids.invitations = {
    userType: await invite('user-type', { email: DEMO.email, role: 'pm' }),
    shareWallet: await invite('share-wallet', { email: DEMO.email }),
    vendorOnboarding: await invite('vendor-onboarding', { email: DEMO.email }),
    guestAccess: await invite('guest-access', { email: DEMO.email, scope: { vault: true, projectIds: [] } }),
    customVendorOnboarding: await invite('vendor-onboarding', { email: `field.${stamp}@permitdesk.test` }),
  };

  // A brand-new user: confirmed, signed in for the first time, no company.
  ids.newcomer = { email: `newcomer.${stamp}@example.com`, password: 'Newcomer-pass-7', name: 'Nina Newcomer' };
  await confirmedAccount(ids.newcomer);
});
after(async () => {
  await browser?.close();
});

describe('the route table', () => {
  it('is read in full', () => {
    // Every p( call of the table was understood: a change of its format must not skip routes silently.
    assert.equal(ROUTES.length, (tableSource.match(/\bp\(/g) ?? []).length);
    assert.ok(ROUTES.length > 50, `only ${ROUTES.length} routes read`);
    assert.equal(REDIRECTS.length, (tableSource.match(/redirectTo:\s*'/g) ?? []).length);
    assert.equal(NOT_FOUND_PATH, '/404');
  });
});

describe('anonymous visitor', { concurrency: 2 }, () => {
  for (const route of ROUTES) {
    it(`${route.path} (${route.access})`, async () => {
      const path = fill(route, realValues(route));
      const context = await newContext(null);
      const v = await visit(context, path, shotName('anon', route.path));
      try {
        assertHealthy(v, path);
        const where = v.url.pathname;
        if (route.access === 'protected') {
          assert.equal(where, '/sign-in', `${path} is protected`);
          assert.equal(await v.page.evaluate(() => localStorage.getItem('redirectUrl')), path, 'the target is remembered');
        } else if (route.access === 'invitation') {
          assert.equal(where, '/sign-up/invite', `${path} is an invitation path`);
          for (const text of LOGIN_REQUIRED) assert.ok(v.mainText.includes(text), `${path}: '${text}' is shown`);
          assert.equal(await v.page.evaluate(() => localStorage.getItem('invitationQuery')), path.includes('?') ? path.slice(path.indexOf('?')) : '');
        } else if (route.access === 'root') {
          assert.equal(where, '/sign-in');
        } else if (SENDS_VISITORS_TO[route.path]) {
          assert.equal(where, SENDS_VISITORS_TO[route.path]);
          assert.equal(await v.page.evaluate(() => localStorage.getItem('redirectUrl')), path, 'the target is remembered');
        } else {
          assert.equal(where, path.replace(/\?.*$/, ''), `${path} stays where it is`);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('an invitation link to an address with an account opens /sign-up/invite on Sign In, the address locked', async () => {
    const path = `/compliance-wallet-share/${ids.invitations.shareWallet}/accept?email_address=${encodeURIComponent(DEMO.email)}`;
    const context = await newContext(null);
    const v = await visit(context, path, 'anon-invitation-with-email');
    try {
      assertHealthy(v, path);
      assert.equal(v.url.pathname, '/sign-up/invite');
      assert.equal(await v.page.evaluate(() => localStorage.getItem('invitationQuery')), `?email_address=${encodeURIComponent(DEMO.email)}`);
      const form = v.page.getByRole('form', { name: 'Sign In' });
      const email = form.getByLabel('Email Address');
      assert.equal(await email.inputValue(), DEMO.email);
      assert.equal(await email.getAttribute('readonly'), '');
      // Signing in there goes on to the invitation.
      await form.getByLabel('Password', { exact: true }).fill(DEMO.password);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await v.page.waitForURL((url) => url.pathname === `/compliance-wallet-share/${ids.invitations.shareWallet}/accept`);
    } finally {
      await context.close();
    }
  });

  for (const route of ROUTES.filter((r) => r.access === 'public' && paramsOf(r.path).length > 0)) {
    for (const names of missingSets(route)) {
      it(`${route.path} with a missing :${names.join(', :')} says it is not there`, async () => {
        const path = fill(route, missingValues(route, names));
        const context = await newContext(null);
        const v = await visit(context, path, shotName('anon-missing', path));
        try {
          assertHealthy(v, path, { missing: true });
          assert.equal(v.url.pathname, SENDS_VISITORS_TO[route.path] ?? path.replace(/\?.*$/, ''));
          // Without a sign-in an integration request is not shown at all (the page asks to sign in), and a
          // user invitation is opened after signing in.
          if (!route.path.startsWith('/integration/') && !SENDS_VISITORS_TO[route.path]) assertNotFound(v, path);
        } finally {
          await context.close();
        }
      });
    }
  }

  for (const { path, to } of REDIRECTS) {
    it(`${path} redirects (SPEC §2.3)`, async () => {
      const context = await newContext(null);
      const v = await visit(context, path, shotName('redirect', path));
      try {
        assertHealthy(v, path);
        // '/' itself goes on to /sign-in for a visitor.
        assert.equal(v.url.pathname, to === '/' ? '/sign-in' : to);
      } finally {
        await context.close();
      }
    });
  }

  it('an unknown path goes to /404 with a way back', async () => {
    const context = await newContext(null);
    const v = await visit(context, `/no-such-page-${stamp}/deeper`, 'anon-unknown-path');
    try {
      assertHealthy(v, 'unknown path');
      assert.equal(v.url.pathname, NOT_FOUND_PATH);
      assertNotFound(v, 'unknown path');
    } finally {
      await context.close();
    }
  });
});

describe('the demo owner', { concurrency: 2 }, () => {
  let context;
  before(async () => {
    context = await newContext(DEMO);
  });
  after(async () => {
    await context?.close();
  });

  for (const route of ROUTES) {
    it(`${route.path} (${route.access})`, async () => {
      const path = fill(route, realValues(route));
      const v = await visit(context, path, shotName('owner', route.path));
      try {
        assertHealthy(v, path);
        const where = v.url.pathname;
        if (route.access === 'guest' || route.access === 'root') assert.equal(where, '/project-radar', `${path}: signed in`);
        else assert.equal(where, path.replace(/\?.*$/, ''), `${path} stays where it is`);
        if (isTeamPage(route)) {
          // A customer meets the staff gate on every page of the permit team's workspace.
          assert.ok(v.mainText.includes('Not available'), `${path}: a customer sees 'Not available'`);
        } else if (route.access !== 'guest' && route.access !== 'root' && paramsOf(route.path).length > 0) {
          assert.doesNotMatch(v.mainText, /not found|does not exist/i, `${path}: the real ids are found`);
        }
      } finally {
        await v.page.close();
      }
    });
  }

  // (The team's pages are 'Not available' to a customer whatever the id: checked above.)
  for (const route of ROUTES.filter((r) => (r.access === 'public' || r.access === 'protected' || r.access === 'invitation') && paramsOf(r.path).length > 0 && !isTeamPage(r))) {
    for (const names of missingSets(route)) {
      it(`${route.path} with a missing :${names.join(', :')} says it is not there, with a way back`, async () => {
        const path = fill(route, missingValues(route, names));
        const v = await visit(context, path, shotName('owner-missing', path));
        try {
          assertHealthy(v, path, { missing: true });
          assert.equal(v.url.pathname, path.replace(/\?.*$/, ''));
          assertNotFound(v, path);
        } finally {
          await v.page.close();
        }
      });
    }
  }
});

describe('the demo owner on a phone', { concurrency: 2 }, () => {
  let context;
  before(async () => {
    context = await newContext(DEMO, { device: PHONE });
  });
  after(async () => {
    await context?.close();
  });

  for (const route of ROUTES) {
    it(`${route.path} fits 390 px with no sideways scrolling`, async () => {
      const path = fill(route, realValues(route));
      const v = await visit(context, path, shotName('phone', route.path));
      try {
        assertHealthy(v, path);
        // A wide table scrolls in its own box; the page itself never does.
        const width = await v.page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= PHONE.viewport.width, `${path}: the page is ${width} px wide on a ${PHONE.viewport.width} px phone`);
      } finally {
        await v.page.close();
      }
    });
  }
});

describe('the demo owner, edge cases', () => {
  let context;
  before(async () => {
    context = await newContext(DEMO);
  });
  after(async () => {
    await context?.close();
  });

  it('/cloudfront/presigned with a file that is not there says so, with a way back', async () => {
    const path = `/cloudfront/presigned?url=${encodeURIComponent(`${base}/files/permits/${ids.permitId}/no-such-file.pdf`)}`;
    const v = await visit(context, path, 'owner-missing-cloudfront-presigned');
    try {
      assertHealthy(v, path, { missing: true });
      assertNotFound(v, path);
    } finally {
      await v.page.close();
    }
  });

  it('/cloudfront/presigned with a stored file offers its download', async () => {
    const path = fill({ path: '/cloudfront/presigned' }, {});
    const v = await visit(context, path, 'owner-cloudfront-presigned-file');
    try {
      assertHealthy(v, path);
      const href = await v.page.getByRole('link', { name: 'Download the file' }).getAttribute('href');
      const download = await fetch(new URL(href, base));
      assert.equal(await download.text(), '%PDF-1.4 route check');
    } finally {
      await v.page.close();
    }
  });
});

describe('guided tours', () => {
  it('every tour has a page here', () => {
    assert.deepEqual(Object.keys(TOUR_PAGES).sort(), [...TOUR_IDS].sort());
  });

  it('no serious axe violation at any step of any tour, on its first visit', async () => {
    const context = await newContext(DEMO, { toursSeen: false });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      for (const id of TOUR_IDS) {
        // First visits: the tours seen are kept per user on the server, so bring them back the way a person
        // does, from Settings (signing in landed on the radar, which may have run its own).
        await page.goto(`${base}/profile`, { waitUntil: 'networkidle' });
        await page.getByRole('button', { name: 'Show the guided tours again' }).click();
        await page.getByText('The guided tours will show again.').waitFor();
        await page.goto(base + TOUR_PAGES[id](), { waitUntil: 'networkidle' });
        const popover = page.locator('.driver-popover');
        await popover.waitFor({ timeout: 5000 });
        for (let step = 1; ; step += 1) {
          // driver moves the highlight for 400 ms; axe measures the page once it has settled.
          await page.waitForTimeout(600);
          const progress = (await page.locator('.driver-popover-progress-text').textContent()) ?? '';
          const [, current, total] = progress.match(/(\d+) of (\d+)/) ?? [];
          assert.equal(Number(current), step, `${id}: step ${step} (${progress})`);
          await page.screenshot({ path: join(shots, `tour-${id}-${step}.png`) });
          assert.deepEqual(await seriousViolations(page), [], `${id}, step ${progress}: ${await page.locator('.driver-popover-title').textContent()}`);
          if (current === total) break;
          await page.keyboard.press('ArrowRight');
        }
        await page.keyboard.press('Escape');
        await popover.waitFor({ state: 'detached' });
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a brand-new user with no company', { concurrency: 2 }, () => {
  let context;
  before(async () => {
    context = await newContext(ids.newcomer);
  });
  after(async () => {
    await context?.close();
  });

  // The public pages, and every page without an id (the ids above belong to the demo company: the
  // invitations went to the demo owner, so here they are someone else's and must say so).
  for (const route of ROUTES.filter((r) => r.access !== 'invitation' && (r.access !== 'protected' || paramsOf(r.path).every((p) => p.optional)))) {
    it(`${route.path} (${route.access})`, async () => {
      const foreign = route.access === 'public' && paramsOf(route.path).some((p) => p.name === 'id');
      const path = route.access === 'protected' ? fill(route, {}, { query: false }) : fill(route, realValues(route));
      const v = await visit(context, path, shotName('newcomer', route.path));
      try {
        assertHealthy(v, path, { missing: foreign });
        const where = v.url.pathname;
        if (route.access === 'guest' || route.access === 'root') assert.equal(where, '/project-radar', `${path}: signed in`);
        else assert.equal(where, path.replace(/\?.*$/, ''), `${path} stays where it is`);
        if (foreign) assertNotFound(v, path);
      } finally {
        await v.page.close();
      }
    });
  }

  it("another company's project is not shown, with a way back", async () => {
    const path = `/projects/${ids.projectId}`;
    const v = await visit(context, path, 'newcomer-foreign-project');
    try {
      assertHealthy(v, path, { missing: true });
      assertNotFound(v, path);
    } finally {
      await v.page.close();
    }
  });
});
