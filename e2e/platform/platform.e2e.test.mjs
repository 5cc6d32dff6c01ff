// End to end in Debian's Chromium (playwright-core) against the real server with the fake construction
// platform beside it (node scripts/e2e.mjs platform; the runner sets PLATFORM_FAKE=1), issue 14: a company
// owner connects the company to the platform from the Compliance Center's Integrations page (the platform's
// 'Allow' page, back with the code), imports a platform project, opens it inside the platform's own page
// (an iframe of /embed/construction-platform signed in by the platform's single-use link: the project's
// address and customer shown, the widget prefilled), a permit is requested on the imported project, the
// permit team issues it, and the platform receives the permit as a document in its project and the stage
// changes as signed webhooks (the subscription that follows the connection, PLATFORM_EVENTS_URL).
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiCaller } from '../support/api-call.mjs';
import { personOf, registrar } from '../support/accounts.mjs';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const platform = process.env.E2E_PLATFORM_URL;
const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '..', '..', 'artifacts', 'screenshots', 'platform');
const tag = Date.now().toString(36);
const owner = personOf(tag)('olive', 'Olive Owner', 'Platform Builders');
const call = apiCaller(base);
let browser;
const errors = [];

/** Polls `probe` (an outside process's state) until it answers something truthy, for up to `ms`. */
async function eventually(probe, ms, what) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
const platformState = async () => (await fetch(`${platform}/admin/state`)).json();

before(async () => {
  assert.ok(platform, 'E2E_PLATFORM_URL: the runner starts the fake platform');
  await mkdir(shots, { recursive: true });
  browser = await launchChromium();
  await registrar(base)(owner);
});
after(() => browser?.close());

describe('the construction platform', () => {
  let page;
  let projectId;

  it('connects the company from the Integrations page through the platform\'s Allow page', async () => {
    page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signInToDashboard(page, base, owner);
    await page.waitForURL(/project-radar/);
    await page.goto(`${base}/compliance-center/integrations`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Connect Fake platform' }).click();
    await page.waitForURL(`${platform}/oauth/authorize**`);
    await page.screenshot({ path: join(shots, '1-allow.png') });
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${base}/compliance-center/integrations**`);
    await page.getByText('Connected to Fake platform (Acme Builders (fake platform)).').waitFor();
    assert.doesNotMatch(page.url(), /code=/, 'the code leaves the address bar');
    await page.screenshot({ path: join(shots, '2-connected.png'), fullPage: true });
  });

  it('imports a platform project with its address and customer', async () => {
    await page.getByRole('button', { name: 'Import Harbor View Kitchen Remodel' }).click();
    const open = page.getByRole('link', { name: 'Open project' });
    await open.waitFor();
    projectId = Number((await open.getAttribute('href')).match(/\/projects\/(\d+)/)[1]);
    const project = await call('GET', `/v3/projects/${projectId}`, owner.token);
    assert.equal(project.customerName, 'Dana Whitfield');
    await page.screenshot({ path: join(shots, '3-imported.png'), fullPage: true });
  });

  it('opens inside the platform\'s iframe, signed in by the platform\'s link, with the project\'s context', async () => {
    const host = await browser.newPage();
    host.on('pageerror', (e) => errors.push(e.message));
    await host.goto(`${platform}/projects/prj-1001?as=${encodeURIComponent(owner.email)}`);
    const frame = host.frameLocator('iframe#permitdesk');
    await frame.getByTestId('platform-context').getByText('Customer: Dana Whitfield').waitFor({ timeout: 20_000 });
    await frame.getByTestId('platform-context').getByText('350 5th Ave').waitFor();
    // The widget in the frame, its search prefilled with the project's address.
    const search = frame.getByRole('combobox').first();
    await search.waitFor({ timeout: 20_000 });
    assert.match(await search.inputValue(), /350 5th Ave/);
    await host.screenshot({ path: join(shots, '4-embedded.png'), fullPage: true });
    await host.close();
  });

  it('a permit of the imported project, issued by the permit team, reaches the platform project as a document', async () => {
    const tasks = await call('GET', '/tasks', null);
    const project = await call('PATCH', `/v4/projects/${projectId}/permits`, owner.token, { taskIds: [tasks[0].id], acknowledgeGate: true });
    const permitId = project.permits.at(-1).id;
    const operator = await call('POST', '/auth/authenticate', undefined, { email: 'operator@permitdesk.test', password: 'PermitDesk-demo1' });
    const token = operator.tokens.accessToken;
    const current = await call('GET', `/v4/operator/permits/${permitId}`, token);
    await call('PUT', `/v4/operator/permits/${permitId}/stage`, token, { stage: 50, version: current.permit?.version ?? current.version, permitNumber: `NY-E2E-${tag}` });
    // The platform.sync job (every 30 s) pushes it.
    const state = await eventually(async () => {
      const s = await platformState();
      return s.documents.some((d) => d.projectId === 'prj-1001' && d.title.includes(`NY-E2E-${tag}`)) ? s : null;
    }, 90_000, 'the permit document at the platform');
    assert.equal(state.documents.filter((d) => d.title.includes(`NY-E2E-${tag}`)).length, 1);
    // The stage changes reached the platform's receiver as webhooks signed with the connection's secret.
    const hooks = await eventually(async () => {
      const s = await platformState();
      const mine = s.webhooks.filter((w) => w.event === 'permit.stage_changed' && w.body?.data?.permitId === permitId);
      return mine.length > 0 ? mine : null;
    }, 60_000, 'the permit.stage_changed webhook at the platform');
    assert.ok(hooks.every((w) => w.signature === 'valid'), JSON.stringify(hooks.map((w) => w.signature)));
    await page.goto(`${base}/compliance-center/integrations`, { waitUntil: 'networkidle' });
    await page.getByText(`NY-E2E-${tag}`, { exact: false }).first().waitFor();
    await page.screenshot({ path: join(shots, '5-documents.png'), fullPage: true });
    assert.deepEqual(errors, []);
  });
});
