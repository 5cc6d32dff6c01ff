// Dashboard performance figures (printed, never asserted):
//  1. builds the dashboard and prints the first-load JavaScript (the entry plus its modulepreloads,
//     gzip -9) against the 100 KB budget (the build itself fails over it) and the 92 KB target, and
//     the route chunks;
//  2. against the real server with the demo data, measures in Chromium the long tasks (over 50 ms,
//     PerformanceObserver 'longtask') while the radar renders 20 rows (first load, and a page change
//     inside the app) and while a row is expanded.
// Run: node bench/dashboard.mjs            (BENCH_SKIP_BROWSER=1 for the sizes only)
import { spawnSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root, startServer } from '../e2e/radar/server.mjs';
import { FIRST_LOAD_BUDGET, FIRST_LOAD_TARGET, gzipSize, kb } from '../packages/dashboard/build/first-load.mjs';

const dist = join(root, 'packages/dashboard/dist');
const gz = async (file) => gzipSize(await readFile(file));

async function sizes() {
  const build = spawnSync(process.execPath, [join(root, 'scripts/pnpm.mjs'), '--filter', '@permitdesk/dashboard', 'build'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const first = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
  let total = 0;
  console.log('First load (entry + modulepreload), gzip -9:');
  for (const src of first) {
    const size = await gz(join(dist, src));
    total += size;
    console.log(`  ${kb(size).padStart(10)}  ${src}`);
  }
  const versus = (limit) => (total <= limit ? `${kb(limit - total)} under` : `over by ${kb(total - limit)}`);
  console.log(`  ${kb(total).padStart(10)}  total; budget ${kb(FIRST_LOAD_BUDGET)}: ${versus(FIRST_LOAD_BUDGET)}; target ${kb(FIRST_LOAD_TARGET)}: ${versus(FIRST_LOAD_TARGET)}`);
  const firstSet = new Set(first.map((src) => src.replace(/^\//, '')));
  const chunks = [];
  for (const name of await readdir(join(dist, 'assets'))) {
    if (!name.endsWith('.js') || firstSet.has(`assets/${name}`)) continue;
    chunks.push({ name, size: await gz(join(dist, 'assets', name)) });
  }
  chunks.sort((a, b) => b.size - a.size);
  console.log(`Route and lazy chunks (${chunks.length}), gzip -9, largest first:`);
  for (const chunk of chunks.slice(0, 25)) console.log(`  ${kb(chunk.size).padStart(10)}  ${chunk.name}`);
  const radar = chunks.filter((c) => /^(radar-view|permit|project-page|data-collection-page|new-project-page|start-tour)-/.test(c.name));
  console.log('Radar and permit pages:');
  for (const chunk of radar) console.log(`  ${kb(chunk.size).padStart(10)}  ${chunk.name}`);
}

/** Long tasks seen between two marks, as { count, max, list }. */
const longTasksSince = (page, from) =>
  page.evaluate((t0) => {
    const tasks = window.__longTasks.filter((task) => task.startTime + task.duration >= t0).map((task) => Math.round(task.duration));
    return { count: tasks.length, max: tasks.length ? Math.max(...tasks) : 0, list: tasks };
  }, from);

async function longTasks() {
  const server = await startServer({ projects: 200 });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
      localStorage.setItem('permitdesk.tours.seen', JSON.stringify(['radar', 'radar-search', 'permit-detail']));
    });
    const page = await context.newPage();
    await page.goto(`${server.base}/sign-in`);
    await page.getByLabel('Email Address').fill('demo@permitdesk.test');
    await page.getByLabel('Password', { exact: true }).fill('PermitDesk-demo1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/project-radar');
    await page.locator('tr.data-table__row').nth(19).waitFor();

    const rounds = 5;
    const results = { firstLoad: [], pageChange: [], expand: [] };
    for (let round = 0; round < rounds; round += 1) {
      await page.goto(`${server.base}/project-radar`);
      await page.locator('tr.data-table__row').nth(19).waitFor();
      results.firstLoad.push(await longTasksSince(page, 0));

      let t0 = await page.evaluate(() => performance.now());
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForFunction(() => new URL(location.href).searchParams.get('page') === '2' && document.querySelectorAll('tr.data-table__row').length === 20 && document.querySelector('table[aria-busy="false"]'));
      await page.waitForTimeout(100);
      results.pageChange.push(await longTasksSince(page, t0));

      t0 = await page.evaluate(() => performance.now());
      await page.locator('tr.data-table__row').nth(round).getByRole('button', { name: /^Details of/ }).click();
      await page.locator('tr.data-table__details').first().waitFor();
      await page.waitForTimeout(100);
      results.expand.push(await longTasksSince(page, t0));
    }
    console.log(`Long tasks in Chromium (over 50 ms), ${rounds} rounds, the radar with 20 rows:`);
    for (const [phase, list] of Object.entries(results)) {
      const max = Math.max(...list.map((r) => r.max));
      const count = list.reduce((sum, r) => sum + r.count, 0);
      console.log(`  ${phase.padEnd(11)} long tasks: ${count} in ${rounds} rounds; longest ${max} ms; per round ${list.map((r) => `[${r.list.join(', ')}]`).join(' ')}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await sizes();
if (process.env.BENCH_SKIP_BROWSER !== '1') await longTasks();
