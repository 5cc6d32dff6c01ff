// End to end in Debian's Chromium: the partner page (examples/partner-site, only the snippet and a
// <permit-lookup>, under a strict CSP) against the real server (PGlite in a temporary DATA_DIR with the
// demo data). A new contractor, on the partner page served from an origin of its own, goes from the
// address to the dashboard's success page, following the verification link from the dev mailbox in
// another browser, and lands there signed in (the session handed over by a one-time code), after a
// taken company name is said on the company step (as typed, and at Create Account) and changed; a
// do-it-yourselfer gets the DIY notice; an existing user
// signs in; a forgotten password is reset by the mailed code; bad input at each field shows the SPEC's
// messages; aggressive host CSS does not reach the widget. axe-core checks every step (no serious or
// critical violation); screenshots go to artifacts/screenshots/widget/.
//   Run: node --test e2e/widget/        (E2E_BASE_URL=... to use a running server with the demo data;
//        E2E_BUILD=1 to rebuild the widget first)
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { root, startServer } from '../radar/server.mjs';
import { apiCaller } from '../support/api-call.mjs';
import { launchChromium } from '../support/browser.mjs';
import { buildWidget } from '../support/build-widget.mjs';
import { animationsDone, settledViolations } from '../support/page-checks.mjs';
import { servePartnerOrigin } from './partner-origin.mjs';
import {
  ADDRESS,
  addressStep as addressStepWith,
  atStep,
  button,
  field,
  host,
  hostSelector,
  mailTo as mailToAt,
  namePhone as namePhoneWith,
  taskStep as taskStepWith,
  validateEmail,
  widget,
} from '../support/widget-journey.mjs';

const shots = join(root, 'artifacts', 'screenshots', 'widget');
const DEMO = { email: 'demo@permitdesk.test', password: 'PermitDesk-demo1' };
const stamp = Date.now().toString(36);

let server;
/** The partner site on an origin of its own (the widget still comes from the server). */
let partner;
let browser;
let shotNumber = 0;

/** A fresh browser context on the partner page, collecting CSP violations and page errors. */
async function partnerPage(url = `${server.base}/examples/partner-site/`, contextOptions = { viewport: { width: 1280, height: 900 } }) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(url);
  return { page, context, problems };
}

/** Screenshot plus axe-core: no serious or critical violation inside the widget once it has settled. */
async function check(page, name) {
  const violations = await settledViolations(page, hostSelector(page));
  await page.screenshot({ path: join(shots, `${String(++shotNumber).padStart(2, '0')}-${name}.png`) });
  assert.deepEqual(violations, [], `axe on ${name}`);
}

const mailTo = (email, template) => mailToAt(server.base, email, template);
/** Another contractor registers a company name (the demo user, through the API). */
async function registerCompanyElsewhere(name) {
  const call = apiCaller(server.base);
  const { tokens } = await call('POST', '/auth/authenticate', undefined, DEMO);
  await call('POST', '/v4/companies', tokens.accessToken, { name });
}
const TAKEN = 'Company name has already been taken, please try another name!';
const addressStep = (page, { name = 'address' } = {}) => addressStepWith(page, { check, name });
const taskStep = (page, shot) => taskStepWith(page, { check: shot ? check : undefined });
const namePhone = (page, name, shot) => namePhoneWith(page, name, { check: shot ? check : undefined });

before(async () => {
  await mkdir(shots, { recursive: true });
  buildWidget();
  server = await startServer({ projects: 5 });
  partner = await servePartnerOrigin(root, server.base);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await partner?.close();
  // PGlite may still be flushing its data folder as the server exits: stopping again removes the rest.
  await server?.stop();
});

describe('the widget on a partner page', { timeout: 240_000 }, () => {
  it('takes a new contractor from a partner origin to the success page, verifying through the mailed link in another browser, and signs them in there', async () => {
    const { page, context, problems } = await partnerPage(`${partner.url}/examples/partner-site/`);
    assert.notEqual(new URL(page.url()).origin, server.base);
    assert.equal(await page.locator('permit-lookup').getAttribute('state'), 'closed');
    await check(page, 'partner-page');
    await addressStep(page);
    await taskStep(page, true);
    await namePhone(page, 'Jordan Lee', true);
    const email = `jordan.${stamp}@leeroofing.example`;
    await check(page, 'email');
    await validateEmail(page, email);
    await button(page, 'Resend email').waitFor();
    await check(page, 'email-sent');
    assert.deepEqual(await page.evaluate(() => window.__csp), []);
    assert.deepEqual(problems, []);
    await context.close();

    // The mailed link, opened in another browser: it goes to our own /verified page (never to an address
    // a caller chose), where the flow resumes from the server's record.
    const mail = await mailTo(email, 'verification');
    assert.match(mail.data.link, /\/verified\?.*email=.*accepted=1/);
    assert.equal(new URL(mail.data.link).origin, server.base);
    const other = await partnerPage(mail.data.link);
    const p = other.page;
    await atStep(p, 'verify-email');
    assert.equal(await widget(p, 'h2').textContent(), 'Hang tight while we verify');
    await check(p, 'verify-email');
    await host(p).getByText('Verified email success !').waitFor({ timeout: 10_000 });
    await check(p, 'verified');
    await atStep(p, 'enter-apply-type');
    await check(p, 'apply-type');
    await button(p, 'Contractor').click();

    // Issue 18: a taken company name is said on the company step as it is typed, and Next waits for another.
    await atStep(p, 'apply-contractor');
    await registerCompanyElsewhere(`Summit Roofing ${stamp}`);
    await field(p, 'Company Name').fill(`summit roofing ${stamp}`);
    const companyAddress = host(p).getByRole('combobox', { name: 'Company Address' });
    await companyAddress.click();
    await companyAddress.pressSequentially('1600 Pennsylvania Ave NW, Washington, DC 20500', { delay: 10 });
    await widget(p, '[role=option]').first().click();
    await host(p).getByText(TAKEN).waitFor({ timeout: 10_000 });
    await check(p, 'company-name-taken');
    assert.equal(await button(p, 'Next').count(), 0);
    await field(p, 'Company Name').fill(`Lee Roofing ${stamp}`);
    await host(p).getByText(TAKEN).waitFor({ state: 'detached' });
    await check(p, 'company');
    await button(p, 'Next').click();

    await atStep(p, 'important-notice');
    await button(p, 'Next').click();
    await host(p).getByText('Please check this box if you want to proceed').waitFor();
    await check(p, 'notice-company');
    await host(p).getByRole('checkbox').check();
    await button(p, 'Next').click();

    await atStep(p, 'create-password');
    await check(p, 'create-password');
    await field(p, 'Password').fill('Roofs-all-day-1');
    // Someone registers the same name meanwhile: Create Account brings the company step back with the
    // SPEC's message and everything typed, never an empty sign-in page.
    await registerCompanyElsewhere(`Lee Roofing ${stamp}`);
    await button(p, 'Create Account').click();
    await atStep(p, 'apply-contractor', 20_000);
    await host(p).getByText(TAKEN).waitFor();
    assert.equal(await field(p, 'Company Name').inputValue(), `Lee Roofing ${stamp}`);
    await host(p).getByText(/1600 Pennsylvania Ave/).waitFor();
    assert.equal(new URL(p.url()).pathname, '/verified');
    await check(p, 'company-name-taken-at-create');
    await field(p, 'Company Name').fill(`Lee Roofing ${stamp} LLC`);
    await host(p).getByText(TAKEN).waitFor({ state: 'detached' });
    await button(p, 'Next').click();
    await atStep(p, 'important-notice');
    await host(p).getByRole('checkbox').check();
    await button(p, 'Next').click();
    await atStep(p, 'create-password');
    await field(p, 'Password').fill('Roofs-all-day-1');
    await button(p, 'Create Account').click();

    await atStep(p, 'permit-form', 20_000);
    await field(p, 'Description of Work').waitFor();
    await check(p, 'form');
    // A contractor's customer is the property owner: the field starts empty, with its hint.
    assert.equal(await field(p, 'Customer Name').inputValue(), '');
    await field(p, 'Customer Name').fill('Pat Homeowner');
    await field(p, 'Description of Work').fill('Tear off and re-roof, 24 squares, architectural shingles.');
    await field(p, 'Job Value').fill('$18,500');
    assert.deepEqual(await p.evaluate(() => window.__csp), []);
    // On our own site the session needs no handoff code (the partner-origin handoff is the next test's).
    const handoffs = [];
    p.on('request', (request) => request.url().includes('/auth/handoff') && handoffs.push(new URL(request.url()).pathname));
    await button(p, 'Request Permit').click();
    // The new company's vault is empty: the pre-filing gate names what is missing, and the contractor files anyway.
    await host(p).getByText('No General Liability insurance on file.').waitFor({ timeout: 20_000 });
    await check(p, 'form-gate');
    await button(p, 'Submit anyway; the permit team will ask for it').click();
    await p.waitForURL(/\/success\?type=APPLY_FOR_PROJECT_PERMIT&session=/, { timeout: 20_000 });
    assert.equal(new URL(p.url()).origin, server.base);
    await p.getByRole('heading', { name: 'Request received' }).waitFor({ timeout: 20_000 });
    await p.getByText(/ at 350 5th Ave, New York\./).waitFor();
    await p.getByRole('link', { name: 'View the project' }).waitFor();
    assert.deepEqual(handoffs, []);
    // Signed in as the new contractor on the PermitDesk origin, and the code is gone from the address.
    assert.doesNotMatch(p.url(), /handoff/);
    assert.match(p.url(), /\/success\?type=APPLY_FOR_PROJECT_PERMIT&session=[^&]+$/);
    const signedIn = await p.evaluate(() => JSON.parse(localStorage.getItem('permitdesk.session.profile') ?? 'null')?.email);
    assert.equal(signedIn, email);
    await animationsDone(p);
    await p.screenshot({ path: join(shots, `${String(++shotNumber).padStart(2, '0')}-success-page.png`) });
    assert.deepEqual(other.problems, []);
    await other.context.close();
  });

  // Issue 18 item 2: the page where the sign-up started notices the verification made in another browser.
  it('moves the first page on by itself once the link is opened in another browser and the sign-up handed back', async () => {
    const { page, context, problems } = await partnerPage(`${partner.url}/examples/partner-site/`);
    await addressStep(page, { name: null });
    await taskStep(page);
    await namePhone(page, 'Riley Park');
    const email = `riley.${stamp}@parkbuilders.example`;
    await validateEmail(page, email);
    await host(page).getByText(`We sent a link to ${email}.`, { exact: false }).waitFor();

    // The mailed link, opened in a second browser context (another device: it shares nothing with the first).
    const mail = await mailTo(email, 'verification');
    const other = await partnerPage(mail.data.link);
    const p = other.page;
    await atStep(p, 'verify-email');
    await host(p).getByText('Verified email success !').waitFor({ timeout: 10_000 });
    const offer = button(p, 'Continue on the device where I started');
    await offer.waitFor();

    // Opening the link alone does not let the first page on: it only learns where the sign-up went.
    await host(page).getByText('Verified on another device.', { exact: false }).waitFor({ timeout: 25_000 });
    assert.equal(await widget(page, '[role=dialog]').getAttribute('data-step'), 'enter-email');
    await check(page, 'first-device-verified-elsewhere');

    // The mailbox owner hands it back; the first page goes on exactly as if verified there.
    await check(p, 'second-device-hand-back-offer');
    await offer.click();
    await host(p).getByText('Done: the sign-up goes on where you started it.', { exact: false }).waitFor();
    await check(p, 'second-device-handed-back');
    await host(page).getByText('Verified email success !').waitFor({ timeout: 25_000 });
    await check(page, 'first-device-verified');
    await atStep(page, 'enter-apply-type', 10_000);
    await check(page, 'first-device-moved-on');
    assert.deepEqual(problems, []);
    assert.deepEqual(other.problems, []);
    await other.context.close();
    await context.close();
  });

  it('gives a do-it-yourselfer on a partner origin the DIY notice and the form, and hands the session to the site', async () => {
    const { page, context } = await partnerPage(`${partner.url}/examples/partner-site/`);
    await addressStep(page, { name: null });
    await taskStep(page, false);
    await namePhone(page, 'Sam Rivera', false);
    const email = `sam.${stamp}@home.example`;
    await validateEmail(page, email);
    await button(page, 'Resend email').waitFor();
    const mail = await mailTo(email, 'verification');
    // Same browser this time: type the mailed code instead of following the link.
    await field(page, 'Verification Code').fill(mail.data.code);
    await button(page, 'Verify Code').click();
    await atStep(page, 'verify-email');
    await atStep(page, 'enter-apply-type'); // the flow advances 5 s after the code is verified
    await button(page, 'Do-It-Yourselfer').click();
    await atStep(page, 'important-notice');
    await check(page, 'notice-diy');
    await page.locator('permit-lookup').getByRole('checkbox').check();
    await button(page, 'Next').click();
    await atStep(page, 'create-password');
    await field(page, 'Password').fill('Garden-shed-2');
    await button(page, 'Create Account').click();
    await atStep(page, 'permit-form', 20_000);
    await field(page, 'Description of Work').fill('Garden shed, 10 by 12 feet, on skids.');
    await field(page, 'Job Value').fill('$4,200');
    // From the partner origin the link to the PermitDesk site carries a one-time handoff code.
    const handoffs = [];
    page.on('request', (request) => request.url().includes('/auth/handoff') && handoffs.push(new URL(request.url()).pathname));
    await button(page, 'Request Permit').click();
    await page.waitForURL(/\/success\?type=APPLY_FOR_PROJECT_PERMIT&session=/, { timeout: 20_000 });
    assert.equal(new URL(page.url()).origin, server.base);
    await page.getByRole('heading', { name: 'Request received' }).waitFor({ timeout: 20_000 });
    assert.deepEqual(handoffs, ['/auth/handoff', '/auth/handoff/exchange']);
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('permitdesk.session.profile') ?? 'null')?.email), email);
    await context.close();
  });

  it('signs in an existing user, and resets a forgotten password with the mailed code', async () => {
    const { page, context } = await partnerPage();
    await addressStep(page, { name: null });
    await taskStep(page, false);
    await namePhone(page, 'Dana Demo', false);
    await validateEmail(page, DEMO.email);
    await atStep(page, 'enter-password');
    await field(page, 'Password').fill('not-the-password');
    await button(page, 'Sign In').click();
    await page.locator('permit-lookup').getByText('Incorrect password').waitFor();
    await check(page, 'enter-password-incorrect');

    await button(page, 'forgot password?').click();
    await atStep(page, 'reset-password');
    await page.locator('permit-lookup').getByText('Password reset instruction was sent to your email!').waitFor();
    await field(page, 'Verification Code').fill('12');
    await field(page, 'New Password').fill('short');
    await button(page, 'Save').click();
    await page.locator('permit-lookup').getByText('Invalid format, valid formats must be 6 digits.').waitFor();
    await page.locator('permit-lookup').getByText('Password longer than 7 characters.').waitFor();
    await check(page, 'reset-password-invalid');
    const mail = await mailTo(DEMO.email, 'reset_code');
    await field(page, 'Verification Code').fill(mail.data.code);
    await field(page, 'New Password').fill(DEMO.password);
    await button(page, 'Save').click();
    await atStep(page, 'enter-password');
    await field(page, 'Password').fill(DEMO.password);
    await button(page, 'Sign In').click();
    await atStep(page, 'permit-form', 20_000);
    await context.close();
  });

  it("shows the SPEC's messages for bad input at each field", async () => {
    const { page, context } = await partnerPage();
    await addressStep(page, { name: null });
    await taskStep(page, false);
    const messages = page.locator('permit-lookup');
    await field(page, 'Full Name').fill('   ');
    await field(page, 'Phone Number').focus();
    await messages.getByText('Full name is required.').waitFor();
    await field(page, 'Phone Number').pressSequentially('1235550147');
    await field(page, 'Full Name').focus();
    await messages.getByText('Invalid format, Area Code (XXX) must be different 0 and 1').waitFor();
    assert.equal(await button(page, 'Next').count(), 0);
    await check(page, 'name-phone-invalid');
    await field(page, 'Full Name').fill('Pat Q');
    await field(page, 'Phone Number').fill('');
    await field(page, 'Phone Number').pressSequentially('2125550147');
    await button(page, 'Next').click();
    await atStep(page, 'enter-email');
    await validateEmail(page, 'pat@');
    await messages.getByText('Invalid email address.').first().waitFor();
    await validateEmail(page, `throwaway.${stamp}@mailinator.com`);
    await messages.getByText('Your email is disposable').waitFor();
    await button(page, 'Enter another email').waitFor();
    await check(page, 'email-refused');
    await context.close();
  });

  it('is driven from a construction platform that frames /embed, over the pinned postMessage protocol', async () => {
    const { page, context, problems } = await partnerPage(`${server.base}/examples/iframe-host/`);
    const log = page.locator('#log');
    await page.locator('#state').getByText('ready').waitFor({ timeout: 20_000 });
    await page.click('#close');
    await log.getByText('closed (from the host)').waitFor();
    assert.equal(await page.locator('#state').textContent(), 'closed');
    await page.click('#open');
    await page.locator('#state').getByText('ready').waitFor();
    const frame = page.frameLocator('#permits');
    assert.equal(await frame.locator('input[role=combobox]').inputValue(), '350 5th Ave New York NY');
    await page.screenshot({ path: join(shots, `${String(++shotNumber).padStart(2, '0')}-iframe-host.png`) });
    // A protocol message from a window other than the frame is ignored.
    // Then a marker from the same window: messages are delivered in order, so once the marker arrives the
    // forged message has been handled (no waiting on the clock).
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          addEventListener('message', function marker(event) {
            if (event.data !== 'e2e-marker') return;
            removeEventListener('message', marker);
            resolve();
          });
          window.postMessage({ source: 'permitdesk', type: 'state', payload: { state: 'failed' } }, '*');
          window.postMessage('e2e-marker', '*');
        }),
    );
    assert.equal(await page.locator('#state').textContent(), 'ready');
    assert.deepEqual(await page.evaluate(() => window.__csp), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('keeps its look under aggressive host CSS and closes on Escape', async () => {
    const { page, context } = await partnerPage();
    await page.addStyleTag({ url: '/examples/partner-site/aggressive.css' });
    await page.locator('permit-lookup [part=launcher]').click();
    await atStep(page, 'enter-address');
    await animationsDone(page);
    const look = await page.evaluate(() => {
      const root = document.querySelector('permit-lookup').shadowRoot;
      const style = (el) => getComputedStyle(el);
      const title = style(root.querySelector('h2'));
      const input = style(root.querySelector('input'));
      return {
        titleSize: title.fontSize,
        titleColor: title.color,
        titleTransform: title.textTransform,
        titleSpacing: title.letterSpacing,
        inputBorder: input.borderTopStyle,
        dialogPadding: style(root.querySelector('[role=dialog]')).paddingTop,
      };
    });
    assert.deepEqual(look, { titleSize: '22px', titleColor: 'rgb(29, 41, 57)', titleTransform: 'none', titleSpacing: 'normal', inputBorder: 'solid', dialogPadding: '0px' });
    await check(page, 'aggressive-host-css');
    await page.evaluate(() => document.querySelector('permit-lookup').addEventListener('permit-lookup:closed', (e) => (window.__closed = e.detail)));
    // Focus is in the address box with its list open: the first Escape closes the list, the next the modal.
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('permit-lookup').getAttribute('state'), 'ready');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.__closed !== undefined);
    assert.deepEqual(await page.evaluate(() => window.__closed), { view: 'lookup' });
    assert.equal(await page.locator('permit-lookup').getAttribute('state'), 'closed');
    assert.deepEqual(await page.evaluate(() => window.__csp), []);
    await context.close();
  });

  it('fills a phone screen: no sideways scrolling, the step first and its Next within reach, the map below', async () => {
    const { page, context, problems } = await partnerPage(undefined, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await widget(page, '[part=launcher]').click();
    await atStep(page, 'enter-address');
    await widget(page, 'input[role=combobox]').pressSequentially(ADDRESS, { delay: 20 });
    await widget(page, '[role=option]').first().click();
    await field(page, 'Address 1').waitFor();
    const box = await page.evaluate(() => {
      const root = document.querySelector('permit-lookup').shadowRoot;
      const rect = (selector) => root.querySelector(selector).getBoundingClientRect();
      return { page: document.documentElement.scrollWidth, dialog: rect('[role=dialog]').width, title: rect('h2').top, map: rect('.pd-map').top };
    });
    assert.deepEqual({ page: box.page, dialog: box.dialog }, { page: 390, dialog: 390 });
    assert.ok(box.title < box.map, 'the step comes before the map');
    await button(page, 'Next').scrollIntoViewIfNeeded();
    await check(page, 'phone-address-chosen');
    await button(page, 'Next').click();
    await atStep(page, 'select-task');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
