// End to end in Debian's Chromium (playwright-core) against the real server (node scripts/e2e.mjs account),
// issue 18, account self-service on the Settings page (/profile): the owner turns on two-step sign-in (the
// code computed here with otpauth, as an authenticator app would), signs out, signs in with a code, then
// with a recovery code; signs out of all devices (the other browser's session ends too); downloads their
// data; hands the owner role of their company to a member; deletes the account. Every page is
// photographed (artifacts/screenshots/account/), checked with axe-core and for console errors.
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
// otpauth: the authenticator app's side of RFC 6238, to compute the codes a phone would show.
import { Secret, TOTP } from 'otpauth';
import { apiCaller } from '../support/api-call.mjs';
import { mailboxOf, personOf, registrar } from '../support/accounts.mjs';
import { closeTour, pageLooker } from '../support/page-checks.mjs';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '..', '..', 'artifacts', 'screenshots', 'account');
const tag = Date.now().toString(36);
const person = personOf(tag);
const owner = { ...person('olive', 'Olive Owner'), company: `Olive Roofing ${tag}` };
const member = person('max', 'Max Member');

let browser;
const errors = [];
const call = apiCaller(base);
const look = pageLooker({ shots, errors });

const mailFor = mailboxOf(base);

const register = registrar(base);

const openPage = async () => {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return page;
};

/** The password step; answers the page showing the code step. */
const passwordStep = async () => {
  const page = await openPage();
  await signInToDashboard(page, base, owner);
  await page.getByRole('form', { name: 'Two-step sign-in' }).waitFor();
  return page;
};
const enterCode = async (page, code) => {
  const form = page.getByRole('form', { name: 'Two-step sign-in' });
  await form.getByLabel('Sign-in code').fill(code);
  await form.getByRole('button', { name: 'Verify' }).click();
  await page.getByText(`Welcome ${owner.email}!`).waitFor();
};
const settings = async (page) => {
  await page.goto(`${base}/profile`, { waitUntil: 'networkidle' });
  await closeTour(page);
  await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
};

let secret;
let recoveryCodes;
/** The code of the step after the one the enrolment used (one step of drift is accepted). */
const nextCode = () => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 });

before(async () => {
  await mkdir(shots, { recursive: true });
  browser = await launchChromium();
  await register(owner); // opens owner.company too
  await register(member);
  const invitation = await call('POST', '/v4/invitations/user-type', owner.token, { companyId: owner.companyId, email: member.email, role: 'pm' });
  await call('PUT', `/v4/invitations/accept/${invitation.invitationId}/user-type`, member.token);
});
after(() => browser?.close());

describe('account self-service', () => {
  let codePage;
  let recoveryPage;

  it('turns on two-step sign-in with the QR code and a code of the app, and shows the recovery codes once', async () => {
    const page = await openPage();
    await signInToDashboard(page, base, owner);
    await page.getByText(`Welcome ${owner.email}!`).waitFor();
    await settings(page);
    let mark = errors.length;
    await look(page, '01-settings', mark);
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    secret = (await page.getByTestId('two-factor-secret').textContent()).trim();
    const form = page.getByRole('form', { name: 'Confirm two-step sign-in' });
    await form.getByLabel('Code from the app').fill('000000' === nextCode() ? '111111' : '000000');
    await form.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText(/That code is not right/).waitFor();
    mark = errors.length;
    await look(page, '02-scan-the-qr-code', mark);
    await form.getByLabel('Code from the app').fill(new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate());
    await form.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.locator('li').allTextContents()).map((c) => c.trim());
    assert.equal(recoveryCodes.length, 10);
    await look(page, '03-recovery-codes', mark);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Two-step sign-in is on. 10 of 10 recovery codes left.').waitFor();
    assert.equal(await page.getByRole('list', { name: 'Recovery codes' }).count(), 0, 'shown once');

    // Sign out from the menu.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Olive/ }).click();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL(/\/sign-in$/);
    await page.context().close();
  });

  it('signs in with the password and then a code of the app', async () => {
    codePage = await passwordStep();
    const mark = errors.length;
    await look(codePage, '04-two-step-sign-in', mark);
    await enterCode(codePage, nextCode());
  });

  it('signs in with a recovery code, which then is spent', async () => {
    recoveryPage = await passwordStep();
    await enterCode(recoveryPage, recoveryCodes[0]);
    await settings(recoveryPage);
    await recoveryPage.getByText('9 of 10 recovery codes left').waitFor();
    // The same recovery code again is refused.
    const again = await passwordStep();
    const form = again.getByRole('form', { name: 'Two-step sign-in' });
    await form.getByLabel('Sign-in code').fill(recoveryCodes[0]);
    await form.getByRole('button', { name: 'Verify' }).click();
    await again.getByText(/That code is not right/).first().waitFor();
    await again.context().close();
    errors.length = 0; // the refused call's 400 is logged by the browser on purpose
  });

  it('signs out of all devices: the other browser is signed out too', async () => {
    const mark = errors.length;
    await look(recoveryPage, '05-settings-two-step-on', mark);
    await recoveryPage.getByRole('button', { name: 'Sign out of all devices' }).click();
    await recoveryPage.waitForURL(/\/sign-in$/);
    await codePage.goto(`${base}/profile`, { waitUntil: 'networkidle' });
    await codePage.waitForURL(/\/sign-in/);
    await recoveryPage.context().close();
    await codePage.context().close();
    errors.length = 0; // the ended session's refused refresh is logged by the browser
  });

  it('downloads the export of the account', async () => {
    const page = await passwordStep();
    await enterCode(page, recoveryCodes[1]);
    await settings(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    const data = JSON.parse(await readFile(await download.path(), 'utf8'));
    assert.equal(data.profile.email, owner.email);
    assert.equal(data.security.twoFactorEnabled, true);
    assert.ok(data.memberships.some((m) => m.companyName === owner.company && m.role === 'owner'));
    assert.ok(!JSON.stringify(data).includes(secret), 'no TOTP secret in the export');
    await page.getByText('Your data was downloaded.').waitFor();
    const mark = errors.length;
    await look(page, '06-export', mark);
    codePage = page;
  });

  it('hands the owner role to a member, then deletes the account', async () => {
    const page = codePage;
    const section = page.getByRole('region', { name: 'Delete my account' });
    await section.getByText(`You are the only owner of ${owner.company}.`, { exact: false }).waitFor();
    let mark = errors.length;
    await look(page, '07-delete-needs-an-owner', mark);
    await section.getByLabel(`New owner of ${owner.company}`).selectOption(member.sub);
    await section.getByRole('button', { name: 'Make them the owner' }).click();
    await section.getByText(`You are the only owner of ${owner.company}.`, { exact: false }).waitFor({ state: 'detached' });
    const roles = await call('GET', `/v4/companies/${owner.companyId}/roles`, member.token);
    assert.equal(roles.roles.find((r) => r.userId === member.sub).role, 'owner');

    const form = page.getByRole('form', { name: 'Delete my account' });
    await form.getByLabel('Password', { exact: true }).fill(owner.password);
    await form.getByLabel('Type DELETE to confirm').fill('DELETE');
    mark = errors.length;
    await look(page, '08-delete-confirm', mark);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(/\/sign-in$/);
    const mail = await mailFor(owner.email, (m) => m.template === 'account_deleted');
    assert.match(mail.subject, /account was deleted/);
    const refused = await fetch(`${base}/auth/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: owner.password }) });
    assert.equal(refused.status, 401);
    // The company stays with its new owner.
    assert.equal((await call('GET', `/v4/companies/${owner.companyId}`, member.token)).name, owner.company);
  });
});
