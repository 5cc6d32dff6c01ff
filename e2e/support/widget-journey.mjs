// The widget's journey as a person walks it (by roles, labels and visible text), shared by the suites
// that start with a visitor on a partner page: the steps one by one, and a whole new contractor's
// request from the address to the dashboard's success page.
import assert from 'node:assert/strict';

export const ADDRESS = '350 5th Ave New York NY';

/** The widget's host: <permit-lookup> on a partner page; the dashboard's mount() on our /verified page. */
export const hostSelector = (page) => (new URL(page.url()).pathname === '/verified' ? '.widget-host' : 'permit-lookup');
export const host = (page) => page.locator(hostSelector(page));
export const widget = (page, selector) => page.locator(`${hostSelector(page)} ${selector}`);
export const button = (page, name) => host(page).getByRole('button', { name, exact: true });
export const field = (page, label) => host(page).getByLabel(label, { exact: true });
const step = (page) => widget(page, '[role=dialog]').getAttribute('data-step');

export async function atStep(page, name, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const current = await step(page).catch(() => null);
    if (current === name) return;
    if (Date.now() > deadline) throw new Error(`expected step ${name}, still at ${current}`);
    await page.waitForTimeout(100);
  }
}

/** The newest mail of a template to an address, from the dev mailbox (waits for the outbox). */
export async function mailTo(base, email, template) {
  for (let i = 0; i < 50; i++) {
    const messages = await (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
    const found = messages.find((m) => m.template === template);
    if (found) return { ...found, data: typeof found.data === 'string' ? JSON.parse(found.data) : found.data };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${template} mail for ${email}`);
}

const noCheck = async () => undefined;

/** Keyboard only: the launcher, the address search (arrow keys and Enter), Next. `check(page, name)` looks at each state. */
export async function addressStep(page, { check = noCheck, name = 'address' } = {}) {
  await page.locator('permit-lookup [part=launcher]').focus();
  await page.keyboard.press('Enter');
  await atStep(page, 'enter-address');
  assert.equal(await widget(page, 'h2').textContent(), 'Where is the work to be performed?');
  if (name) await check(page, `${name}-empty`);
  // The dialog moves focus into the search box once its step has rendered: type only then, or the
  // first keys land on the launcher (a person sees the caret before typing).
  await page.waitForFunction(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.getAttribute('role') === 'combobox';
  });
  await page.keyboard.type(ADDRESS, { delay: 20 });
  await widget(page, '[role=option]').first().waitFor();
  if (name) await check(page, `${name}-results`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await field(page, 'Address 1').waitFor();
  assert.equal(await field(page, 'Address 1').inputValue(), '350 5th Ave');
  await field(page, 'Address 2 (optional)').fill('Floor 3');
  if (name) await check(page, `${name}-chosen`);
  await button(page, 'Next').click();
  await atStep(page, 'select-task');
}

export async function taskStep(page, { check = noCheck } = {}) {
  await widget(page, 'h2:text("What type of work are you doing?")').waitFor();
  await page.locator('permit-lookup').getByText(/^You'll get permits through /).waitFor();
  const select = page.locator('permit-lookup').getByRole('combobox', { name: 'Project Type' });
  await select.click();
  await select.pressSequentially('roof', { delay: 20 });
  await widget(page, '[role=option]').first().waitFor();
  await check(page, 'task');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await button(page, 'Next').click();
  await atStep(page, 'enter-name-phone-number');
}

export async function namePhone(page, name, { check = noCheck } = {}) {
  await field(page, 'Full Name').fill(name);
  await field(page, 'Phone Number').pressSequentially('2125550147');
  // The formatted number is drawn on the render after the last key: wait for it, do not read it once.
  await page.waitForFunction(
    (expected) => document.querySelector('permit-lookup').shadowRoot.querySelector('input[type=tel]')?.value === expected,
    '+1 (212) 555-0147',
    { timeout: 5000 },
  );
  await check(page, 'name-phone');
  await button(page, 'Next').click();
  await atStep(page, 'enter-email');
}

export async function validateEmail(page, email) {
  await page.locator('permit-lookup').getByRole('textbox', { name: 'Email Address' }).fill(email);
  await button(page, 'Validate Email').click();
}

/**
 * A new contractor on the partner page (served by `base`) requests a roof permit at ADDRESS for
 * `customer`: verified with the mailed code, company created, password chosen, form sent. Resolves with
 * the page on the dashboard's success page, signed in as the contractor.
 */
export async function requestPermitAsNewContractor(context, base, { name, email, company, password, customer, description }) {
  const page = await context.newPage();
  await page.goto(`${base}/examples/partner-site/`);
  await addressStep(page, { name: null });
  await taskStep(page);
  await namePhone(page, name);
  await validateEmail(page, email);
  await button(page, 'Resend email').waitFor();
  const mail = await mailTo(base, email, 'verification');
  await field(page, 'Verification Code').fill(mail.data.code);
  await button(page, 'Verify Code').click();
  await atStep(page, 'enter-apply-type', 20_000); // the flow advances 5 s after the code is verified
  await button(page, 'Contractor').click();
  await atStep(page, 'apply-contractor');
  await field(page, 'Company Name').fill(company);
  const companyAddress = host(page).getByRole('combobox', { name: 'Company Address' });
  await companyAddress.click();
  await companyAddress.pressSequentially('1600 Pennsylvania Ave NW, Washington, DC 20500', { delay: 10 });
  await widget(page, '[role=option]').first().click();
  await button(page, 'Next').click();
  await atStep(page, 'important-notice');
  await host(page).getByRole('checkbox').check();
  await button(page, 'Next').click();
  await atStep(page, 'create-password');
  await field(page, 'Password').fill(password);
  await button(page, 'Create Account').click();
  await atStep(page, 'permit-form', 20_000);
  await field(page, 'Customer Name').fill(customer);
  await field(page, 'Description of Work').fill(description);
  await field(page, 'Job Value').fill('$18,500');
  await button(page, 'Request Permit').click();
  // A new company's vault is empty: the pre-filing gate asks for its general liability insurance.
  await host(page).getByText('No General Liability insurance on file.').waitFor({ timeout: 20_000 });
  await button(page, 'Submit anyway; the permit team will ask for it').click();
  await page.waitForURL(/\/success\?type=APPLY_FOR_PROJECT_PERMIT&session=/, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Request received' }).waitFor({ timeout: 20_000 });
  return page;
}
