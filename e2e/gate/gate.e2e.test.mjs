// End to end in Debian's Chromium: the pre-filing gate (issue 16) in the widget on the partner page
// against the real server. A California electrical contractor whose C-10 license has lapsed signs in
// through the widget, asks for a rewire permit in San Francisco, and is told exactly what is missing and
// why, with a link to renew it in the vault; 'Submit anyway; the permit team will ask for it' files the
// request, and the permit team sees the gate's answer on it. A do-it-yourself homeowner asking for the
// same work goes straight through (homeowners are not gated on trade licenses). Screenshots of the
// widget step go to artifacts/screenshots/gate/.
//   Run: node scripts/e2e.mjs gate     (or node --test e2e/gate/ with E2E_BASE_URL=...; E2E_BUILD=1 rebuilds)
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { root, startServer } from '../radar/server.mjs';
import { personOf, registrar } from '../support/accounts.mjs';
import { apiCaller } from '../support/api-call.mjs';
import { atStep, button, field, host, validateEmail, widget } from '../support/widget-journey.mjs';
import { launchChromium } from '../support/browser.mjs';
import { buildWidget } from '../support/build-widget.mjs';
import { settledViolations } from '../support/page-checks.mjs';

const shots = join(root, 'artifacts', 'screenshots', 'gate');
const stamp = Date.now().toString(36);
const person = personOf(stamp);
const SITE = '1 Dr Carlton B Goodlett Pl San Francisco CA';
const ACKNOWLEDGE = 'Submit anyway; the permit team will ask for it';
const OPERATOR = { email: 'operator@permitdesk.test', password: 'PermitDesk-demo1' };

let server;
let browser;
let call;

const isoDay = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function look(page, name) {
  const violations = await settledViolations(page, 'permit-lookup');
  await page.screenshot({ path: join(shots, `${name}.png`) });
  assert.deepEqual(violations, [], `axe on ${name}`);
}

/** A signed-up person walks the widget to the permit form: the San Francisco address, a rewire, sign-in. */
async function toTheForm(who) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${server.base}/examples/partner-site/`);
  await page.locator('permit-lookup [part=launcher]').click();
  await atStep(page, 'enter-address');
  const search = host(page).getByRole('combobox').first();
  await search.click();
  await search.pressSequentially(SITE, { delay: 15 });
  await widget(page, '[role=option]').first().click();
  await field(page, 'Address 1').waitFor();
  await button(page, 'Next').click();
  await atStep(page, 'select-task');
  const select = host(page).getByRole('combobox', { name: 'Project Type' });
  await select.click();
  await select.pressSequentially('rewire', { delay: 15 });
  await widget(page, '[role=option]').first().click();
  await button(page, 'Next').click();
  await atStep(page, 'enter-name-phone-number');
  await field(page, 'Full Name').fill(who.name);
  await field(page, 'Phone Number').pressSequentially('4155550147');
  await page.waitForFunction(() => document.querySelector('permit-lookup').shadowRoot.querySelector('input[type=tel]')?.value === '+1 (415) 555-0147');
  await button(page, 'Next').click();
  await atStep(page, 'enter-email');
  await validateEmail(page, who.email);
  await atStep(page, 'enter-password', 20_000);
  await field(page, 'Password').fill(who.password);
  await button(page, 'Sign In').click();
  await atStep(page, 'permit-form', 20_000);
  await field(page, 'Description of Work').waitFor();
  await field(page, 'Customer Name').fill('Rosa Homeowner');
  await field(page, 'Contact Email').fill('rosa@example.com');
  await field(page, 'Contact Phone Number').pressSequentially('4155550199');
  await field(page, 'Description of Work').fill('Rewire the kitchen and two bedrooms, 8 new circuits.');
  await field(page, 'Job Value').fill('$9,800');
  await field(page, 'Estimated Start Date (optional)').fill(isoDay(20));
  await field(page, 'Estimated Completion Date (optional)').fill(isoDay(50));
  return { page, context, problems };
}

before(async () => {
  await mkdir(shots, { recursive: true });
  buildWidget();
  server = await startServer({ projects: 5 });
  call = apiCaller(server.base);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the pre-filing gate in the widget', { timeout: 300_000 }, () => {
  it('blocks and explains for a company whose license lapses before the work ends, then files with the acknowledgement', async () => {
    const contractor = person('eli', 'Eli Sparks', 'Sparks Electric SF');
    await registrar(server.base)(contractor);
    // The vault: general liability in force, the CSLB C-10 license lapsing ten days into the work.
    await call('POST', `/v4/companies/${contractor.companyId}/insurances`, contractor.token, { name: 'General Liability', number: 'GL-77', expiresOn: isoDay(400) });
    await call('POST', `/v4/companies/${contractor.companyId}/licenses`, contractor.token, {
      licenseType: 'state', name: 'Electrical Contractor', number: 'C10-1234567', stateCode: 'CA', expiresOn: isoDay(30),
    });

    const { page, context, problems } = await toTheForm(contractor);
    await button(page, 'Request Permit').click();
    const why = host(page).getByText(/^Electrical Contractor license expires on \d\d\/\d\d\/\d{4}, before the work ends/);
    await why.waitFor({ timeout: 20_000 });
    await host(page).getByText('Your company is missing credentials this permit needs. Add or renew them, or submit anyway.').waitFor();
    const renew = host(page).getByRole('link', { name: 'Add or renew' });
    assert.equal(await renew.count(), 1);
    assert.equal(new URL(await renew.getAttribute('href')).pathname, '/licenses');
    await widget(page, '.pd-gate').scrollIntoViewIfNeeded();
    await look(page, 'widget-gate-blocked');
    await button(page, ACKNOWLEDGE).click();
    await page.waitForURL(/\/success\?type=APPLY_FOR_PROJECT_PERMIT&session=/, { timeout: 30_000 });
    const session = new URL(page.url()).searchParams.get('session');
    assert.deepEqual(problems, []);
    await context.close();

    // The permit team sees the gate's answer on the request.
    const { tokens } = await call('POST', '/auth/authenticate', undefined, OPERATOR);
    const permit = await call('GET', `/v4/permits?session=${encodeURIComponent(session)}`, contractor.token);
    const { gate } = await call('GET', `/v4/operator/permits/${permit.id}/desk`, tokens.accessToken);
    assert.equal(gate.ok, false);
    assert.equal(gate.acknowledged, true);
    assert.deepEqual(gate.missing.map((m) => [m.type, m.reason]), [['Electrical Contractor', 'lapses']]);
  });

  it('lets a do-it-yourself homeowner through: no trade license asked', async () => {
    const homeowner = person('dee', 'Dee Homeowner');
    await registrar(server.base)(homeowner);
    const { page, context, problems } = await toTheForm(homeowner);
    await look(page, 'widget-diy-form');
    await button(page, 'Request Permit').click();
    await page.waitForURL(/\/success\?type=APPLY_FOR_PROJECT_PERMIT&session=/, { timeout: 30_000 });
    assert.equal(await host(page).getByText(ACKNOWLEDGE).count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
