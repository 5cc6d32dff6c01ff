// End to end in Debian's Chromium (playwright-core) against the real server (node scripts/e2e.mjs status),
// issue 16, the homeowner's status page: a contractor (signed up through the identity endpoints) requests
// a permit (form 52), opens the permit page and shares its status from the 'Share status' panel (prices
// off); the homeowner (an anonymous browser context, no account) opens /status/{token} at 390 px and
// 1280 px, asks for e-mails and confirms from the dev mailbox; the contractor sees the confirmed
// subscriber; the permit team (the demo operator) moves the permit's stage → the update mail arrives with
// its one-click unsubscribe headers and the page shows the new step; the contractor revokes the link →
// the page says it is no longer available and the API answers 404. Every page is photographed
// (artifacts/screenshots/status/), checked with axe-core (no serious or critical violation) and for
// console errors.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { closeTour, pageLooker } from '../support/page-checks.mjs';
import { apiCaller } from '../support/api-call.mjs';
import { mailboxOf, registrar } from '../support/accounts.mjs';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '..', '..', 'artifacts', 'screenshots', 'status');
const tag = Date.now().toString(36);
const contractor = { email: `carl.${tag}@carl-plumbing-${tag}.example`, password: 'Carl-pass-7', name: 'Carl Contractor', company: `Carl Plumbing ${tag}` };
const OPERATOR = { email: 'operator@permitdesk.test', password: 'PermitDesk-demo1' };
const homeowner = `hannah.${tag}@home-${tag}.example`;

let browser;
const errors = [];
const call = apiCaller(base);
const register = registrar(base);
const mailFor = mailboxOf(base);
const look = pageLooker({ shots, errors });
const watch = (page) => {
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return page;
};

let permit;
before(async () => {
  await mkdir(shots, { recursive: true });
  browser = await launchChromium();
  await register(contractor);
  const [address] = await call('GET', `/v4/lookup/addresses?${new URLSearchParams({ q: '350 5th Ave, New York, NY 10118', limit: '1' })}`);
  const [task] = await call('GET', '/tasks');
  const q = new URLSearchParams({ taskId: task.id, addressId: address.id, companyId: contractor.companyId });
  const entry = await call('GET', `/v4/forms/52/entry-data?${q}`, contractor.token);
  const answers = { CustomerName: 'Hannah Homeowner', ContactEmail: homeowner, ContactPhoneNumber: '(212) 555-0142', DescriptionOfWork: 'Replace the water heater', JobValue: '$2,450.00', ProjectIdentifier: `PO-${tag}` };
  permit = await call('POST', '/v4/forms/52/entries', contractor.token, { formId: 52, taskId: entry.TaskID, addressId: entry.AddressID, companyId: entry.CompanyID, municipalityId: entry.MunicipalityID, answers, acknowledgeGate: true });
  OPERATOR.token = (await call('POST', '/auth/authenticate', undefined, { email: OPERATOR.email, password: OPERATOR.password })).tokens.accessToken;
});
after(() => browser?.close());

/** The permit team moves the permit (the desk's call, on the version it sees). */
async function moveStage(stage) {
  const current = await call('GET', `/v4/operator/permits/${permit.permitId}`, OPERATOR.token);
  await call('PUT', `/v4/operator/permits/${permit.permitId}/stage`, OPERATOR.token, { stage, version: current.version ?? 1 });
}

describe("the homeowner's status page", () => {
  let contractorPage;
  let homeContext;
  let homePage;
  let statusUrl;

  it("the contractor shares the permit's status from the permit page", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    contractorPage = watch(await context.newPage());
    await signInToDashboard(contractorPage, base, contractor);
    await contractorPage.getByText(`Welcome ${contractor.email}!`).waitFor();
    await contractorPage.goto(`${base}/projects/${permit.projectId}/${permit.permitId}`, { waitUntil: 'networkidle' });
    await closeTour(contractorPage);
    const mark = errors.length;
    const panel = contractorPage.getByRole('region', { name: 'Share status' });
    assert.equal(await panel.getByLabel(/Show prices/).isChecked(), false);
    await panel.getByLabel('Who is it for? (optional)').fill('For Hannah');
    await panel.getByRole('button', { name: 'Share status' }).click();
    statusUrl = await panel.getByLabel('Status page link').inputValue();
    assert.match(statusUrl, new RegExp(`^${base.replace(/[.]/g, '\\.')}/status/[A-Za-z0-9_-]{43}$`));
    await panel.getByRole('button', { name: 'Copy' }).click();
    assert.equal(await contractorPage.evaluate(() => navigator.clipboard.readText()), statusUrl);
    await panel.getByText('For Hannah').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await look(contractorPage, '01-contractor-shares-status', mark);
  });

  it('the homeowner opens the page without an account, on a phone and on a desktop', async () => {
    homeContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    homePage = watch(await homeContext.newPage());
    const mark = errors.length;
    const response = await homePage.goto(statusUrl, { waitUntil: 'networkidle' });
    assert.equal(response.headers()['referrer-policy'], 'no-referrer');
    assert.match(response.headers()['x-robots-tag'], /noindex/);
    assert.match(response.headers()['content-security-policy'], /script-src 'self'/);
    await homePage.getByRole('heading', { name: /permit$/ }).waitFor();
    await homePage.getByRole('heading', { name: 'Where it is now: Requested' }).waitFor();
    await homePage.getByText('We have received your permit request. Processing will begin soon.').waitFor();
    await homePage.getByRole('heading', { name: 'Every step so far' }).waitFor();
    // Nothing of the customer's name, the order number or the prices.
    const text = await homePage.locator('body').innerText();
    for (const hidden of ['Hannah Homeowner', `PO-${tag}`, '2,450', 'Costs']) assert.ok(!text.includes(hidden), `the page shows ${hidden}`);
    // No horizontal scrolling on a phone.
    assert.ok(await homePage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'the page fits 390 px');
    assert.deepEqual(await homeContext.cookies(), []);
    await look(homePage, '02-status-390', mark);
    await homePage.setViewportSize({ width: 1280, height: 900 });
    await look(homePage, '03-status-1280', mark);
  });

  it('the homeowner subscribes and confirms from the mailed link', async () => {
    const mark = errors.length;
    await homePage.getByLabel('Your e-mail').fill(homeowner);
    await homePage.getByRole('button', { name: 'Email me updates' }).click();
    await homePage.getByText('Check your inbox: we sent you a link to confirm your subscription.').waitFor();
    const mail = await mailFor(homeowner, (m) => m.template === 'status_subscription_confirm');
    const confirmLink = mail.links.find((l) => l.includes('?confirm='));
    assert.ok(confirmLink.startsWith(`${statusUrl}?confirm=`));
    await homePage.goto(confirmLink, { waitUntil: 'networkidle' });
    await homePage.getByText('You are subscribed: we will e-mail you when the permit moves forward.').waitFor();
    // The confirmation token leaves the address bar.
    await homePage.waitForURL(statusUrl);
    await look(homePage, '04-subscription-confirmed', mark);

    await contractorPage.reload({ waitUntil: 'networkidle' });
    await contractorPage.getByRole('region', { name: 'Share status' }).getByText(`${homeowner} — Confirmed`).waitFor();
    // A long subscriber address wraps: the permit page still fits a phone.
    await contractorPage.setViewportSize({ width: 390, height: 844 });
    const width = await contractorPage.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the permit page is ${width} px wide on a 390 px phone`);
    await contractorPage.setViewportSize({ width: 1280, height: 900 });
  });

  it('the permit team moves the stage: the mail arrives and the page shows the new step', async () => {
    await moveStage(20);
    const mail = await mailFor(homeowner, (m) => m.template === 'status_update');
    assert.match(mail.subject, /Processing$/);
    assert.ok(mail.links.includes(statusUrl));
    assert.match(mail.headers['List-Unsubscribe'], /\/v4\/public\/permit-status\/unsubscribe\/[A-Za-z0-9_-]{43}>/);
    assert.equal(mail.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    const mark = errors.length;
    await homePage.goto(statusUrl, { waitUntil: 'networkidle' });
    await homePage.getByRole('heading', { name: 'Where it is now: Processing' }).waitFor();
    const steps = homePage.locator('.status-page__steps li');
    assert.equal(await steps.count(), 2);
    assert.match(await steps.nth(1).innerText(), /Processing\s+\w+ \d+\w\w, \d{4} at \d\d:\d\d (AM|PM)/);
    await look(homePage, '05-status-after-stage-change', mark);
  });

  it('the contractor revokes the link: the page is gone (404) and no more mail goes out', async () => {
    let mark = errors.length;
    const panel = contractorPage.getByRole('region', { name: 'Share status' });
    await panel.getByRole('button', { name: 'Revoke link' }).click();
    await panel.getByText('Revoked', { exact: true }).waitFor();
    await look(contractorPage, '06-contractor-revoked', mark);

    mark = errors.length;
    await homePage.reload({ waitUntil: 'networkidle' });
    await homePage.getByRole('heading', { name: 'This status page is no longer available' }).waitFor();
    await look(homePage, '07-status-gone', mark, { missing: true });
    const token = statusUrl.split('/status/')[1];
    const api = await fetch(`${base}/v4/public/permit-status/${token}`);
    assert.equal(api.status, 404);
    await moveStage(30);
    const updates = (await (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(homeowner)}`)).json()).filter((m) => m.template === 'status_update');
    assert.equal(updates.length, 1);
  });
});
