// End to end in Debian's Chromium (issue 12's proof): the permit team runs a permit's whole life in the
// dashboard. A new contractor requests a permit through the widget on the partner page (one browser
// context); the operator (another context) signs in, opens 'Permit team' → the queue, finds it in
// 'New today', assigns it to themself, opens the desk, replies, moves it to Processing with the stage's
// template message, schedules an inspection and issues a quote; the customer opens the quote link from
// the mail and accepts it (the permit moves on); the operator records the permit number, uploads the
// issued permit and moves it to Open. The customer then sees each step on the radar, in the mails and in
// the permit page's Activity. Everything is walked by roles, labels and visible text; screenshots of
// the queue, the desk and the customer's permit page go to artifacts/screenshots/ops/.
//   Run: node scripts/e2e.mjs ops    (or E2E_BASE_URL=... node --test e2e/ops/ with a demo-data server)
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { root, startServer } from '../radar/server.mjs';
import { signInToDashboard } from '../support/sign-in.mjs';
import { mailTo, requestPermitAsNewContractor } from '../support/widget-journey.mjs';
import { launchChromium } from '../support/browser.mjs';

const shots = join(root, 'artifacts', 'screenshots', 'ops');
const OPERATOR = { email: 'operator@permitdesk.test', password: 'PermitDesk-demo1', name: 'Olga Operator' };
const stamp = Date.now().toString(36);
const CONTRACTOR = {
  name: 'Casey Builder',
  email: `casey.${stamp}@example.com`,
  company: `Casey Roofing ${stamp}`,
  password: 'Casey-Roofing-2026!',
  customer: `Dana Homeowner ${stamp}`,
  description: 'Tear off and replace the roof over the main house.',
};
const PERMIT_NUMBER = `BLD-2026-${stamp.toUpperCase()}`;
const DAY = 86_400_000;
const isoDay = (offsetDays) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** A small but well-formed PDF: the issued permit the team uploads. */
function permitPdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const text = `BT /F1 18 Tf 72 720 Td (Building permit ${PERMIT_NUMBER}) Tj ET`;
  objects[3] = `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

let server;
let browser;
let customerContext;
let operatorContext;
/** The customer's page (signed in as the new contractor) and the operator's. */
let customer;
let operator;
let deskUrl;
const problems = [];

const watch = (page, who) => {
  page.on('pageerror', (error) => problems.push(`${who} pageerror: ${error.message}`));
  return page;
};
/** A full-page picture from the top (the sticky header would otherwise sit mid-page). */
async function photograph(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}
const desk = (page, title) => page.getByRole('region', { name: title, exact: true });
const stageBadge = (page) => page.locator('.desk-header__facts .desk-badge--stage');
async function allMailsTo(email) {
  const messages = await (await fetch(`${server.base}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
  return messages.map((m) => ({ ...m, data: typeof m.data === 'string' ? JSON.parse(m.data) : m.data }));
}
/** Waits until the mailbox holds a mail of `template` to `email` for which `match(data)` holds. */
async function waitForMail(email, template, match = () => true) {
  for (let i = 0; i < 75; i++) {
    const found = (await allMailsTo(email)).find((m) => m.template === template && match(m.data));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${template} mail to ${email} matching ${match}`);
}
/** Moves the permit on the desk with the template's message; returns the message that was sent. */
async function moveStage(page, stage) {
  const form = page.getByRole('form', { name: 'Move stage' });
  await form.getByLabel('Move to').selectOption({ label: stage });
  const message = form.getByLabel('Message to the customer');
  const text = await message.inputValue();
  assert.ok(text.length > 20, `the ${stage} template pre-fills the message (got ${JSON.stringify(text)})`);
  assert.doesNotMatch(text, /\{\w+\}/, 'every placeholder of the template is filled in');
  await form.getByRole('button', { name: 'Move stage' }).click();
  await stageBadge(page).filter({ hasText: new RegExp(`^${stage}$`) }).waitFor();
  return text;
}

before(async () => {
  await mkdir(shots, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  customerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  operatorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the permit team runs a permit from request to Open in the dashboard', { timeout: 420_000 }, () => {
  it('1. a new contractor requests a permit through the widget on the partner page', { timeout: 120_000 }, async () => {
    customer = watch(await requestPermitAsNewContractor(customerContext, server.base, CONTRACTOR), 'customer');
    await customer.goto(`${server.base}/project-radar`);
    const row = customer.locator('tr.data-table__row', { hasText: CONTRACTOR.customer });
    await row.waitFor({ timeout: 20_000 });
    assert.equal((await row.locator('td[data-column="status"] .status-bar__name').textContent())?.trim(), 'Requested');
  });

  it("2. the operator finds it in 'New today', assigns it to themself and opens the desk", { timeout: 90_000 }, async () => {
    operator = watch(await operatorContext.newPage(), 'operator');
    await signInToDashboard(operator, server.base, OPERATOR);
    await operator.waitForURL((url) => url.pathname !== '/sign-in', { timeout: 20_000 });
    await operator.getByRole('link', { name: 'Permit team', exact: true }).click();
    await operator.waitForURL((url) => url.pathname === '/ops');
    await operator.getByRole('heading', { name: 'Permit queue' }).waitFor();

    await operator.getByRole('tab', { name: 'New today' }).click();
    await operator.waitForURL((url) => url.searchParams.get('createdToday') === 'true');
    await operator.getByRole('tab', { name: 'New today', selected: true }).waitFor();
    const row = operator.locator('tr.data-table__row', { hasText: CONTRACTOR.customer });
    await row.waitFor();
    assert.match(await row.textContent(), /Requested/);
    assert.match(await row.textContent(), /Unassigned/);
    await operator.getByRole('status').getByText(/^(1 permit|(?!1 )\d[\d,]* permits)$/).first().waitFor();

    await row.getByRole('checkbox', { name: new RegExp(`for ${CONTRACTOR.customer}$`) }).check();
    const bulk = operator.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('1 selected').waitFor();
    await bulk.getByLabel('Assign to…').selectOption({ label: OPERATOR.name });
    await bulk.getByRole('button', { name: 'Assign', exact: true }).click();
    await bulk.getByRole('status').getByText('1 permit updated.').waitFor();
    await row.getByText(OPERATOR.name).waitFor();
    await photograph(operator, 'queue-new-today');

    await row.getByRole('link', { name: new RegExp(CONTRACTOR.customer) }).click();
    await operator.waitForURL(/\/ops\/permits\/\d+$/);
    deskUrl = operator.url();
    await operator.getByRole('heading', { level: 1, name: new RegExp(CONTRACTOR.customer) }).waitFor();
    assert.equal((await stageBadge(operator).textContent())?.trim(), 'Requested');
    await operator.locator('.desk-header__facts').getByText(OPERATOR.name).waitFor();
    await desk(operator, 'The request').getByText(CONTRACTOR.description).waitFor();
  });

  it('3. replies, moves it to Processing with the template message, schedules an inspection and issues a quote', { timeout: 90_000 }, async () => {
    const conversation = desk(operator, 'Conversation');
    const reply = `Hello, we have your request and are preparing the filing (${stamp}).`;
    await conversation.getByLabel('Reply to the customer').fill(reply);
    await conversation.getByRole('button', { name: 'Send reply' }).click();
    await conversation.getByRole('list', { name: 'Messages' }).getByText(reply).waitFor();

    const processing = await moveStage(operator, 'Processing');
    assert.match(processing, new RegExp(CONTRACTOR.customer.split(' ')[0]), 'the template names the customer');

    const inspections = desk(operator, 'Inspections');
    const add = inspections.getByRole('form', { name: 'Add an inspection' });
    await add.getByLabel('New inspection').fill('Roof framing');
    await add.getByLabel('Scheduled day (optional)').fill(isoDay(7));
    await add.getByRole('button', { name: 'Add inspection' }).click();
    const inspection = inspections.getByRole('form', { name: 'Roof framing inspection' });
    await inspection.waitFor();
    assert.equal(await inspection.getByLabel('Scheduled day', { exact: true }).inputValue(), isoDay(7));
    assert.equal(await inspection.getByLabel('Status').inputValue(), 'scheduled');

    const form = operator.getByRole('form', { name: 'Issue a quote' });
    const first = form.getByRole('group', { name: 'Line item 1' });
    await first.getByLabel('Description').fill('Permit filing service');
    await first.getByLabel('Amount (USD)').fill('450');
    await form.getByRole('button', { name: 'Add a line item' }).click();
    const second = form.getByRole('group', { name: 'Line item 2' });
    await second.getByLabel('Description').fill('Municipal plan review fee');
    await second.getByLabel('Amount (USD)').fill('125.50');
    await form.getByText('Total $575.50').waitFor();
    await form.getByLabel('Valid until').fill(isoDay(14));
    await form.getByRole('button', { name: 'Issue the quote' }).click();
    await form.getByRole('status').getByText(/was sent to the customer\.$/).waitFor();
    await desk(operator, 'Quotes').getByRole('list', { name: 'Issued quotes' }).getByText('Awaiting the customer').waitFor();
  });

  it('4. the customer opens the quote link from the mail and accepts it; the permit moves on', { timeout: 60_000 }, async () => {
    const mail = await mailTo(server.base, CONTRACTOR.email, 'quote_issued');
    assert.match(mail.data.link, /\/quote\/[^/?]+$/);
    assert.equal(mail.data.total, '$575.50');
    await customer.goto(mail.data.link);
    await customer.getByRole('heading', { name: /^Quote / }).waitFor();
    await customer.getByText('Permit filing service').waitFor();
    await customer.getByText('Awaiting your answer').waitFor();
    await customer.getByRole('button', { name: 'Accept the quote' }).click();
    await customer.getByText('Thank you: your order is recorded').waitFor();
    await customer.getByText('Accepted', { exact: true }).waitFor();

    // The team is told, and the desk shows the permit on its next stage.
    await waitForMail(OPERATOR.email, 'quote_answered', (data) => data.answer === 'accepted');
    await operator.reload();
    await stageBadge(operator).filter({ hasNotText: /^Processing$/ }).waitFor();
    assert.equal((await stageBadge(operator).textContent())?.trim(), 'Submitted');
  });

  it('5. the operator records the permit number, uploads the permit PDF and moves it to Open', { timeout: 60_000 }, async () => {
    const fees = operator.getByRole('form', { name: 'Permit number and fees' });
    await fees.getByLabel('Municipality permit number').fill(PERMIT_NUMBER);
    await fees.getByRole('button', { name: 'Save number and fees' }).click();
    await operator.locator('.desk-header__facts').getByText(PERMIT_NUMBER).waitFor();

    const documents = desk(operator, 'Documents');
    assert.equal(await documents.getByLabel('Kind of document').inputValue(), 'permit');
    await documents.getByLabel('Upload for the customer').setInputFiles({ name: `permit-${PERMIT_NUMBER}.pdf`, mimeType: 'application/pdf', buffer: permitPdf() });
    await documents.getByRole('list', { name: 'Documents' }).getByText(`permit-${PERMIT_NUMBER}.pdf`).waitFor({ timeout: 20_000 });
    await documents.getByText('Issued permit').first().waitFor();

    await moveStage(operator, 'Open');
    await desk(operator, 'Stage history').getByText('Open').first().waitFor();
    await operator.setViewportSize({ width: 1440, height: 900 });
    await photograph(operator, 'desk-open');
  });

  it('6. the customer sees each step: the radar, the mails and the permit page\'s Activity', { timeout: 60_000 }, async () => {
    await customer.goto(`${server.base}/project-radar`);
    const row = customer.locator('tr.data-table__row', { hasText: CONTRACTOR.customer });
    await row.waitFor();
    assert.equal((await row.locator('td[data-column="status"] .status-bar__name').textContent())?.trim(), 'Open');

    const stageMails = await (async () => {
      await waitForMail(CONTRACTOR.email, 'permit_stage_update', (data) => data.stageName === 'Open');
      return (await allMailsTo(CONTRACTOR.email)).filter((m) => m.template === 'permit_stage_update').map((m) => m.data.stageName);
    })();
    for (const stage of ['Processing', 'Open']) assert.ok(stageMails.includes(stage), `a stage mail for ${stage} (got ${stageMails.join(', ')})`);
    const replyMail = await waitForMail(CONTRACTOR.email, 'team_reply');
    assert.match(replyMail.data.message, /preparing the filing/);
    const inspectionMail = await waitForMail(CONTRACTOR.email, 'inspection_update');
    assert.equal(inspectionMail.data.inspectionName, 'Roof framing');
    await waitForMail(CONTRACTOR.email, 'quote_issued');

    // The team reply's link lands on the permit page (signed in already).
    await customer.goto(replyMail.data.link);
    await customer.getByText(`permit-${PERMIT_NUMBER}.pdf`).first().waitFor({ timeout: 20_000 });
    const activity = customer.getByRole('list', { name: 'Permit activity' });
    await activity.waitFor({ timeout: 20_000 });
    const text = await activity.textContent();
    for (const expected of ['Moved the permit', 'Stage: Requested → Processing', '→ Open', 'Wrote in the conversation', 'Added an inspection', 'Added a document', PERMIT_NUMBER, 'Issued a quote', 'Total: $575.50', 'Line items: Permit filing service $450.00; Municipal plan review fee $125.50', 'Accepted the quote']) {
      assert.ok(text.includes(expected), `the Activity shows '${expected}'`);
    }
    await customer.getByText(/preparing the filing/).first().waitFor();
    await photograph(customer, 'customer-permit-page');
    assert.deepEqual(problems, []);
  });
});
