// What every browser suite does on a page: close a first visit's guided tour as a person would, and
// photograph a page then check it (axe-core: no serious or critical violation; no console error since a mark).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const axeScript = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Waits for the page's finite animations and transitions (the widget's 300 ms fade, in its shadow root too) to end. */
export async function animationsDone(page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity) // not a spinner
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe's serious and critical violations inside `selector` (a widget's host: axe walks its shadow root), read
 * once the animations have ended. A view that mounts after they were awaited may still be fading in (its
 * contrast read mid-fade): the check is repeated after its animations, and only a violation that stays counts.
 */
export async function settledViolations(page, selector) {
  await page.evaluate(axeScript);
  let violations = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await animationsDone(page);
    violations = await page.evaluate(async (selector) => {
      // eslint-disable-next-line no-undef
      const result = await axe.run(document.querySelector(selector), { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }, selector);
    if (violations.length === 0) break;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  return violations;
}

/** Pages with a guided tour start it after 500 ms on the first visit; close it as a user would. */
export async function closeTour(page) {
  const tour = page.locator('.driver-popover');
  if (await tour.waitFor({ timeout: 1500 }).then(() => true, () => false)) {
    await page.keyboard.press('Escape');
    await tour.waitFor({ state: 'detached' });
  }
}

/**
 * look(page, name, mark, { missing }): photographs the page into `shots`, then axe (serious and critical
 * only) and the console errors collected in `errors` since `mark`. Where a page is not found on purpose
 * (`missing`), the browser's own log of that 404 answer is expected.
 */
export function pageLooker({ shots, errors }) {
  return async (page, name, mark, { missing = false } = {}) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
    await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), null, { timeout: 8000 }).catch(() => undefined);
    await page.evaluate(axeScript);
    // eslint-disable-next-line no-undef
    const found = await page.evaluate(async () => (await axe.run(document, { resultTypes: ['violations'] })).violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => v.id));
    assert.deepEqual(found, [], `${name}: axe`);
    const unexpected = errors.slice(mark).filter((e) => !(missing && /Failed to load resource: the server responded with a status of 404/.test(e)));
    assert.deepEqual(unexpected, [], `${name}: console`);
  };
}
