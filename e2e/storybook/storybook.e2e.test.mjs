// Every widget story of the built Storybook in Chromium: it renders, throws nothing, and axe-core finds
// no serious or critical violation in it. Builds Storybook first unless it is there (E2E_BUILD=1 forces).
//   Run: node --test e2e/widget/storybook.e2e.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { chromium } from 'playwright-core';
import { root } from '../radar/server.mjs';
import { serveStatic } from './static-server.mjs';

const built = join(root, 'artifacts', 'storybook-static');
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let site;
let browser;

before(async () => {
  if (!existsSync(join(built, 'index.json')) || process.env.E2E_BUILD === '1') {
    const result = spawnSync(process.execPath, [join(root, 'scripts/pnpm.mjs'), '--filter', '@permitdesk/storybook', 'build'], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`storybook build failed:\n${result.stdout}\n${result.stderr}`);
  }
  site = await serveStatic(built);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
});
after(async () => {
  await browser?.close();
  await site?.close();
});

it('renders every widget story without serious accessibility violations', { timeout: 300_000 }, async () => {
  const index = JSON.parse(await readFile(join(built, 'index.json'), 'utf8'));
  const stories = Object.values(index.entries).filter((entry) => entry.type === 'story' && entry.title.startsWith('Widget/'));
  assert.ok(stories.length >= 40, `only ${stories.length} widget stories`);
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const failures = [];
  for (const story of stories) {
    await page.goto(`${site.url}/iframe.html?id=${story.id}&viewMode=story`);
    await page.waitForFunction(() => document.querySelector('#storybook-root > div')?.shadowRoot?.querySelector('[role=dialog]'), null, { timeout: 15_000 });
    await page.waitForTimeout(400);
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      // Storybook's a11y addon runs the same axe on each story: wait for its run to finish first.
      let result;
      for (let attempt = 0; !result; attempt += 1) {
        try {
          // eslint-disable-next-line no-undef
          result = await axe.run(document.querySelector('#storybook-root'), { resultTypes: ['violations'] });
        } catch (error) {
          if (attempt > 40 || !String(error).includes('already running')) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
    });
    if (violations.length) failures.push(`${story.id}: ${violations.join(', ')}`);
  }
  await page.close();
  assert.deepEqual(failures, []);
  assert.deepEqual(errors, []);
});
