// Style isolation: the modal's sheets are adopted into the host's open shadow root (nothing goes into
// the page), and without constructable stylesheets a <style> carrying the CSP nonce is used instead.
import { waitFor } from '@testing-library/dom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mount } from '../index.js';
import { startFakePermitDesk, type FakePermitDesk } from '../test/fake-permitdesk.js';
import { adoptCss } from './launcher-css.js';

let server: FakePermitDesk;
beforeAll(async () => {
  server = await startFakePermitDesk();
});
afterAll(() => server.close());

const ruleText = (sheets: readonly CSSStyleSheet[]) => sheets.flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText)).join('\n');

it("adopts the modal's stylesheet into the shadow root and leaves the page's styles alone", async () => {
  const pageSheets = document.styleSheets.length;
  const host = document.createElement('div');
  document.body.append(host);
  const handle = mount(host, { apiBase: server.api.url });
  await waitFor(() => expect(host.shadowRoot?.querySelector('.pd-root')).not.toBeNull());
  const root = host.shadowRoot!;
  expect(root.mode).toBe('open');
  const css = ruleText(root.adoptedStyleSheets);
  expect(css).toContain('.pd-root');
  expect(css).toMatch(/all:\s*initial/);
  expect(css).toContain('.pd-backdrop');
  expect(root.querySelector('style')).toBeNull();
  expect(document.styleSheets.length).toBe(pageSheets);
  expect(document.head.querySelector('style')).toBeNull();
  handle.destroy();
  host.remove();
});

it('falls back to a <style> with the nonce where stylesheets cannot be constructed', () => {
  // A fragment has no adoptedStyleSheets, like a shadow root in an older browser.
  const fragment = document.createDocumentFragment();
  fragment.append(document.createElement('div'));
  adoptCss(fragment as unknown as ShadowRoot, '.pd-root{color:red}', 'r4nd0m');
  const style = fragment.firstChild as HTMLStyleElement;
  expect(style.tagName).toBe('STYLE');
  expect(style.nonce).toBe('r4nd0m');
  expect(style.textContent).toBe('.pd-root{color:red}');
});
