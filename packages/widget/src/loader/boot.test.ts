// widget.js on a page: the snippet's queue replayed, <permit-lookup> with its attributes, its state
// attribute and events, the global's commands, and the return from the verification link. The modal
// loaded is the real one, talking to the fake server.
import { fireEvent, waitFor } from '@testing-library/dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { permitDeskSnippet, type SnippetWindow } from '../snippet.js';
import { startFakePermitDesk, type FakePermitDesk } from '../test/fake-permitdesk.js';
import { bootEmbed } from './boot.js';
import type { ModalModule } from './modal-contract.js';

let server: FakePermitDesk;
const realModal = () => import('../modal/modal-entry.js') as Promise<ModalModule>;
const win = window as SnippetWindow;
const states = (el: Element) => {
  const seen: (string | null)[] = [el.getAttribute('state')];
  new MutationObserver(() => seen.push(el.getAttribute('state'))).observe(el, { attributes: true, attributeFilter: ['state'] });
  return seen;
};
const dialogOf = (el: Element | null) => el?.shadowRoot?.querySelector('[role=dialog]') ?? null;

beforeAll(async () => {
  server = await startFakePermitDesk();
});
afterAll(() => server.close());
beforeEach(() => {
  delete win.PermitDesk;
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/partner/');
});
afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the loader', () => {
  it('replays the snippet queue, then runs later calls at once', async () => {
    permitDeskSnippet(win, document, 'script', 'https://permits.example.com/widget/widget.js');
    win.PermitDesk!('init', { apiBase: server.api.url, theme: { primary: '#0b6e4f' } });
    win.PermitDesk!('open', { address: '100 N Garfield' });
    expect(document.querySelector('permit-lookup')).toBeNull();

    bootEmbed({ win, load: realModal, scriptSrc: 'https://permits.example.com/widget/widget.js' });
    const element = document.querySelector<HTMLElement>('permit-lookup')!;
    expect(element.getAttribute('launcher')).toBe('none');
    expect(element.getAttribute('state')).toBe('loading');
    await waitFor(() => expect(element.getAttribute('state')).toBe('ready'), { timeout: 10_000 });
    expect(element.hasAttribute('open')).toBe(true);
    expect(element.style.getPropertyValue('--pd-primary')).toBe('#0b6e4f');
    // The open command's address is searched for straight away.
    const search = element.shadowRoot!.querySelector<HTMLInputElement>('input[role=combobox]')!;
    expect(search.value).toBe('100 N Garfield');
    await waitFor(() => expect(server.api.requests.some((r) => r.path === '/v4/lookup/addresses' && r.query.get('q') === '100 N Garfield')).toBe(true));

    const closed = new Promise((resolve) => element.addEventListener('permit-lookup:closed', (e) => resolve((e as CustomEvent).detail)));
    win.PermitDesk!('close');
    expect(await closed).toEqual({ view: null });
    expect(element.getAttribute('state')).toBe('closed');
    expect(element.hasAttribute('open')).toBe(false);
    expect(dialogOf(element)).toBeNull();

    // The queue now runs at once, through the global or a kept reference to the old stub's queue.
    win.PermitDesk!.q!.push(['open'] as unknown as IArguments);
    await waitFor(() => expect(dialogOf(element)).not.toBeNull());
    expect(element.getAttribute('state')).toBe('ready');
  });

  it('makes <permit-lookup> from its attributes: launcher, api-base, theme, open, state and events', async () => {
    let loads = 0;
    const counted = () => {
      loads++;
      return realModal();
    };
    bootEmbed({ win, load: counted, scriptSrc: `${window.location.origin}/widget/widget.js` });
    document.body.innerHTML = `<permit-lookup api-base="${server.api.url}" theme-primary="#7a1f5c" theme-primary-contrast="#fffbe6">Get my permit</permit-lookup>`;
    const element = document.querySelector<HTMLElement>('permit-lookup')!;
    expect(element.getAttribute('state')).toBe('closed');
    const seen = states(element);
    const launcher = element.shadowRoot!.querySelector<HTMLButtonElement>('[part=launcher]')!;
    expect(launcher.hidden).toBe(false);
    expect(launcher.querySelector('slot')).not.toBeNull();
    // Hover (or focus) fetches the modal's code before the click, once; the state stays closed.
    expect(loads).toBe(0);
    fireEvent.pointerEnter(launcher);
    expect(loads).toBe(1);
    fireEvent.focus(launcher);
    expect(loads).toBe(1);
    expect(element.getAttribute('state')).toBe('closed');

    fireEvent.click(launcher);
    await waitFor(() => expect(element.getAttribute('state')).toBe('ready'), { timeout: 10_000 });
    expect(seen).toEqual(['closed', 'loading', 'ready']);
    expect(loads).toBe(1);
    expect(element.hasAttribute('open')).toBe(true);
    expect(element.style.getPropertyValue('--pd-primary')).toBe('#7a1f5c');
    expect(element.style.getPropertyValue('--pd-primary-contrast')).toBe('#fffbe6');
    await waitFor(() => expect(server.api.calls({ method: 'GET', path: '/global-setting' } as never).length).toBeGreaterThan(0));

    // Closing from inside (the close button) drops the open attribute and tells the page.
    const events: string[] = [];
    element.addEventListener('permit-lookup:closed', () => events.push('closed'));
    fireEvent.click(element.shadowRoot!.querySelector('button[aria-label=Close]')!);
    await waitFor(() => expect(element.getAttribute('state')).toBe('closed'));
    expect(events).toEqual(['closed']);
    expect(element.hasAttribute('open')).toBe(false);

    // The open attribute opens it again, keeping the state of the flow.
    element.setAttribute('open', '');
    await waitFor(() => expect(dialogOf(element)).not.toBeNull());
    element.removeAttribute('open');
    await waitFor(() => expect(dialogOf(element)).toBeNull());
  });

  it("shows state='failed' when the modal's code cannot be fetched, and retries on the next open", async () => {
    let attempts = 0;
    const flaky = () => (++attempts === 1 ? Promise.reject(new Error('network down')) : realModal());
    bootEmbed({ win, load: flaky, scriptSrc: `${window.location.origin}/widget/widget.js` });
    win.PermitDesk!('init', { apiBase: server.api.url });
    win.PermitDesk!('open');
    const element = document.querySelector<HTMLElement>('permit-lookup')!;
    await waitFor(() => expect(element.getAttribute('state')).toBe('failed'));
    win.PermitDesk!('close');
    win.PermitDesk!('open');
    await waitFor(() => expect(element.getAttribute('state')).toBe('ready'), { timeout: 10_000 });
    expect(attempts).toBe(2);
  });

  it('opens by itself on the return from the verification link', async () => {
    window.history.replaceState(null, '', '/partner/?email=sam%40home.example&accepted=1&token=t');
    permitDeskSnippet(win, document, 'script', `${window.location.origin}/widget/widget.js`);
    win.PermitDesk!('init', { apiBase: server.api.url });
    bootEmbed({ win, load: realModal, scriptSrc: `${window.location.origin}/widget/widget.js` });
    const element = document.querySelector<HTMLElement>('permit-lookup')!;
    await waitFor(() => expect(dialogOf(element)?.getAttribute('data-step')).toBe('verify-email'));
  });
});
