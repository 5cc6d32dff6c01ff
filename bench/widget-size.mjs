// Widget figures (printed, never asserted):
//  1. builds the widget (its rollup configs; the build itself fails over budget) and prints, gzip:
//     what a host page loads before anyone opens the modal (snippet + widget.js), the modal's first
//     view (address step with preact/compat), everything through the form step, and the maps, beside
//     cal.com's embed.js (17.2 KB) and Typebot's web.js (196 KB);
//  2. in Debian's Chromium with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), on the partner
//     page against the real server: the long tasks the host page gets from the widget before it is
//     opened, and the time from each action (open, pick an address, Next...) until the next step is
//     drawn and the main thread is free again.
// Run: node bench/widget-size.mjs      (BENCH_SKIP_BROWSER=1: sizes only; E2E_BASE_URL: a running server)
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
}

/**
 * In the page: time from an action until `ready` holds, the step is drawn and the main thread is free.
 * (The partner page's CSP forbids eval, so the actions and checks are written out here.)
 */
async function measure(page, label, action, ready) {
  const ms = await page.evaluate(
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
  console.log(`  ${label.padEnd(50)} ${ms.toFixed(0).padStart(6)} ms`);
}

async function browserFigures() {
  const server = await startServer({ projects: 5 });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${server.base}/examples/partner-site/`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('permit-lookup')?.getAttribute('state') === 'closed');
    await page.waitForTimeout(1000);
    const pageTasks = await page.evaluate(() => window.__longTasks.slice());
    console.log('\nIn Chromium, CPU throttled 4x (printed, not asserted):');
    console.log(`  long tasks (> 50 ms) on the host page before opening: ${pageTasks.length ? pageTasks.join(', ') + ' ms' : 'none'}`);

    // Hover prefetches the modal's code, as a visitor's pointer would before the click.
    await page.locator('permit-lookup [part=launcher]').hover();
    await page.waitForTimeout(500);
    await measure(page, 'open the modal (address step ready)', 'open', 'address');
    await page.locator('permit-lookup input[role=combobox]').pressSequentially('350 5th Ave New York NY', { delay: 20 });
    await page.locator('permit-lookup [role=option]').first().waitFor();
    await measure(page, 'pick the address (geocoded, detail view drawn)', 'pick', 'detail');
    await measure(page, 'Next: task step', 'next', 'task');
    await page.locator('permit-lookup input[role=combobox]').click();
    await page.locator('permit-lookup input[role=combobox]').pressSequentially('roof');
    await page.locator('permit-lookup [role=option]').first().click();
    await measure(page, 'Next: name and phone step', 'next', 'namePhone');
    await page.locator('permit-lookup').getByLabel('Full Name', { exact: true }).fill('Bench Mark');
    await page.locator('permit-lookup').getByLabel('Phone Number', { exact: true }).pressSequentially('2125550147');
    await measure(page, 'Next: e-mail step', 'next', 'email');
    await measure(page, 'Back: name and phone step', 'back', 'namePhone');
    const all = await page.evaluate(() => window.__longTasks.slice());
    console.log(`  long tasks (> 50 ms) while using the modal: ${all.length > pageTasks.length ? all.slice(pageTasks.length).join(', ') + ' ms' : 'none'}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await sizes();
if (process.env.BENCH_SKIP_BROWSER !== '1') await browserFigures();
