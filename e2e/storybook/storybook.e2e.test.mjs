// Every story of the built Storybook (widget and dashboard) in Chromium: it renders, throws nothing, and
// axe-core finds no violation of any impact in it. Builds Storybook first unless it is there
// (E2E_BUILD=1 forces).
//   Run: node --test e2e/storybook/storybook.e2e.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { root } from '../radar/server.mjs';
import { serveStatic } from '../widget/static-server.mjs';
import { launchChromium } from '../support/browser.mjs';

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
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** The story's content: widget stories render in a shadow root (the theme decorator), others in place. */
function rendered(isWidget) {
  const root = document.querySelector('#storybook-root');
  if (isWidget) return Boolean(root?.querySelector('div')?.shadowRoot?.querySelector('[role=dialog]'));
  return Boolean(root && root.textContent.trim() !== '');
}

it('renders every story without any accessibility violation', { timeout: 600_000 }, async () => {
  const index = JSON.parse(await readFile(join(built, 'index.json'), 'utf8'));
  const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');
  // E2E_STORIES=<text> checks only the stories whose id contains it (while fixing one).
  const only = process.env.E2E_STORIES;
  const count = (prefix) => stories.filter((story) => story.title.startsWith(prefix)).length;
  assert.ok(only || count('Widget/') >= 40, `only ${count('Widget/')} widget stories`);
  assert.ok(only || count('Dashboard/') >= 40, `only ${count('Dashboard/')} dashboard stories`);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const failures = [];
  for (const story of only ? stories.filter((s) => s.id.includes(only)) : stories) {
    await page.goto(`${site.url}/iframe.html?id=${story.id}&viewMode=story`);
    await page.waitForFunction(rendered, story.title.startsWith('Widget/'), { timeout: 15_000 });
    // Let fake answers, play functions and the modal's fade settle.
    await page.waitForTimeout(600);
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
      const where = (nodes) => nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ') + (nodes.length > 3 ? ` and ${nodes.length - 3} more` : '');
      return result.violations.map((v) => `${v.id} [${v.impact}] at ${where(v.nodes)}`);
    });
    if (violations.length) failures.push(`${story.id}: ${violations.join('; ')}`);
  }
  await page.close();
  for (const failure of failures) console.error(failure);
  assert.deepEqual(failures, []);
  assert.deepEqual(errors, []);
});
