// What keeps a step change cheap (issue 4: interactive within 100 ms): the map is drawn once and kept
// across views, the later views' chunks and stylesheet are in before they are needed (so a step change
// neither shows the loading fallback nor restyles the whole modal), and warm() prepares opening ahead.
import { waitFor } from '@testing-library/dom';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import stepsCss from '../styles/steps.css?raw';
import widgetCss from '../styles/widget.css?raw';
import { chooseAddress } from '../test/flow-driver.js';
import { startFakePermitDesk, type FakePermitDesk } from '../test/fake-permitdesk.js';
import { renderWidget } from '../test/render-widget.js';
import { warm } from './modal-entry.js';

let server: FakePermitDesk;
let widget: Awaited<ReturnType<typeof renderWidget>> | undefined;
beforeAll(async () => {
  server = await startFakePermitDesk();
});
afterAll(() => server.close());
afterEach(() => widget?.cleanup());

/** The text of every stylesheet adopted into a shadow root. */
const adoptedCss = (root: ShadowRoot) => root.adoptedStyleSheets.map((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n'));
const firstRule = (css: string) => css.slice(0, css.indexOf('}') + 1).replace(/\s+/g, ' ').trim();

it('keeps one map across the step change and draws the next view without the loading fallback', async () => {
  widget = await renderWidget(server.api.url);
  const map = await waitFor(() => {
    const svg = widget!.root.querySelector('.pd-map svg');
    if (!svg) throw new Error('map not drawn yet');
    return svg;
  });
  // The later steps' stylesheet arrives with their chunk, before any of them shows.
  await waitFor(() => expect(adoptedCss(widget!.root).some((css) => css.includes('.pd-contents'))).toBe(true));

  const fallbacks: string[] = [];
  const watch = new MutationObserver(() => {
    // The views' Suspense fallback (a centred spinner); the busy spinner of a button is not one.
    if (widget!.root.querySelector('.pd-center')) fallbacks.push(widget!.step() ?? '');
  });
  watch.observe(widget.root, { childList: true, subtree: true });
  const sheetsBefore = widget.root.adoptedStyleSheets.length;
  await chooseAddress(widget);
  watch.disconnect();

  expect(widget.root.querySelector('.pd-map svg')).toBe(map);
  expect(map.isConnected).toBe(true);
  expect(fallbacks).toEqual([]);
  expect(widget.root.adoptedStyleSheets.length).toBe(sheetsBefore);
  expect(await widget.screen.findByRole('combobox', { name: 'Project Type' })).toBeTruthy();
});

it('warm() adopts the modal stylesheet into the shadow root ahead of opening, once', async () => {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  warm(root, { apiBase: server.api.url });
  warm(root, { apiBase: server.api.url });
  expect(root.adoptedStyleSheets).toHaveLength(1);
  expect(firstRule(adoptedCss(root)[0]!)).toContain('.pd-root');
  expect(adoptedCss(root)[0]).not.toContain('.pd-contents');
  expect(firstRule(widgetCss)).toContain('.pd-root');
  expect(stepsCss).toContain('.pd-contents');
  host.remove();
});
