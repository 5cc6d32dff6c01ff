// End to end in Debian's Chromium: the sign-up funnel (issue 18). A new contractor walks the widget on the
// partner page from the address to the success page; the widget records each tracked step it reaches
// (SPEC §2.10) by sendBeacon, once per session, and the server counts them. Then the permit team's
// operator opens /ops/funnel on the demo's month of visits (the showcase seeds three partner sites), sees
// the stages with counts and drop-out, narrows it to the partner page the contractor used, and a customer
// is refused. Screenshots go to artifacts/screenshots/funnel/.
//   Run: node scripts/e2e.mjs funnel     (or node --test e2e/funnel/ with E2E_BASE_URL=...; E2E_BUILD=1 rebuilds)
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { root, startServer } from '../radar/server.mjs';
import { personOf } from '../support/accounts.mjs';
import { apiCaller } from '../support/api-call.mjs';
import { signInToDashboard } from '../support/sign-in.mjs';
import { requestPermitAsNewContractor } from '../support/widget-journey.mjs';
import { launchChromium } from '../support/browser.mjs';
import { buildWidget } from '../support/build-widget.mjs';
import { animationsDone } from '../support/page-checks.mjs';

const shots = join(root, 'artifacts', 'screenshots', 'funnel');
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const stamp = Date.now().toString(36);
const person = personOf(stamp);
const OPERATOR = { email: 'operator@permitdesk.test', password: 'PermitDesk-demo1' };

let server;
let browser;
let call;

async function axeViolations(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document.querySelector('main') ?? document.body, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

before(async () => {
  await mkdir(shots, { recursive: true });
  buildWidget();
  server = await startServer({ projects: 5, showcase: true });
  call = apiCaller(server.base);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the sign-up funnel', { timeout: 300_000 }, () => {
  it("records the widget's steps from the partner page, and shows the permit team the funnel", async () => {
    const { tokens } = await call('POST', '/auth/authenticate', undefined, OPERATOR);
    const today = new Date().toISOString().slice(0, 10);
    const partner = server.base; // the example partner page is served by the server itself
    const report = (origin) => call('GET', `/v4/operator/funnel?from=${today}&to=${today}${origin ? `&origin=${encodeURIComponent(origin)}` : ''}`, tokens.accessToken);
    const before = await report(partner);
    const count = (r, step) => r.steps.find((s) => s.step === step).sessions;

    // A new contractor goes all the way through the widget.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const beacons = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v4/funnel/events') beacons.push(JSON.parse(request.postData() ?? '{}').step);
    });
    const contractor = person('fay', 'Fay Funnel', 'Funnel Roofing Co');
    const page = await requestPermitAsNewContractor(context, server.base, {
      ...contractor, customer: 'Rita Homeowner', description: 'Replace the roof over the garage.',
    });
    assert.match(page.url(), /\/success\?/);
    await context.close();
    assert.deepEqual(beacons, ['contractor', 'sign-up', 'permit-started', 'success-page']);

    // Each step counted once for this session, under the partner page's origin.
    let afterRun;
    for (let tries = 0; tries < 20; tries += 1) {
      afterRun = await report(partner);
      if (count(afterRun, 'success-page') > count(before, 'success-page')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    for (const step of ['contractor', 'sign-up', 'permit-started', 'success-page']) {
      assert.equal(count(afterRun, step), count(before, step) + 1, step);
    }
    assert.equal(count(afterRun, 'do-it-yourselfer'), count(before, 'do-it-yourselfer'));
    // An unknown step is refused with the reason.
    const anon = await fetch(`${server.base}/v4/funnel/events`, { method: 'POST', body: JSON.stringify({ step: 'no-such-step', session: 'abcdefgh12' }) });
    assert.equal(anon.status, 400);
    assert.match((await anon.json()).message, /^Unknown funnel step: use one of do-it-yourselfer, contractor/);

    // The permit team's page: the demo's month of visits from three partner sites.
    const opsContext = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const ops = await opsContext.newPage();
    const problems = [];
    ops.on('pageerror', (error) => problems.push(error.message));
    await signInToDashboard(ops, server.base, OPERATOR);
    await ops.waitForURL((url) => url.pathname !== '/sign-in', { timeout: 30_000 });
    await ops.goto(`${server.base}/ops/funnel`);
    await ops.getByRole('heading', { name: 'Sign-up funnel' }).waitFor({ timeout: 30_000 });
    const stages = ops.getByRole('list', { name: 'Funnel stages' });
    await stages.waitFor({ timeout: 30_000 });
    const items = stages.getByRole('listitem');
    assert.equal(await items.count(), 4);
    const first = await items.nth(0).innerText();
    const sessions = Number(/([\d,]+) sessions?/.exec(first)[1].replace(/,/g, ''));
    // The showcase's month (startServer({ showcase: true })); a server started by scripts/e2e.mjs has the fixed demo only.
    const showcase = (await call('GET', '/v4/operator/funnel', tokens.accessToken)).origins.some((o) => o.origin === 'https://www.brightline-solar.test');
    assert.ok(showcase ? sessions > 300 : sessions >= 1, `visits on the page: ${sessions}`);
    assert.match(await items.nth(1).innerText(), /\d+% dropped out since the step before/);
    assert.equal(await ops.getByRole('link', { name: 'Funnel' }).getAttribute('aria-current'), 'page');
    await animationsDone(ops);
    await ops.screenshot({ path: join(shots, 'ops-funnel.png'), fullPage: true });
    assert.deepEqual(await axeViolations(ops), [], 'axe on /ops/funnel');

    // One partner site: the contractor's own visit today.
    await ops.getByLabel('From').fill(today);
    await ops.getByLabel('Partner site').selectOption(partner);
    await ops.waitForFunction((origin) => [...document.querySelectorAll('.ops-funnel__stage')].length === 4 && document.querySelector('select')?.value === origin, partner);
    await ops.getByText(/Submitted \(success page\)/).waitFor();
    await animationsDone(ops);
    await ops.screenshot({ path: join(shots, 'ops-funnel-partner.png'), fullPage: true });
    assert.deepEqual(problems, []);
    await opsContext.close();

    // Nobody signed in gets no report (customers' 403 is in the server's authorization matrix).
    const refused = await fetch(`${server.base}/v4/operator/funnel`);
    assert.equal(refused.status, 401);
  });
});
