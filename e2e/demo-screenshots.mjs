// Screenshots of the demo's pages (issue 18): the month of work `npm start` seeds (cli/demo-showcase.ts),
// as the demo owner, the guest company and a homeowner see it. Not a suite: run it against a started
// product, e.g. `BASE=http://localhost:3000 SHOTS=artifacts/screenshots/demo node e2e/demo-screenshots.mjs`.
import { join } from 'node:path';
import { apiCaller } from './support/api-call.mjs';
import { launchChromium } from './support/browser.mjs';
import { closeTour } from './support/page-checks.mjs';
import { signInToDashboard } from './support/sign-in.mjs';

import { mkdir } from 'node:fs/promises';

const base = process.env.BASE ?? 'http://localhost:3000';
const shots = process.env.SHOTS ?? 'artifacts/screenshots/demo';
await mkdir(shots, { recursive: true });
const call = apiCaller(base);
const mailbox = async (to) => (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json();
const token = (await call('POST', '/auth/authenticate', undefined, { email: 'demo@permitdesk.test', password: 'PermitDesk-demo1' })).tokens.accessToken;

const quoteMails = (await mailbox('demo@permitdesk.test')).filter((m) => m.template === 'quote_issued');
const quoteLinks = quoteMails.map((m) => m.links.find((l) => l.includes('/quote/')).replace(/^https?:\/\/[^/]+/, ''));
const statusMail = (await (await fetch(`${base}/dev/mailbox.json`)).json()).find((m) => m.template === 'status_subscription_confirm');
const statusPath = statusMail.links.find((l) => l.includes('/status/')).replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
// The newest quote is on the newest requested permit; the permits worth a picture are a little older.
const quoted = Number(quoteMails[0]?.subject.match(/permit (\d+)/)?.[1]);
let failed = null;
let documented = null;
for (let id = quoted + 40; id > quoted - 400 && (!failed || !documented); id--) {
  const permit = await fetch(`${base}/v3/permits/${id}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => (r.ok ? r.json() : null));
  if (!permit) continue;
  if (!failed && JSON.stringify(permit).includes('"failed"')) failed = id;
  if (!documented) {
    const docs = await fetch(`${base}/v4/documents?documentable_type=Permit&documentable_id=${id}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => (r.ok ? r.json() : []));
    if (docs.length > 1) documented = id;
  }
}
const companyId = (await call('GET', '/v4/companies', token)).find((c) => c.name === 'Demo Builders Inc.').id;
console.log({ companyId, quoteLinks, statusPath, failed, documented, quoted });

const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const page = await context.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
await signInToDashboard(page, base, { email: 'demo@permitdesk.test', password: 'PermitDesk-demo1' });
await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: 20000 });
const pages = [
  ['radar', '/project-radar'],
  ['compliance-center', '/compliance-center'],
  ['licenses', '/licenses'],
  ['guests-access', '/access'],
  ['documentations-envelopes', '/documentations'],
  ['shared-with-us', '/shared-with-us'],
  ['shared-by-us', '/shared-by-us'],
  ['permit-quote-envelope', `/permits/${quoted}`],
  ['permit-failed-inspection', `/permits/${failed}`],
  ['permit-documents', `/permits/${documented}`],
  ...quoteLinks.map((link, i) => [`quote-${i + 1}`, link]),
  ['messages', '/messages'],
  ['company-activity', `/companies/${companyId}/activity`],
  ['updates', '/companies-recent-updates'],
];
for (const [name, path] of pages) {
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await closeTour(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  console.log('shot', name, path);
}
const anon = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
await anon.goto(`${base}${statusPath}`, { waitUntil: 'networkidle' });
await anon.screenshot({ path: join(shots, 'status-page.png'), fullPage: true });
const guestContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const guest = await guestContext.newPage();
await signInToDashboard(guest, base, { email: 'harbor@permitdesk.test', password: 'PermitDesk-demo1' });
await guest.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: 20000 });
for (const [name, path] of [['guest-radar', '/project-radar'], ['guest-access', '/access']]) {
  await guest.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await closeTour(guest);
  await guest.waitForTimeout(400);
  await guest.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  console.log('shot', name, path);
}
await browser.close();
