// A running tour leaves no popup attribute that the highlighted element's role does not allow (axe
// aria-allowed-attr): a <div> target keeps only aria-controls, a link target keeps driver's attributes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowsPopupAttributes, popupRoleOf } from './tour-aria.js';
import { isTourRunning, startTour } from './start-tour.js';

// driver.js's transitions run on a fake clock: moved on, not slept through.
const settle = (ms = 600) => vi.advanceTimersByTimeAsync(ms);
const key = (name: string) => window.dispatchEvent(new KeyboardEvent('keyup', { key: name }));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  key('Escape');
  await settle(50);
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('popupRoleOf', () => {
  const make = (html: string) => {
    const host = document.createElement('div');
    host.innerHTML = html;
    return host.firstElementChild!;
  };
  it('knows the interactive elements that may open a popup', () => {
    expect(allowsPopupAttributes(make('<button>Go</button>'))).toBe(true);
    expect(allowsPopupAttributes(make('<a href="/new-project">New</a>'))).toBe(true);
    expect(allowsPopupAttributes(make('<input type="submit">'))).toBe(true);
    expect(allowsPopupAttributes(make('<select><option>1</option></select>'))).toBe(true);
    expect(allowsPopupAttributes(make('<div role="button">Go</div>'))).toBe(true);
  });
  it('refuses plain containers, tables, headers, text inputs and anchors without href', () => {
    for (const html of ['<div>x</div>', '<table></table>', '<input type="search">', '<a>x</a>', '<div role="region">x</div>', '<select multiple></select>']) {
      expect(allowsPopupAttributes(make(html)), html).toBe(false);
    }
    expect(allowsPopupAttributes(document.createElement('th'))).toBe(false);
    expect(popupRoleOf(make('<select multiple></select>'))).toBe('listbox');
  });
});

describe('startTour', () => {
  it('keeps aria-haspopup and aria-expanded off a plain element and on a link', async () => {
    document.body.innerHTML = `
      <div class="header__search"><input aria-label="Search"></div>
      <div data-tour="radar-filters">Filters</div>
      <a data-tour="radar-new-project" href="/new-project">New project</a>`;
    expect(startTour('radar')).toBe(true);
    await settle();
    const search = document.querySelector('.header__search')!;
    expect(document.querySelector('.driver-popover-title')?.textContent).toBe('Search your projects');
    expect(search.classList.contains('driver-active-element')).toBe(true);
    expect(search.getAttribute('aria-controls')).toBe('driver-popover-content');
    expect(search.hasAttribute('aria-haspopup')).toBe(false);
    expect(search.hasAttribute('aria-expanded')).toBe(false);

    key('ArrowRight');
    await settle();
    const filters = document.querySelector('[data-tour="radar-filters"]')!;
    expect(filters.classList.contains('driver-active-element')).toBe(true);
    expect(filters.hasAttribute('aria-haspopup')).toBe(false);
    expect(filters.hasAttribute('aria-expanded')).toBe(false);

    key('ArrowRight');
    await settle();
    const link = document.querySelector('[data-tour="radar-new-project"]')!;
    expect(link.classList.contains('driver-active-element')).toBe(true);
    expect(link.getAttribute('aria-haspopup')).toBe('dialog');
    expect(link.getAttribute('aria-expanded')).toBe('true');
    // Nothing is left on the steps already passed.
    expect(document.querySelectorAll('[aria-haspopup]')).toHaveLength(1);
  });

  it('runs one tour at a time, and gives way when the user types', async () => {
    document.body.innerHTML = `
      <div class="header__search"><input aria-label="Search"></div>
      <div data-tour="radar-keyword">Keyword</div>`;
    expect(startTour('radar')).toBe(true);
    await settle();
    expect(startTour('radar-search')).toBe(false);
    expect(document.querySelectorAll('.driver-popover')).toHaveLength(1);
    const input = document.querySelector('input')!;
    input.value = 'ais';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await settle(50);
    expect(isTourRunning()).toBe(false);
    expect(document.querySelector('.driver-popover')).toBeNull();
    expect(startTour('radar-search')).toBe(true);
  });
});

