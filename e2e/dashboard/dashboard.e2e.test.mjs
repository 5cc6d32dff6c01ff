// End to end in Debian's Chromium (playwright-core) against the real server serving the built dashboard:
// every page is opened and photographed (artifacts/screenshots/dashboard/), checked with axe-core and
// for browser console errors; then a company signs up, confirms with the mailed code, signs in, reloads,
// switches company and signs out; anonymous users meet the guards.
//
//   E2E_BASE_URL   the server (default http://localhost:3000)
//   E2E_MAILBOX    the dev mailbox JSON (default $E2E_BASE_URL/dev/mailbox)
// Run: node --test e2e/dashboard/
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
const mailbox = process.env.E2E_MAILBOX ?? `${base}/dev/mailbox`;
const shots = join(root, 'artifacts', 'screenshots', 'dashboard');
const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Every page a visitor can open, with a name for its screenshot. */
const PUBLIC_PAGES = [
  ['sign-in', '/sign-in'], ['sign-up', '/sign-up'], ['sign-up-individual', '/sign-up/individual'], ['sign-up-company', '/sign-up/company'],
  ['sign-up-invite', '/sign-up/invite'], ['sign-up-confirm', '/sign-up/confirm?email=someone%40example.com'], ['reset-password', '/reset-password'],
  ['force-change-password', '/force-change-password'], ['how-it-works', '/how-it-works'], ['products', '/products'], ['services', '/services'],
  ['support', '/support'], ['faq', '/support/faq.html'], ['legal', '/legal'], ['privacy-policy', '/legal/privacy-policy.html'],
  ['terms-of-use', '/legal/terms-of-use.html'], ['roadmap', '/roadmap'], ['coverage', '/coverage'], ['search', '/search?state=CA'],
  ['us-state', '/us/ca'], ['verified', '/verified'], ['integration', '/integration/permits'], ['not-found', '/404'], ['welcome-anonymous', '/welcome'],
  ['embed', '/embed'],
];
/** Pages of a signed-in user. */
const SIGNED_IN_PAGES = [
  ['project-radar', '/project-radar'], ['radar-search', '/project-radar/search?status=HasPermit'], ['profile', '/profile'],
  ['compliance-center', '/compliance-center'], ['licenses', '/licenses'], ['users', '/users'], ['updates', '/companies-recent-updates'],
  ['new-company', '/companies/new'], ['new-project', '/new-project'], ['invitations', '/invitations/notify'],
];

let browser;
let context;
const consoleErrors = [];

async function newPage(viewport = { width: 1280, height: 860 }) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(`${page.url()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  return page;
}

async function visit(page, path) {
  await page.goto(base + path, { waitUntil: 'networkidle' });
  try {
    await page.waitForSelector('#main');
  } catch (error) {
    // Keep what the browser showed, to see why the page never rendered.
    await page.screenshot({ path: join(shots, `failed-${path.replace(/\W+/g, '-')}.png`), fullPage: true });
    throw error;
  }
}

async function photograph(page, name) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function seriousViolations(page) {
  await page.evaluate(axeSource); // not a <script>: the dashboard's CSP refuses inline scripts
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  return result;
}

async function codeFor(email) {
  // The dev mailbox lists the stored outbox as JSON; the newest mail to the address carries the code.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const text = await (await fetch(mailbox)).text();
    const mails = JSON.parse(text);
    const list = Array.isArray(mails) ? mails : (mails.messages ?? mails.items ?? []);
    const mine = list.filter((m) => JSON.stringify(m).toLowerCase().includes(email.toLowerCase()));
    const code = mine.map((m) => JSON.stringify(m).match(/\b(\d{6})\b/)?.[1]).filter(Boolean).at(-1);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No code mailed to ${email}`);
}

before(async () => {
  await mkdir(shots, { recursive: true });
  browser = await launchChromium();
  context = await browser.newContext();
});
after(async () => {
  await browser?.close();
});

describe('public pages', () => {
  for (const [name, path] of PUBLIC_PAGES) {
    it(`${path} renders, has no serious axe violation and no console error`, async () => {
      const page = await newPage();
      const before = consoleErrors.length;
      await visit(page, path);
      assert.ok((await page.locator('h1').count()) > 0, 'the page has a heading');
      await photograph(page, name);
      assert.deepEqual(await seriousViolations(page), []);
      assert.deepEqual(consoleErrors.slice(before), []);
      await page.close();
    });
  }

  it('shows the phone layout and the visitors mobile menu', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await visit(page, '/how-it-works');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile menu' }).getByRole('link', { name: 'Permit expeditor' }).waitFor();
    await photograph(page, 'mobile-menu-visitor');
    await page.close();
  });
});

describe('guards', () => {
  it('sends an anonymous user from a protected page to /sign-in and back after sign-in is remembered', async () => {
    const page = await newPage();
    await visit(page, '/compliance-center');
    assert.equal(new URL(page.url()).pathname, '/sign-in');
    assert.equal(await page.evaluate(() => localStorage.getItem('redirectUrl')), '/compliance-center');
    await page.close();
  });

  it('sends an anonymous user from an invitation to /sign-up/invite with Login Required', async () => {
    const page = await newPage();
    await visit(page, '/compliance-wallet-share/77/accept?email_address=invitee%40example.com');
    assert.equal(new URL(page.url()).pathname, '/sign-up/invite');
    await page.getByText('Login Required').waitFor();
    await page.getByText('You must be logged in to access this page.').waitFor();
    assert.equal(await page.getByLabel('Email Address').inputValue(), 'invitee@example.com');
    await photograph(page, 'sign-up-invite-login-required');
    await page.close();
  });
});

describe('a company signs up and uses the dashboard', () => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'correct-horse-7';

  it('signs up, confirms, signs in, survives a reload, switches company and signs out', async () => {
    // A browser of its own: what the guard tests stored (a remembered invitation URL) must not leak in.
    context = await browser.newContext();
    const page = await newPage();
    await visit(page, '/sign-up/company');
    await page.getByLabel('Full Name').fill('Erin Tester');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('(555) 234-5678');
    await page.getByLabel('Company Name').fill(`E2E Roofing ${Date.now()}`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/sign-up\/confirm/);

    await page.getByLabel('Verification Code').fill(await codeFor(email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/sign-in$/);
    await page.getByText('Active successfully!').waitFor();

    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(`Welcome ${email}!`).waitFor();
    // A company sign-up lands on /welcome, which creates the company.
    await page.waitForURL(/\/welcome$/);
    await page.getByText('The company has been created successfully.').first().waitFor();
    await photograph(page, 'welcome');
    await page.getByRole('button', { name: 'Continue to the Project Radar' }).click();
    await page.waitForURL(/\/project-radar$/);

    await page.reload({ waitUntil: 'networkidle' });
    assert.equal(new URL(page.url()).pathname, '/project-radar');
    // First visit: the radar's guided tour starts after 500 ms; close it as a user would.
    await page.locator('.driver-popover').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Project Radar' }).first().waitFor();
    await photograph(page, 'project-radar-after-reload');

    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: /Erin/ }).click();
    const account = main.getByLabel('Account');
    await account.selectOption({ label: 'Personal' });
    assert.equal(await page.evaluate(() => localStorage.getItem('permitdesk.session.currentCompanyId')), 'null');

    for (const [name, path] of SIGNED_IN_PAGES) {
      const before = consoleErrors.length;
      await visit(page, path);
      // Pages with a guided tour start it 500 ms after the first visit; close it as a user would.
      const tour = page.locator('.driver-popover');
      if (await tour.waitFor({ timeout: 1500 }).then(() => true, () => false)) {
        await page.keyboard.press('Escape');
        await tour.waitFor({ state: 'detached' });
      }
      await photograph(page, name);
      assert.deepEqual(await seriousViolations(page), [], path);
      assert.deepEqual(consoleErrors.slice(before), [], path);
    }

    await visit(page, '/project-radar');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Erin/ }).click();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL(/\/sign-in$/);
    await page.getByText('Successfully Logged Out').waitFor();
    await visit(page, '/profile');
    assert.equal(new URL(page.url()).pathname, '/sign-in');
    await page.close();
  });
});
