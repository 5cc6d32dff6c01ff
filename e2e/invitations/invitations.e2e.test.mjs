// End to end in Debian's Chromium (playwright-core) against the real server (node scripts/e2e.mjs
// invitations): an owner invites a user by e-mail from the Users page; the invitee follows the mailed
// link anonymously, lands on /sign-up/invite, signs in with the mailed temporary password, chooses a
// password, comes back to the invitation, accepts it and finds the company in the Account switcher.
// Then the owner onboards a vendor from /invitations/notify, the vendor fills in the wizard and
// submits, and the owner approves; a vendor with no company creates it in the wizard. Every page is photographed (artifacts/screenshots/invitations/) and
// checked with axe-core (no serious or critical violation) and for console errors.
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { closeTour } from '../support/page-checks.mjs';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const mailboxUrl = `${base}/dev/mailbox.json`;
const shots = join(root, 'artifacts', 'screenshots', 'invitations');
const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

const stamp = Date.now().toString(36);
const owner = { email: `owner.${stamp}@example.com`, password: 'Owner-pass-7', name: 'Olive Owner', company: `Invite Roofing ${stamp}` };
const invitee = { email: `newhire.${stamp}@example.com`, password: 'Invitee-pass-7' };
// The vendor's own domain: an example.com address would belong to the owner's company (a custom onboarding).
const vendor = { email: `vera.${stamp}@volt-${stamp}.example`, password: 'Vendor-pass-7', name: 'Vera Vendor', company: `Volt Electric ${stamp}` };

let browser;
const consoleErrors = [];

async function newPage(context, viewport = { width: 1280, height: 860 }) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(`${page.url()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  return page;
}

const photograph = (page, name) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

async function seriousViolations(page) {
  await page.evaluate(axeSource); // not a <script>: the dashboard's CSP refuses inline scripts
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/**
 * Photographs the page, then checks it with axe and for console errors since `since`. Toasts are let go
 * first (2.5 s each): axe would otherwise measure one mid-fade and report its contrast.
 */
async function check(page, name, since) {
  await photograph(page, name);
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, null, { timeout: 8000 }).catch(() => undefined);
  assert.deepEqual(await seriousViolations(page), [], name);
  assert.deepEqual(consoleErrors.slice(since), [], name);
}

/** The newest mail to an address that matches `test`, waiting for the outbox. */
async function mailTo(address, test = () => true) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const mails = await (await fetch(`${mailboxUrl}?to=${encodeURIComponent(address)}`)).json();
    const found = mails.find(test);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${address}`);
}

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

/** A confirmed account with its own company, made through the API (the sign-up screens have their own suite). */
async function accountWithCompany({ email, password, name, company }) {
  await api('POST', '/auth/sign-up', { body: { email, password, fullName: name } });
  const mail = await mailTo(email, (m) => /\b\d{6}\b/.test(m.text));
  await api('POST', '/auth/confirm-registration', { body: { email, code: mail.text.match(/\b(\d{6})\b/)[1] } });
  const session = await api('POST', '/auth/authenticate', { body: { email, password } });
  const created = await api('POST', '/v4/companies', { token: session.tokens.accessToken, body: { name: company } });
  return { companyId: created.id, token: session.tokens.accessToken };
}

async function signIn(page, { email, password }) {
  await signInToDashboard(page, base, { email, password });
  await page.getByText(`Welcome ${email}!`).waitFor();
}


before(async () => {
  await mkdir(shots, { recursive: true });
  browser = await launchChromium();
  Object.assign(owner, await accountWithCompany(owner));
  Object.assign(vendor, await accountWithCompany(vendor));
});
after(async () => {
  await browser?.close();
});

describe('invitations', () => {
  let ownerPage;

  it('an owner invites a user, who signs in from the mailed link, accepts and sees the company in the switcher', async () => {
    const ownerContext = await browser.newContext();
    ownerPage = await newPage(ownerContext);
    let since = consoleErrors.length;
    await signIn(ownerPage, owner);
    await ownerPage.goto(`${base}/users`, { waitUntil: 'networkidle' });
    await closeTour(ownerPage);
    const form = ownerPage.getByRole('form', { name: 'Invite a user' });
    await form.getByLabel('Email Address').fill(invitee.email);
    await form.getByLabel('Role').selectOption('pm');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await ownerPage.getByText(`An invitation has been sent to ${invitee.email}.`).waitFor();
    await check(ownerPage, '01-owner-invites-user', since);

    const mail = await mailTo(invitee.email, (m) => m.template === 'invitation');
    const link = mail.links.find((l) => l.includes('/invite-user-type/'));
    assert.match(link, /\/invite-user-type\/\d+\/accept\?email_address=/);
    const temporary = mail.text.match(/temporary password is (\S+);/)[1];

    // The invitee, in a browser of their own, anonymous.
    const inviteeContext = await browser.newContext();
    const page = await newPage(inviteeContext);
    since = consoleErrors.length;
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/sign-up\/invite$/);
    await page.getByRole('heading', { name: 'You have been invited' }).waitFor();
    await check(page, '02-invitee-lands-on-sign-up-invite', since);

    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const signInForm = page.getByRole('form', { name: 'Sign In' });
    assert.equal(await signInForm.getByLabel('Email Address').inputValue(), invitee.email);
    await signInForm.getByLabel('Password', { exact: true }).fill(temporary);
    await signInForm.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/force-change-password$/);
    since = consoleErrors.length;
    await page.getByLabel('New Password', { exact: true }).fill(invitee.password);
    await check(page, '03-invitee-chooses-a-password', since);
    await page.getByRole('button', { name: 'Save and sign in' }).click();

    await page.waitForURL(/\/invite-user-type\/\d+\/accept/);
    await page.getByText(`${owner.company} invited you to join the company on PermitDesk as Project Manager.`).waitFor();
    since = consoleErrors.length;
    await check(page, '04-invitee-sees-the-invitation', since);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByText(`You are now a member of ${owner.company}.`, { exact: false }).waitFor();
    await check(page, '05-invitee-joined', since);

    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: /newhire/i }).click();
    const options = await main.getByLabel('Account').locator('option').allTextContents();
    assert.ok(options.includes(owner.company), `the switcher lists ${owner.company}: ${options.join(', ')}`);
    assert.equal(await main.getByLabel('Account').inputValue(), await main.getByLabel('Account').locator('option', { hasText: owner.company }).getAttribute('value'));
    await photograph(page, '06-invitee-switcher');
    await inviteeContext.close();
  });

  it('the owner onboards a vendor: the vendor fills in the wizard and submits, the owner approves', async () => {
    let since = consoleErrors.length;
    await ownerPage.goto(`${base}/invitations/notify`, { waitUntil: 'networkidle' });
    const form = ownerPage.getByRole('region', { name: 'Send an invitation' });
    await form.getByLabel('Invitation').selectOption('vendor');
    await form.getByLabel('Email Address').fill(vendor.email);
    await form.getByLabel('Message (optional)').fill('Please onboard before the next job.');
    await form.getByRole('button', { name: 'Send the invitation' }).click();
    await ownerPage.getByText(`An invitation has been sent to ${vendor.email}.`).waitFor();
    const sent = ownerPage.getByRole('region', { name: 'Sent: vendor onboarding' });
    await sent.getByText(vendor.email).waitFor();
    await sent.getByText('Pending').waitFor();
    await check(ownerPage, '07-owner-notify-sent-vendor', since);

    const mail = await mailTo(vendor.email, (m) => m.links.some((l) => l.includes('/vendor-onboarding/')));
    const link = mail.links.find((l) => l.includes('/vendor-onboarding/'));
    const vendorContext = await browser.newContext();
    const page = await newPage(vendorContext);
    since = consoleErrors.length;
    await signIn(page, vendor);
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your company' }).waitFor();
    assert.equal(await page.locator('header, footer').count(), 0, 'no header or footer on vendor onboarding');
    await check(page, '08-vendor-wizard-company', since);
    await page.getByLabel(vendor.company).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Contact' }).waitFor();
    await page.getByLabel('Full Name').fill(vendor.name);
    await page.getByLabel('Phone Number').fill('(155) 234-5678');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Invalid format, Area Code (XXX) must be different 0 and 1').waitFor();
    await page.getByLabel('Phone Number').fill('(555) 234-5678');
    await check(page, '09-vendor-wizard-contact', since);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Compliance wallet' }).waitFor();
    await check(page, '10-vendor-wizard-compliance', since);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    await check(page, '11-vendor-wizard-review', since);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(`Your onboarding has been submitted: ${owner.company} is reviewing it.`).waitFor();
    await check(page, '12-vendor-submitted', since);

    since = consoleErrors.length;
    await ownerPage.goto(`${base}/invitations/notify`, { waitUntil: 'networkidle' });
    const review = ownerPage.getByRole('region', { name: 'Vendors to review' });
    await review.getByText('Under Review').waitFor();
    await check(ownerPage, '13-owner-notify-review', since);
    await review.getByRole('button', { name: 'Approve' }).click();
    await ownerPage.getByText('The invitation has been approved.').waitFor();
    await review.getByText('No Matches Found').waitFor();

    // The vendor now shows among the owner's vendors.
    const vendors = await api('GET', `/v4/companies/${owner.companyId}/vendors`, { token: owner.token });
    assert.deepEqual(vendors.map((v) => v.vendorId), [vendor.companyId]);
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.getByText(`${vendor.company} is now a vendor of ${owner.company}.`).waitFor();
    await check(page, '14-vendor-approved', since);
    await vendorContext.close();
  });

  it('a vendor with no company yet creates it in the wizard, by invitation, and goes on to the contact step', async () => {
    const newcomer = { email: `nia.${stamp}@nia-${stamp}.example`, password: 'Newcomer-pass-7', company: `Nia Plumbing ${stamp}` };
    await api('POST', '/auth/sign-up', { body: { email: newcomer.email, password: newcomer.password, fullName: 'Nia Newcomer' } });
    const code = await mailTo(newcomer.email, (m) => /\b\d{6}\b/.test(m.text));
    await api('POST', '/auth/confirm-registration', { body: { email: newcomer.email, code: code.text.match(/\b(\d{6})\b/)[1] } });
    const sent = await api('POST', '/v4/invitations/vendor-onboarding', { token: owner.token, body: { companyId: owner.companyId, email: newcomer.email, companyName: newcomer.company } });

    const context = await browser.newContext();
    const page = await newPage(context);
    const since = consoleErrors.length;
    await signIn(page, newcomer);
    const mail = await mailTo(newcomer.email, (m) => m.links.some((l) => l.includes(`/vendor-onboarding/${sent.invitationId}`)));
    await page.goto(mail.links.find((l) => l.includes('/vendor-onboarding/')), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your company' }).waitFor();
    // No company of their own: "A new company" is the choice, named as the owner named it.
    assert.equal(await page.getByLabel('A new company').isChecked(), true);
    assert.equal(await page.getByLabel('Company Name').inputValue(), newcomer.company);
    await page.getByLabel('Company Address').fill('12 Pipe St, Denver, CO 80202');
    await check(page, '20-vendor-wizard-new-company', since);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Contact' }).waitFor();

    // The company exists, the newcomer owns it, and the invitation holds it as its company step.
    const session = await api('POST', '/auth/authenticate', { body: { email: newcomer.email, password: newcomer.password } });
    const companies = await api('GET', '/v4/companies', { token: session.tokens.accessToken });
    const created = companies.find((c) => c.name === newcomer.company);
    assert.equal(created?.role, 'owner');
    const invitation = await api('GET', `/v4/invitations/lookup?type=VENDOR_ONBOARDING&id=${sent.invitationId}`, { token: session.tokens.accessToken });
    assert.deepEqual(invitation.steps.company, { id: created.id, name: newcomer.company });
    assert.deepEqual(consoleErrors.slice(since), []);
    await context.close();
  });

  it('a wallet share is accepted for a company and approved; guest access is approved', async () => {
    // The owner shares the wallet and invites the vendor's company as a guest of its vault through the
    // API; the pages answer them.
    const share = await api('POST', '/v4/invitations/share-wallet', { token: owner.token, body: { companyId: owner.companyId, email: vendor.email, message: 'Our licenses for the Elm St job.' } });
    const guest = await api('POST', '/v4/invitations/guest-access', { token: owner.token, body: { companyId: owner.companyId, email: vendor.email, scope: { vault: true, projectIds: [] } } });

    const vendorContext = await browser.newContext();
    const page = await newPage(vendorContext);
    let since = consoleErrors.length;
    await signIn(page, vendor);
    await page.goto(`${base}/compliance-wallet-share/${share.invitationId}/accept`, { waitUntil: 'networkidle' });
    await page.getByText(`${owner.company} shared its licenses, insurance and certificates with you.`).waitFor();
    await page.getByText(`Answer for: ${vendor.company}`, { exact: false }).waitFor();
    await check(page, '15-wallet-share-to-accept', since);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Awaiting Approval').waitFor();
    await check(page, '16-wallet-share-accepted', since);

    await page.goto(`${base}/guest-access/${guest.invitationId}/approve`, { waitUntil: 'networkidle' });
    await page.getByText(`${owner.company} invites your company as a guest`, { exact: false }).waitFor();
    await check(page, '17-guest-access-to-approve', since);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('The invitation has been approved.').waitFor();
    await page.getByText('Approved', { exact: true }).waitFor();
    await vendorContext.close();

    since = consoleErrors.length;
    await ownerPage.goto(`${base}/compliance-wallet-share/${share.invitationId}/accept`, { waitUntil: 'networkidle' });
    await ownerPage.getByRole('button', { name: 'Approve' }).click();
    await ownerPage.getByText('The invitation has been approved.').waitFor();
    await ownerPage.getByRole('button', { name: 'Revoke' }).waitFor();
    await check(ownerPage, '18-wallet-share-approved', since);
    const shared = await api('GET', `/v4/companies/${owner.companyId}/compliance/shared?vendor-for=${vendor.companyId}`, { token: vendor.token });
    assert.deepEqual(Object.keys(shared).sort(), ['certificates', 'insurances', 'licenses']);
    await ownerPage.getByRole('button', { name: 'Revoke' }).click();
    await ownerPage.getByText('Revoke this share?').waitFor();
    await photograph(ownerPage, '19-wallet-share-revoke-confirm');
    await ownerPage.getByRole('button', { name: 'OK', exact: true }).click();
    await ownerPage.getByText('You have revoked this share successfully..').waitFor();
    await ownerPage.getByText('Revoked', { exact: true }).waitFor();
    await photograph(ownerPage, '20-wallet-share-revoked');
    const after = await api('GET', `/v4/companies/${owner.companyId}/compliance/shared?vendor-for=${vendor.companyId}`, { token: vendor.token }).catch((error) => error.message);
    assert.match(String(after), /404/);
  });
});
