// End to end in Debian's Chromium (playwright-core) against the real server (node scripts/e2e.mjs
// compliance-link), issue 13: a company owner (signed up through the identity endpoints) uploads a license
// file in the compliance center, creates a public link of chosen items on the 'Public links' page and
// copies its address; an anonymous browser (a context of its own, no account) opens /c/{token}, sees the
// items with their live status and downloads the license file (the same bytes); the owner sees the visit
// and the download; the owner revokes the link and the anonymous page says it is no longer available.
// Every page is photographed (artifacts/screenshots/compliance-link/), checked with axe-core (no serious
// or critical violation) and for console errors.
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { closeTour, pageLooker } from '../support/page-checks.mjs';
import { apiCaller } from '../support/api-call.mjs';
import { registrar } from '../support/accounts.mjs';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '..', '..', 'artifacts', 'screenshots', 'compliance-link');
const tag = Date.now().toString(36);
const owner = { email: `lena.${tag}@lakeside-${tag}.example`, password: 'Lena-pass-7', name: 'Lena Lakeside', company: `Lakeside Roofing ${tag}` };
const licenseBytes = Buffer.from(`%PDF-1.4\n% Lakeside roofing license ${tag}\n`);
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let browser;
const errors = [];

const call = apiCaller(base);

const register = registrar(base);

const watch = (page) => {
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return page;
};

const look = pageLooker({ shots, errors });

before(async () => {
  await mkdir(shots, { recursive: true });
  browser = await launchChromium();
  await register(owner);
  // An insurance without a file, expiring soon: the link shows it as such.
  await call('POST', `/v4/companies/${owner.companyId}/insurances`, owner.token, { name: 'General Liability', number: 'GL-7731', issuer: 'Acme Mutual', expiresOn: day(12) });
});
after(() => browser?.close());

describe('a public compliance link', () => {
  let ownerContext;
  let ownerPage;
  let visitorContext;
  let visitorPage;
  let linkUrl;

  it('the owner uploads a license file in the compliance center', async () => {
    ownerContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    ownerPage = watch(await ownerContext.newPage());
    await signInToDashboard(ownerPage, base, owner);
    await ownerPage.getByText(`Welcome ${owner.email}!`).waitFor();
    await ownerPage.goto(`${base}/licenses?company=${owner.companyId}`, { waitUntil: 'networkidle' });
    await closeTour(ownerPage);
    await ownerPage.getByRole('button', { name: 'Add License' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Add license' });
    await dialog.getByLabel('Name').fill('Roofing Contractor');
    await dialog.getByLabel('License Number').fill('RC-20417');
    await dialog.getByLabel('Issued By').fill('Texas TDLR');
    await dialog.getByLabel('State', { exact: true }).selectOption('TX');
    await dialog.getByLabel('Expires On').fill(day(400));
    await dialog.getByLabel('Attach a file').setInputFiles({ name: 'roofing-license.pdf', mimeType: 'application/pdf', buffer: licenseBytes });
    await dialog.getByRole('button', { name: 'Save license' }).click();
    await ownerPage.getByText('The license has been added.').first().waitFor();
    await ownerPage.locator('tr', { has: ownerPage.getByText('Roofing Contractor', { exact: true }) }).getByRole('button', { name: 'Download roofing-license.pdf' }).waitFor();
  });

  it('creates a link of chosen items on the Public links page and copies its address', async () => {
    const mark = errors.length;
    await ownerPage.getByRole('link', { name: 'Public links' }).first().click();
    await ownerPage.waitForURL(new RegExp(`/public-links\\?company=${owner.companyId}$`));
    await ownerPage.getByText('No public links yet.', { exact: false }).waitFor();
    await look(ownerPage, '01-public-links-empty', mark);

    const form = ownerPage.getByRole('form', { name: 'Create a public link' });
    await form.getByLabel('Label (optional)').fill('For the Smith kitchen');
    await form.getByLabel('Only the items I choose').check();
    await form.getByRole('checkbox', { name: /License: Roofing Contractor/ }).check();
    await form.getByRole('checkbox', { name: /Insurance: General Liability/ }).check();
    await form.getByLabel('Expires after').selectOption('30');
    await look(ownerPage, '02-create-link-form', mark);
    await form.getByRole('button', { name: 'Create link' }).click();

    const address = ownerPage.getByLabel('Link address');
    await address.waitFor();
    linkUrl = await address.inputValue();
    assert.match(linkUrl, new RegExp(`^${base.replace(/[.]/g, '\\.')}/c/[A-Za-z0-9_-]{43}$`));
    await ownerPage.getByRole('button', { name: 'Copy link' }).click();
    await ownerPage.getByText('The link is on your clipboard.').waitFor();
    assert.equal(await ownerPage.evaluate(() => navigator.clipboard.readText()), linkUrl);
    const row = ownerPage.locator('tr', { has: ownerPage.getByText('For the Smith kitchen', { exact: true }) });
    await row.getByText('Active').waitFor();
    await look(ownerPage, '03-link-created', mark);
  });

  it('an anonymous visitor opens the link, sees the live items and downloads the license file', async () => {
    visitorContext = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
    visitorPage = watch(await visitorContext.newPage());
    const mark = errors.length;
    const response = await visitorPage.goto(linkUrl, { waitUntil: 'networkidle' });
    // The token is in the path: no referrer leaves this page, and search engines keep out.
    assert.equal(response.headers()['referrer-policy'], 'no-referrer');
    assert.match(response.headers()['x-robots-tag'], /noindex/);
    await visitorPage.getByRole('heading', { name: owner.company }).waitFor();
    await visitorPage.getByText('For the Smith kitchen').waitFor();
    const license = visitorPage.locator('tr', { has: visitorPage.getByText('Roofing Contractor', { exact: true }) });
    await license.getByText('Valid', { exact: true }).waitFor();
    const insurance = visitorPage.locator('tr', { has: visitorPage.getByText('General Liability', { exact: true }) });
    await insurance.getByText('Missing file').waitFor();
    await visitorPage.getByText(/This link expires on/).waitFor();
    await look(visitorPage, '04-visitor-sees-the-link', mark);

    const [download] = await Promise.all([visitorPage.waitForEvent('download'), license.getByRole('button', { name: 'Download roofing-license.pdf' }).click()]);
    assert.equal(download.suggestedFilename(), 'roofing-license.pdf');
    assert.deepEqual(await readFile(await download.path()), licenseBytes);
    // No account, no cookie.
    assert.deepEqual(await visitorContext.cookies(), []);
    await look(visitorPage, '05-visitor-downloaded', mark);
  });

  it('the owner sees the visit and the download', async () => {
    const mark = errors.length;
    await ownerPage.reload({ waitUntil: 'networkidle' });
    const row = ownerPage.locator('tr', { has: ownerPage.getByText('For the Smith kitchen', { exact: true }) });
    await row.getByText('(1 download)').waitFor();
    assert.match(await row.textContent(), /Active/);
    await row.getByRole('button', { name: 'Visits of For the Smith kitchen' }).click();
    const visits = ownerPage.getByRole('table', { name: 'Visits of For the Smith kitchen' });
    await visits.getByText('roofing-license.pdf').waitFor();
    // No geolocation source is configured here: the place is unknown, the network is shown.
    await visits.getByText(/Unknown place/).waitFor();
    await look(ownerPage, '06-owner-sees-the-visit', mark);
  });

  it('the owner revokes the link and the visitor is told it is no longer available', async () => {
    let mark = errors.length;
    await ownerPage.getByRole('button', { name: 'Revoke For the Smith kitchen' }).click();
    const dialog = ownerPage.getByRole('dialog');
    await dialog.getByText('Anyone holding this link will no longer see your documents').waitFor();
    await look(ownerPage, '07-revoke-confirm', mark);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await ownerPage.getByText('For the Smith kitchen is revoked.').first().waitFor();
    const row = ownerPage.locator('tr', { has: ownerPage.getByText('For the Smith kitchen', { exact: true }) });
    await row.getByText('Revoked').waitFor();
    await look(ownerPage, '08-link-revoked', mark);

    mark = errors.length;
    await visitorPage.reload({ waitUntil: 'networkidle' });
    await visitorPage.getByRole('heading', { name: 'This link is no longer available' }).waitFor();
    assert.equal(await visitorPage.getByText('Roofing Contractor').count(), 0);
    await look(visitorPage, '09-visitor-link-gone', mark, { missing: true });
  });
});
