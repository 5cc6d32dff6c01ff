// The compliance center end to end in Debian's Chromium (playwright-core) against the real server: a
// company owner (signed up through the identity endpoints over HTTP) signs in, adds a license with a
// file, archives and restores it, and the sidebar's Licenses indicator follows (unknown → current →
// hidden → current); the file comes back byte for byte. Every compliance page is photographed
// (artifacts/screenshots/compliance/), checked with axe-core (no serious or critical violation) and for
// browser console errors.
//
//   E2E_BASE_URL   the server (default http://localhost:3000)
//   E2E_MAILBOX    the dev mailbox JSON (default $E2E_BASE_URL/dev/mailbox.json)
// Run: node scripts/e2e.mjs compliance
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../support/browser.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const mailbox = process.env.E2E_MAILBOX ?? `${base}/dev/mailbox.json`;
const shots = join(root, 'artifacts', 'screenshots', 'compliance');
const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

const stamp = Date.now().toString(36);
const email = `compliance-${stamp}@example.com`;
const password = 'correct-horse-7';
const companyName = `Summit Roofing ${stamp}`;
const fileBytes = Buffer.from(`%PDF-1.4\n% license scan ${stamp}\n`);
const licenseName = 'Roofing Contractor';

let browser;
let context;
let page;
let token;
let companyId;
const consoleErrors = [];

async function api(method, path, body) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function codeFor(address) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const mails = JSON.parse(await (await fetch(mailbox)).text());
    const list = Array.isArray(mails) ? mails : (mails.messages ?? mails.items ?? []);
    const code = list
      .filter((m) => JSON.stringify(m).toLowerCase().includes(address))
      .map((m) => JSON.stringify(m).match(/\b(\d{6})\b/)?.[1])
      .filter(Boolean)
      .at(-1);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No code mailed to ${address}`);
}

async function photograph(name) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function seriousViolations() {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource); // not a <script>: the dashboard's CSP refuses inline scripts
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

async function visit(path) {
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForSelector('#main');
}

const sidebar = () => page.getByRole('complementary', { name: 'Compliance companies' });
const companyNav = () => sidebar().getByRole('list', { name: `${companyName} sections` });
/** The accessible name of the Licenses tab: 'Licenses (Up to date)', 'Licenses (Expiring soon)' or 'Licenses (Expired)' (issue 16: never hidden). */
async function licensesTab(expected) {
  await companyNav().getByRole('link', { name: expected, exact: true }).waitFor();
}

before(async () => {
  await mkdir(shots, { recursive: true });
  // The owner and the company, through the API as a client would.
  await api('POST', '/auth/sign-up', { email, password, fullName: 'Olive Owner' });
  await api('POST', '/auth/confirm-registration', { email, code: await codeFor(email) });
  const session = await api('POST', '/auth/authenticate', { email, password });
  token = session.tokens.accessToken;
  companyId = (await api('POST', '/v4/companies', { name: companyName })).id;

  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1320, height: 900 } });
  // Guided tours are shown on first visits only: mark them seen so they do not cover the pages.
  await context.addInitScript(() => localStorage.setItem('permitdesk.tours.seen', JSON.stringify(['radar', 'radar-search', 'permit-detail'])));
  page = await context.newPage();
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(`${page.url()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
});
after(async () => {
  await browser?.close();
});

describe('compliance center', () => {
  it('signs in and shows the company in the sidebar with its Owner label and unknown indicators', async () => {
    await visit('/sign-in');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/project-radar/);
    await visit(`/compliance-center?company=${companyId}`);
    const entry = sidebar().getByRole('button', { name: new RegExp(companyName) });
    await entry.waitFor();
    assert.equal(await entry.getAttribute('aria-expanded'), 'true');
    assert.equal(await entry.locator('.role-label').textContent(), 'Owner');
    await licensesTab('Licenses (Up to date)');
    await page.getByText('No active licenses, insurance or certificates yet.').waitFor();
    await photograph('compliance-center');
    assert.deepEqual(await seriousViolations(), []);
  });

  it('adds a license with a file; the indicator turns current and the file comes back byte for byte', async () => {
    await companyNav().getByRole('link', { name: /^Licenses/ }).click();
    await page.waitForURL(new RegExp(`/licenses\\?company=${companyId}$`));
    await page.getByText('No licenses yet.').waitFor();
    await photograph('licenses-empty');
    await page.getByRole('button', { name: 'Add License' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add license' });
    await dialog.getByLabel('Name').fill(licenseName);
    await dialog.getByLabel('License Number').fill('RC-20417');
    await dialog.getByLabel('Issued By').fill('Colorado DORA');
    await dialog.getByLabel('State', { exact: true }).selectOption('CO');
    await dialog.getByLabel('Issued On').fill('2025-02-01');
    const expires = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Expires On').fill(expires);
    await dialog.getByLabel('Attach a file').setInputFiles({ name: 'roofing-license.pdf', mimeType: 'application/pdf', buffer: fileBytes });
    await photograph('license-add-dialog');
    assert.deepEqual(await seriousViolations(), []);
    await dialog.getByRole('button', { name: 'Save license' }).click();
    await page.getByText('The license has been added.').first().waitFor();
    const row = page.locator('tr', { has: page.getByText(licenseName, { exact: true }) });
    await row.getByRole('button', { name: 'Download roofing-license.pdf' }).waitFor();
    assert.equal(await row.locator('td[data-column="expiresOn"]').getByText(expires).count(), 1);
    await licensesTab('Licenses (Up to date)');
    await photograph('licenses-with-file');
    assert.deepEqual(await seriousViolations(), []);

    // The stored file, through the same presigned download the button uses.
    const [license] = await api('GET', `/v4/companies/${companyId}/licenses`);
    assert.equal(license.fileName, 'roofing-license.pdf');
    const link = await api('GET', `/v4/s3/presigned?file=${encodeURIComponent(license.file)}`);
    const download = await fetch(link.url);
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), fileBytes);
    // The permit form's license lookup reads the same license.
    const indicators = await api('GET', `/v4/indicators/companies?ids=${companyId}`);
    assert.equal(indicators[0].license, true);
  });

  it('archives the license (indicator red, no longer hidden) and restores it (green again)', async () => {
    await page.getByRole('button', { name: `Archive ${licenseName}` }).click();
    await page.getByText('The license has been archived.').first().waitFor();
    await page.getByText('No licenses yet.').waitFor();
    await licensesTab('Licenses (Expired)');
    await photograph('licenses-archived');

    await page.getByLabel('Show').selectOption('archived');
    const restore = page.getByRole('button', { name: `Restore ${licenseName}` });
    await restore.waitFor();
    await photograph('licenses-archive-list');
    await restore.click();
    await page.getByText('The license has been restored.').first().waitFor();
    await licensesTab('Licenses (Up to date)');
    await page.getByLabel('Show').selectOption('active');
    await page.getByRole('button', { name: `Archive ${licenseName}` }).waitFor();
    const [license] = await api('GET', `/v4/companies/${companyId}/licenses?status=active`);
    assert.equal(license.status, 'active');
  });

  it('opens every compliance page without serious axe violations or console errors', async () => {
    const pages = [
      ['company-profile', `/companies/${companyId}/profile`, 'Company Profile'],
      ['users', `/users?company=${companyId}`, 'Users'],
      ['insurances', `/insurances?company=${companyId}`, 'Insurance'],
      ['certificates', `/certificates?company=${companyId}`, 'Certifications'],
      ['documentations', `/documentations?company=${companyId}`, 'Documentation'],
      ['assigned-projects', `/assigned-projects?company=${companyId}`, 'Assigned Projects'],
      ['access', `/access?company=${companyId}`, 'Access'],
      ['overview-after', `/compliance-center?company=${companyId}`, 'Compliance Center'],
      ['recent-updates', '/companies-recent-updates', 'Updates'],
    ];
    for (const [name, path, heading] of pages) {
      const before = consoleErrors.length;
      await visit(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await photograph(name);
      assert.deepEqual(await seriousViolations(), [], name);
      assert.deepEqual(consoleErrors.slice(before), [], name);
    }
  });

  it('closes the sidebar with its animation and opens it again', async () => {
    await visit(`/licenses?company=${companyId}`);
    await page.getByRole('button', { name: 'Hide companies' }).click();
    await page.locator('.compliance[data-sidebar="closed"]').waitFor();
    assert.equal(await sidebar().count(), 0, 'a closed sidebar is hidden from everyone');
    await photograph('sidebar-closed');
    await page.getByRole('button', { name: 'Show companies' }).click();
    await page.locator('.compliance[data-sidebar="open"]').waitFor();
    await companyNav().waitFor();
  });

  it('switches to vendor mode and back', async () => {
    await sidebar().getByRole('switch', { name: `Vendors of ${companyName}` }).click();
    await page.waitForURL(new RegExp(`vendor-for=${companyId}`));
    await sidebar().getByLabel('Search vendors').waitFor();
    await page.waitForLoadState('networkidle');
    await photograph('vendor-mode');
    assert.deepEqual(await seriousViolations(), []);
    await sidebar().getByRole('link', { name: /Back/ }).click();
    await page.waitForURL(new RegExp(`/compliance-center\\?company=${companyId}$`));
    await companyNav().waitFor();
  });
});
