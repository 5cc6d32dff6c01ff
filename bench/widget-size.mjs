// Widget figures (printed, never asserted):
//  1. builds the widget (its rollup configs; the build itself fails over budget) and prints, gzip:
//     what a host page loads before anyone opens the modal (snippet + widget.js), the modal's first
//     view (address step with preact/compat), everything through the form step, and the maps, beside
//     cal.com's embed.js (17.2 KB) and Typebot's web.js (196 KB);
//  2. in Debian's Chromium with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), on the partner
//     page against the real server, over several visits in fresh browser contexts (one run on a busy
//     machine says little): the long tasks the host page gets from the widget before it is opened and
//     on hover (the prefetch), the time from each action (open, pick an address, Next...) until the
//     next step is drawn and the main thread is free again (median and every visit), and the long
//     tasks inside the modal.
// Run: node bench/widget-size.mjs      (BENCH_SKIP_BROWSER=1: sizes only; BENCH_ROUNDS=5 visits;
//                                       E2E_BASE_URL: a running server)
import { join } from 'node:path';
import { rollup } from 'rollup';
import { chromium } from 'playwright-core';
import { root, startServer } from '../e2e/radar/server.mjs';

const configs = (await import(join(root, 'packages/widget/rollup.config.mjs'))).default;
const { BUDGETS, gzipSize, kb, modalFigures } = await import(join(root, 'packages/widget/build/size-budget.mjs'));
const { snippetText } = await import(join(root, 'packages/widget/build/snippet-text.mjs'));

const ANCHORS = { "cal.com embed.js": 17.2 * 1024, "Typebot web.js": 196 * 1024 };

async function build() {
  const outputs = [];
  for (const config of configs) {
    const bundle = await rollup({ ...config, onLog: () => undefined });
    const written = [];
    for (const output of [config.output].flat()) written.push(...(await bundle.write(output)).output);
    await bundle.close();
    outputs.push(written);
  }
  return outputs;
}

async function sizes() {
  console.log('Building the widget...');
  const [esm, loader] = await build();
  const modal = modalFigures(Object.fromEntries(esm.map((chunk) => [chunk.fileName, chunk])));
  const loaderCode = loader.find((chunk) => chunk.type === 'chunk').code;
  const snippet = gzipSize(await snippetText());
  const rows = [
    ['host page before opening: snippet + widget.js', snippet + gzipSize(loaderCode), BUDGETS.hostPage],
    ['  of which the snippet', snippet, null],
    ['modal first view (address step, preact/compat)', modal.firstView, BUDGETS.firstView],
    ['everything through the form step', modal.throughForm, BUDGETS.throughForm],
    ['maps, loaded only when shown', modal.maps, null],
    ['on demand: ambiguity question, gate notice', modal.onDemand, null],
  ];
  console.log('\nWidget sizes (gzip):');
  for (const [label, bytes, budget] of rows) {
    console.log(`  ${label.padEnd(50)} ${kb(bytes).padStart(10)}${budget ? `   budget ${kb(budget)}` : ''}`);
  }
  console.log('  For comparison:');
  for (const [name, bytes] of Object.entries(ANCHORS)) {
    const ratio = bytes / (snippet + gzipSize(loaderCode));
    console.log(`  ${name.padEnd(50)} ${kb(bytes).padStart(10)}   (${ratio.toFixed(1)}x our host-page load)`);
  }
  console.log(`  first-view chunks: ${modal.firstViewChunks.join(', ')}`);
  console.log(`  on-demand chunks (not in through-form): ${modal.onDemandChunks.join(', ')}`);
}

/**
 * In the page: time from an action until `ready` holds, the step is drawn and the main thread is free.
 * (The partner page's CSP forbids eval, so the actions and checks are written out here.)
 */
function measure(page, action, ready) {
  return page.evaluate(
    async ({ action, ready }) => {
      const root = document.querySelector('permit-lookup').shadowRoot;
      const step = () => root.querySelector('[role=dialog]')?.dataset.step;
      const buttonNamed = (name) => [...root.querySelectorAll('button')].find((b) => b.textContent === name);
      const actions = {
        open: () => root.querySelector('[part=launcher]').click(),
        pick: () => root.querySelector('[role=option]').click(),
        next: () => buttonNamed('Next').click(),
        back: () => buttonNamed('Back').click(),
      };
      const checks = {
        address: () => document.querySelector('permit-lookup').getAttribute('state') === 'ready' && root.querySelector('input[role=combobox]'),
        detail: () => root.querySelector('input[readonly]') && !root.querySelector('[aria-busy=true]'),
        task: () => step() === 'select-task' && root.querySelector('input[role=combobox]'),
        namePhone: () => step() === 'enter-name-phone-number' && root.querySelector('input'),
        email: () => step() === 'enter-email' && root.querySelector('input[type=email]'),
      };
      const start = performance.now();
      actions[action]();
      while (!checks[ready]()) await new Promise((resolve) => requestAnimationFrame(resolve));
      // The next frame after a macrotask: nothing queued is still running.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - start;
    },
    { action, ready },
  );
}

const STEPS = [
  'open the modal (address step ready)',
  'pick the address (geocoded, detail view drawn)',
  'Next: task step',
  'Next: name and phone step',
  'Next: e-mail step',
  'Back: name and phone step',
];

/** One visit in a fresh browser context (nothing cached): the time of each step, and the long tasks. */
async function visit(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${base}/examples/partner-site/`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('permit-lookup')?.getAttribute('state') === 'closed');
    await page.waitForTimeout(1000);
    const takeLongTasks = () => page.evaluate(() => window.__longTasks.splice(0));
    const beforeOpening = await takeLongTasks();
    // Hover prefetches the modal's code, as a visitor's pointer would before the click.
    await page.locator('permit-lookup [part=launcher]').hover();
    await page.waitForTimeout(500);
    const onHover = await takeLongTasks();
    const times = [await measure(page, 'open', 'address')];
    await page.locator('permit-lookup input[role=combobox]').pressSequentially('350 5th Ave New York NY', { delay: 20 });
    await page.locator('permit-lookup [role=option]').first().waitFor();
    times.push(await measure(page, 'pick', 'detail'));
    times.push(await measure(page, 'next', 'task'));
    await page.locator('permit-lookup input[role=combobox]').click();
    await page.locator('permit-lookup input[role=combobox]').pressSequentially('roof');
    await page.locator('permit-lookup [role=option]').first().click();
    times.push(await measure(page, 'next', 'namePhone'));
    await page.locator('permit-lookup').getByLabel('Full Name', { exact: true }).fill('Bench Mark');
    await page.locator('permit-lookup').getByLabel('Phone Number', { exact: true }).pressSequentially('2125550147');
    times.push(await measure(page, 'next', 'email'));
    times.push(await measure(page, 'back', 'namePhone'));
    return { times, beforeOpening, onHover, inModal: await takeLongTasks() };
  } finally {
    await context.close();
  }
}

async function browserFigures() {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const server = await startServer({ projects: 5 });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const visits = [];
    for (let i = 0; i < rounds; i++) visits.push(await visit(browser, server.base));
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const tasks = (key) => visits.map((v) => (v[key].length ? v[key].join('+') : '0')).join(', ');
    console.log(`\nIn Chromium, CPU throttled 4x, ${rounds} visits in fresh browser contexts (printed, not asserted):`);
    console.log(`  long tasks (> 50 ms, ms) on the host page before opening, per visit: ${tasks('beforeOpening')}`);
    console.log(`  long tasks (> 50 ms, ms) after hovering the launcher (prefetch), per visit: ${tasks('onHover')}`);
    console.log(`  ${'time until interactive'.padEnd(50)} median   (each visit)`);
    STEPS.forEach((label, i) => {
      const values = visits.map((v) => v.times[i]);
      console.log(`  ${label.padEnd(50)} ${median(values).toFixed(0).padStart(4)} ms  (${values.map((ms) => ms.toFixed(0)).join(' ')})`);
    });
    console.log(`  long tasks (> 50 ms, ms) while using the modal, per visit: ${tasks('inModal')}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await sizes();
if (process.env.BENCH_SKIP_BROWSER !== '1') await browserFigures();
