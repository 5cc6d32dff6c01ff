// End to end in Debian's Chromium against the real server (PGlite in a temporary DATA_DIR with the demo
// data): a permit requested with form 52 appears on the radar and is found by keyword, the permit team
// moves it through the stages with the operator API while the radar shows the right status, progress,
// colour and message at each, it gets a cancellation request through the form 50 modal, and a stage-70
// project is triaged and undone. Screenshots go to artifacts/screenshots/radar/.
//   Run: node --test e2e/radar/        (E2E_BASE_URL=... to use a running server with the demo data)
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiClient, root, startServer } from './server.mjs';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const shots = join(root, 'artifacts', 'screenshots', 'radar');
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const OWNER = { email: 'demo@permitdesk.test', password: 'PermitDesk-demo1' };
const OPERATOR = { email: 'operator@permitdesk.test', password: 'PermitDesk-demo1' };
const DAY = 86_400_000;
const stamp = Date.now().toString(36);

let server;
let api;
let browser;
let page;
const pageErrors = [];
let ownerToken;
let operatorToken;
let companyId;
let site;

const signInApi = async ({ email, password }) => {
  const { body } = await api('POST', '/auth/authenticate', { body: { email, password } });
  assert.equal(body.status, 'ok');
  return body;
};
/** A full-page picture from the top (the sticky header would otherwise sit mid-page). */
const photograph = async (name) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};

/** Serious and critical axe-core violations of the page as it is now. */
async function seriousViolations() {
  await page.evaluate(axeSource); // not a <script>: the dashboard's CSP refuses inline scripts
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Form 52 over HTTP, as the widget sends it. */
async function requestPermit(customerName) {
  const entry = await api('GET', '/v4/forms/52/entry-data', {
    token: ownerToken,
    query: { taskId: site.taskId, addressId: site.addressId, companyId },
  });
  const { body } = await api('POST', '/v4/forms/52/entries', {
    token: ownerToken,
    body: {
      // The choices only: the server derives the job site and municipality from the address id.
      formId: 52,
      taskId: entry.body.TaskID,
      addressId: entry.body.AddressID,
      companyId: entry.body.CompanyID,
      municipalityId: entry.body.MunicipalityID,
      // The company's vault is empty: filed past the pre-filing gate (e2e/gate shows the gate itself).
      acknowledgeGate: true,
      answers: {
        CustomerName: customerName,
        ContactEmail: 'customer@example.com',
        ContactPhoneNumber: '(212) 555-0142',
        DescriptionOfWork: 'Replace the roof over the garage and the porch.',
        JobValue: '$1,250,000.00',
        ProjectIdentifier: `PO-${stamp}`,
      },
    },
  });
  return body;
}

/** A stage change on the version the operator sees now (the call requires the permit's version, issue 12). */
const operatorStage = async (permitId, stage, extra = {}) => {
  const { body: current } = await api('GET', `/v4/operator/permits/${permitId}`, { token: operatorToken });
  return api('PUT', `/v4/operator/permits/${permitId}/stage`, { token: operatorToken, body: { stage, version: current.version, ...extra } });
};

/** Opens the radar search for a keyword from the header's search box, as a user would. */
async function searchRadar(keyword) {
  await page.goto(`${server.base}/project-radar`);
  const box = page.locator('.header__search').getByRole('combobox');
  await box.fill(keyword);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/project-radar/search' && url.searchParams.get('keyword') === keyword);
  // The search page's own rows: every row matches, and no search is still running.
  await page.waitForFunction((k) => {
    const rows = [...document.querySelectorAll('tr.data-table__row')];
    return rows.length > 0 && rows.every((row) => row.textContent.includes(k)) && document.querySelector('table[aria-busy="false"]');
  }, keyword);
}

async function statusOf(customerName) {
  const cell = page.locator('tr.data-table__row', { hasText: customerName }).locator('td[data-column="status"]');
  await cell.waitFor();
  return cell.evaluate((td) => {
    const fill = td.querySelector('.progress__bar');
    return {
      name: td.querySelector('.status-bar__name')?.textContent,
      progress: td.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'),
      colour: [...fill.classList].find((c) => c.startsWith('progress__bar--') && c !== 'progress__bar--striped')?.slice('progress__bar--'.length),
      striped: fill.classList.contains('progress__bar--striped'),
      width: fill.style.width,
      message: td.querySelector('.status-bar__message')?.textContent,
    };
  });
}

/** SPEC §4.3: the bar and message of each status, as the radar must show them. */
function assertStatus(actual, [name, progress, colour, striped, message]) {
  assert.equal(actual.name, name);
  assert.equal(actual.progress, progress);
  assert.equal(actual.width, `${progress}%`);
  assert.equal(actual.colour, colour);
  assert.equal(actual.striped, striped);
  if (typeof message === 'string') assert.equal(actual.message, message);
  else assert.match(actual.message, message);
}
const REQUESTED = ['Requested', '16.66', 'info', true, /received.*Processing will begin soon/];
const PROCESSING = ['Processing', '33.33', 'info', true, /being processed/];
const SUBMITTED = ['Submitted', '50', 'info', true, /submitted to the municipality.*pending approval/];
const APPROVED = ['Approved', '66.66', 'info', false, /awaiting payment/];
const OPEN = ['Open', '83.33', 'success', false, /Work may begin/];
const OPEN_LATE = ['Open', '83.33', 'gold', false, /Work may begin/];
const PENDING = ['Pending', '100', 'warning', false, /temporarily on hold/];
const EXPIRED = ['Expired', '100', 'red', false, /cannot be completed until a new permit is issued/];
const PENDING_CANCELLATION = ['Pending Cancellation', '100', 'warning', false, 'Your cancellation request has been received. The permit team will confirm it shortly.'];
const CLOSED = ['Closed', '100', 'success', false, 'Keep up the good work!'];

before(async () => {
  await mkdir(shots, { recursive: true });
  server = await startServer();
  api = apiClient(server.base);
  const owner = await signInApi(OWNER);
  ownerToken = owner.tokens.accessToken;
  companyId = Number(Object.keys(owner.profile.permissions)[0]);
  operatorToken = (await signInApi(OPERATOR)).tokens.accessToken;
  // A real job site: the address search, its municipality by location, a task of the catalogue.
  const [address] = (await api('GET', '/v4/lookup/addresses', { query: { q: '350 5th Ave, New York, NY 10118', limit: 1 } })).body;
  const municipality = (await api('GET', '/search/', { query: { lat: address.center[1], lon: address.center[0] } })).body;
  const [task] = (await api('GET', '/tasks')).body;
  site = { addressId: address.id, municipalityId: municipality.id, municipalityName: municipality.name, taskId: task.id, taskName: task.name };

  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('project radar end to end', () => {
  const customer = `Radar E2E ${stamp}`;
  let permit;

  it('signs in to the radar, where the guided tour starts on the first visit only', async () => {
    await signInToDashboard(page, server.base, OWNER);
    await page.waitForURL((url) => url.pathname === '/project-radar');
    await page.locator('tr.data-table__row').first().waitFor();
    const popover = page.locator('.driver-popover');
    await popover.waitFor({ timeout: 5000 });
    assert.equal(await page.locator('.driver-popover-title').textContent(), 'Search your projects');
    await photograph('radar-tour');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    // The page's clock is the test's: past the tour's 500 ms delay at once, once the user's record of seen
    // tours has arrived; then no request left in flight (a tour would load its chunk).
    await page.clock.install();
    const toursRecord = page.waitForResponse((response) => new URL(response.url()).pathname === '/v4/account/tours');
    await page.reload();
    await page.locator('tr.data-table__row').first().waitFor();
    await toursRecord;
    await page.clock.runFor(5000);
    await page.waitForLoadState('networkidle');
    assert.equal(await popover.count(), 0, 'the tour runs once');
    // Twenty rows a page, sorted by customer name, the page count from the headers.
    assert.equal(await page.locator('tr.data-table__row').count(), 20);
    await page.getByText(/^Page 1 of \d+$/).waitFor();
    await photograph('radar');
    assert.deepEqual(await seriousViolations(), []);
    // The search tour is its own first visit; mark it seen so it does not cover what follows.
    await page.evaluate(() => localStorage.setItem('permitdesk.tours.seen', JSON.stringify(['radar', 'radar-search', 'permit-detail'])));
    // After the first visit the tour starts from the help button, and gives way to a search typed meanwhile.
    await page.getByRole('button', { name: 'Take the tour' }).click();
    await popover.waitFor();
    await page.getByRole('combobox', { name: /search/i }).first().fill('a');
    await popover.waitFor({ state: 'detached' });
    await page.getByRole('option').first().waitFor();
    await photograph('radar-search-after-tour');
    await page.keyboard.press('Escape');
  });

  it('shows a permit requested with form 52 and finds it by keyword', async () => {
    permit = await requestPermit(customer);
    await searchRadar(customer);
    assert.equal(await page.locator('tr.data-table__row').count(), 1);
    assertStatus(await statusOf(customer), REQUESTED);
    const row = page.locator('tr.data-table__row', { hasText: customer });
    assert.match(await row.locator('td[data-column="permit"]').textContent(), new RegExp(site.taskName.replace(/[()]/g, '.')));
    await row.getByRole('button', { name: /^Details of/ }).click();
    const details = page.locator(`[data-details-of="${permit.permitId}"]`);
    await details.getByText('$1,250,000').waitFor();
    await details.getByText('Replace the roof over the garage and the porch.').waitFor();
    await photograph('radar-expanded-row');
    assert.deepEqual(await seriousViolations(), []);
    // An empty search says so.
    await searchRadarEmpty(`nobody-${stamp}`);
  });

  it('moves through the stages by the operator API and shows the right progress and message at each', async () => {
    await searchRadar(customer);
    const check = async (expected) => {
      await page.reload();
      assertStatus(await statusOf(customer), expected);
    };
    await operatorStage(permit.permitId, 20);
    await check(PROCESSING);
    await operatorStage(permit.permitId, 30);
    await check(SUBMITTED);
    const inspection = (await api('POST', `/v4/operator/permits/${permit.permitId}/inspections`, { token: operatorToken, body: { inspectionName: 'Framing', status: 'open' } })).body;
    await check(SUBMITTED);
    await api('PATCH', `/v4/operator/permits/${permit.permitId}/inspections/${inspection.id}`, { token: operatorToken, body: { status: 'passed' } });
    // No inspection open any more: approved (SPEC §4.3).
    await check(APPROVED);
    await operatorStage(permit.permitId, 40);
    await check(APPROVED);
    // The final inspection is still to come once the permit opens.
    await api('POST', `/v4/operator/permits/${permit.permitId}/inspections`, { token: operatorToken, body: { inspectionName: 'Final', status: 'open' } });
    await operatorStage(permit.permitId, 50, { estCompletionAt: new Date(Date.now() + 30 * DAY).toISOString(), expiresAt: new Date(Date.now() + 365 * DAY).toISOString() });
    await check(OPEN);
    await operatorStage(permit.permitId, 52);
    await check(PENDING);
    await operatorStage(permit.permitId, 50, { estCompletionAt: new Date(Date.now() - 3 * DAY).toISOString(), expiresAt: new Date(Date.now() + 365 * DAY).toISOString() });
    // Open past the estimated completion date: gold.
    await check(OPEN_LATE);
    await photograph('radar-open-late');
    await operatorStage(permit.permitId, 52);
    await operatorStage(permit.permitId, 50, { expiresAt: new Date(Date.now() - 1.5 * DAY).toISOString() });
    await check(EXPIRED);
    await operatorStage(permit.permitId, 52);
    await operatorStage(permit.permitId, 50, { estCompletionAt: new Date(Date.now() + 30 * DAY).toISOString(), expiresAt: new Date(Date.now() + 365 * DAY).toISOString() });
    await check(OPEN);
  });

  it('gets a cancellation request through the form 50 modal, then reads "View Project (Requested cancellation)"', async () => {
    const actions = page.getByRole('group', { name: `Actions for ${customer}` });
    await actions.getByRole('button', { name: 'Request Cancellation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Cancellation Request' }).waitFor();
    await dialog.getByText("Note: We are not the municipality, we interact with them so you don't have to :)").waitFor();
    const reason = dialog.getByLabel('Reason for Cancellation');
    await reason.waitFor();
    // A static backdrop: Escape leaves it open.
    await page.keyboard.press('Escape');
    assert.equal(await dialog.isVisible(), true);
    const choices = await reason.locator('option').evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
    await reason.selectOption(choices[0]);
    await dialog.getByLabel('Details (optional)').fill('The homeowner sold the house.');
    await dialog.getByLabel(/fees already paid/).check();
    await photograph('modal-cancellation');
    assert.deepEqual(await seriousViolations(), []);
    await dialog.getByRole('button', { name: 'Request Cancellation' }).click();
    await dialog.getByText('Your cancellation request has been sent to the permit team.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Closing leads to the radar search for the permit's address.
    await page.waitForURL((url) => url.pathname === '/project-radar/search' && url.searchParams.get('keyword') === permit.projectAddress || url.searchParams.has('keyword'));
    await searchRadar(customer);
    const link = page.getByRole('group', { name: `Actions for ${customer}` }).getByRole('link', { name: 'View Project (Requested cancellation)' });
    await link.waitFor();
    assertStatus(await statusOf(customer), PENDING_CANCELLATION);
    assert.deepEqual((await api('GET', `/v4/permits/${permit.permitId}/request-cancellation`, { token: ownerToken })).body.isSubmitted, true);
    // The permit team declines; the permit is open again, and then done.
    await api('PUT', `/v4/operator/permits/${permit.permitId}/cancellation`, { token: operatorToken, body: { decision: 'decline' } });
    await operatorStage(permit.permitId, 60);
    await page.reload();
    assertStatus(await statusOf(customer), CLOSED);
  });

  it('shows the permit page with its timeline, and the project and data-collection pages', async () => {
    await api('POST', `/v4/operator/permits/${permit.permitId}/conversations`, { token: operatorToken, body: { body: 'Your permit is closed. Thank you!' } });
    await page.goto(`${server.base}/permits/${permit.permitId}`);
    const timeline = page.getByRole('list', { name: 'Permit timeline' });
    await timeline.waitFor();
    const names = await timeline.locator('.timeline__name').allTextContents();
    assert.deepEqual(names, ['Requested', 'Processing', 'Submitted', 'Approved', 'Open', 'Closed']);
    assert.equal(await timeline.locator('[aria-current="step"] .timeline__name').textContent(), 'Closed');
    await page.getByText('Your permit is closed. Thank you!').waitFor();
    await page.getByLabel('Reply to the permit team').fill('Thanks for the help!');
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await page.locator('.message--customer', { hasText: 'Thanks for the help!' }).waitFor();
    await page.getByLabel('Upload a document').setInputFiles({ name: 'site-plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 site plan') });
    await page.getByRole('button', { name: 'site-plan.pdf' }).waitFor();
    await photograph('permit-page');
    assert.deepEqual(await seriousViolations(), []);

    // A large plan set on a slow line: a progress bar with the percent and the time left, and Cancel.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    const planSet = { name: 'plan-set.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4_000_000, 32)]) };
    await page.getByLabel('Upload a document').setInputFiles(planSet);
    const bar = page.getByRole('progressbar', { name: 'Uploading plan-set.pdf' });
    await bar.waitFor();
    await page.getByText(/^\d+% · about \d+ (s|min) left$/).waitFor({ timeout: 10_000 });
    await photograph('permit-upload-progress');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await bar.waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // Sent again at full speed, it is stored. (Chromium's throttling delays the progress, not the bytes: the
    // server may already hold the canceled copy, so only the new one is asserted.)
    await page.getByLabel('Upload a document').setInputFiles(planSet);
    await page.getByText('Document uploaded').first().waitFor();
    await page.getByRole('button', { name: 'plan-set.pdf' }).first().waitFor();
    // Over 8 MiB a file goes in parts (issue 18 item 6): each part's ETag read from its answer, then the
    // server assembles and checks the file.
    // The line drops during part 2: that part alone is sent again, and the file is whole.
    const largeSet = { name: 'plan-set-large.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(12_000_000, 32)]) };
    const partSends = { 1: 0, 2: 0 };
    const isPart = (url) => url.searchParams.get('op') === 'part';
    await page.route(isPart, async (route) => {
      const part = new URL(route.request().url()).searchParams.get('part');
      partSends[part] = (partSends[part] ?? 0) + 1;
      if (part === '2' && partSends[part] === 1) return route.abort('connectionreset');
      return route.continue();
    });
    await page.getByLabel('Upload a document').setInputFiles(largeSet);
    // (Only uploaded documents are listed.)
    await page.getByRole('button', { name: 'plan-set-large.pdf' }).first().waitFor();
    await page.unroute(isPart);
    assert.deepEqual(partSends, { 1: 1, 2: 2 });
    const documents = (await api('GET', '/v4/documents', { token: ownerToken, query: { documentable_id: String(permit.permitId), documentable_type: 'Permit' } })).body;
    const large = documents.find((document) => document.fileName === 'plan-set-large.pdf');
    assert.deepEqual({ uploaded: large?.uploaded, size: large?.size }, { uploaded: true, size: largeSet.buffer.length });

    await page.goto(`${server.base}/projects/${permit.projectId}/${permit.permitId}`);
    await page.getByRole('list', { name: 'Permit timeline' }).waitFor();
    await photograph('project-page');

    await page.goto(`${server.base}/data-collection/${permit.projectId}/${permit.permitId}`);
    await page.getByLabel('Customer Name').waitFor();
    assert.equal(await page.getByLabel('Customer Name').inputValue(), customer);
    await page.getByLabel('Permit Number').fill(`BP-${stamp}`);
    await page.getByLabel('Permit Fees ($)').fill('$325.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The permit data has been saved.').waitFor();
    const saved = (await api('GET', `/v3/projects/${permit.projectId}/permits/${permit.permitId}`, { token: ownerToken })).body.data;
    assert.equal(saved.permitNo, `BP-${stamp}`);
    assert.equal(saved.permitFees, 325);
    await photograph('data-collection-page');
    assert.deepEqual(await seriousViolations(), []);
  });

  it('triages a stage-70 project with No, shows the message, and undoes it', async () => {
    const triaged = `Triage E2E ${stamp}`;
    const created = await requestPermit(triaged);
    await operatorStage(created.permitId, 70);
    await searchRadar(triaged);
    const actions = page.getByRole('group', { name: `Actions for ${triaged}` });
    await actions.getByText('Permit needed?').waitFor();
    await photograph('radar-triage');
    await actions.getByRole('button', { name: 'No', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/project-radar' && url.search === '');
    await page.getByText('The project has been marked as no permit needed.').waitFor();
    await photograph('radar-triage-notice');
    const stageOf = async () => (await api('GET', `/v3/permits/${created.permitId}`, { token: ownerToken })).body.stage;
    // Core's TRIAGE: No sends 72.
    assert.equal(await stageOf(), 72);
    await searchRadar(triaged);
    await page.getByRole('group', { name: `Actions for ${triaged}` }).getByRole('button', { name: 'Undo' }).click();
    await page.waitForURL((url) => url.pathname === '/project-radar');
    assert.equal(await stageOf(), 70);

    // Yes sends 71: a permit is needed, and it can be applied for with form 31.
    await searchRadar(triaged);
    await page.getByRole('group', { name: `Actions for ${triaged}` }).getByRole('button', { name: 'Yes', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/project-radar');
    assert.equal(await stageOf(), 71);
    await searchRadar(triaged);
    await page.getByRole('group', { name: `Actions for ${triaged}` }).getByRole('button', { name: 'Apply for Permit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `${site.municipalityName} ${site.taskName} Application` }).waitFor();
    await dialog.getByLabel('Select an Account for this Permit').waitFor();
    await dialog.getByLabel('Description of Work').waitFor();
    await dialog.getByText("Note: We are not the municipality, we interact with them so you don't have to :)").waitFor();
    await photograph('modal-permit-application');
    assert.deepEqual(await seriousViolations(), []);
    await dialog.getByLabel('Description of Work').fill('Re-roof the whole house.');
    await dialog.getByLabel('Job Value').fill('$18,000');
    // The company's vault is empty: the pre-filing gate names what is missing, and the contractor files anyway.
    await dialog.getByTestId('gate-notice').getByText('No General Liability insurance on file.').waitFor();
    await photograph('modal-permit-application-gate');
    await dialog.getByLabel('Submit anyway; the permit team will ask for it').check();
    await dialog.getByRole('button', { name: 'Apply for Permit' }).click();
    await page.waitForURL((url) => url.pathname === '/success' && url.searchParams.get('type') === 'APPLY_FOR_PROJECT_PERMIT');
    assert.equal(await stageOf(), 10);
  });

  it('dismisses a row after confirming, and shows the card and sorting views', async () => {
    const dismissed = `Dismiss E2E ${stamp}`;
    await requestPermit(dismissed);
    await searchRadar(dismissed);
    await page.getByRole('group', { name: `Actions for ${dismissed}` }).getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('dialog').getByText('Dismiss this project?').waitFor();
    await photograph('modal-dismiss');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByText('No Projects Found').waitFor();

    await page.goto(`${server.base}/project-radar-alt`);
    await page.locator('.radar-card').first().waitFor();
    await photograph('radar-alt');
    assert.deepEqual(await seriousViolations(), []);
    await page.goto(`${server.base}/project-radar/sorting`);
    // A controlled radio: it turns on once the URL holds the new sort.
    await page.getByRole('radio', { name: 'Date added (newest first)' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-createdAt');
    // (React draws the checked radio just after the URL changes: wait for it rather than read it once.)
    await page.getByRole('radio', { name: 'Date added (newest first)', checked: true }).waitFor({ timeout: 5000 });
    await page.locator('tr.data-table__row').first().waitFor();
    await photograph('radar-sorting');
    assert.deepEqual(pageErrors, []);
  });

  it('fits every column, actions included, in the window from 1024 px up', async () => {
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.base}/project-radar`);
      await page.locator('tr.data-table__row').first().waitFor();
      const layout = await page.evaluate(() => {
        const frame = document.querySelector('.data-table-wrap');
        const right = frame.getBoundingClientRect().right;
        // Every action of every row (and every header) ends inside the frame, unclipped.
        const clipped = [...document.querySelectorAll('.radar-actions > *, .data-table th')]
          .filter((el) => el.getBoundingClientRect().right > right + 0.5 || el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent);
        return { overflow: frame.scrollWidth - frame.clientWidth, clipped };
      });
      assert.deepEqual(layout, { overflow: 0, clipped: [] }, `at ${width} px`);
      await photograph(`radar-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

async function searchRadarEmpty(keyword) {
  await page.goto(`${server.base}/project-radar/search?keyword=${encodeURIComponent(keyword)}`);
  await page.getByText('No Projects Found').waitFor();
  assert.equal(await page.locator('tbody tr').count(), 5);
}
