// Header, menus, switcher, Updates badge and footer (SPEC §2.4, §2.8) with the real store and client.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session.js';
import { fakeNetwork, profile, tokens } from '../test/fixtures.js';
import { renderAt } from '../test/render.js';
import { Footer } from './footer.js';
import { Header } from './header.js';

const permissions = {
  '11': { name: 'Acme Roofing', role: 'owner' as const },
  '12': { name: 'Guest Co', role: 'guest' as const },
  '13': { name: 'Bolt Electric', role: 'pm' as const },
};
const update = (id: number, read: boolean) => ({
  id, permitId: 5, projectId: 4, customerName: 'Jo', message: 'Permit issued', stage: 10, createdAt: '2026-01-02T10:00:00.000Z', read,
});

beforeEach(() => {
  localStorage.clear();
});
afterEach(async () => {
  sessionStore.getState().stopAutoRefresh();
  await sessionStore.getState().logout('user');
  vi.unstubAllGlobals();
});

describe('Header for visitors', () => {
  it('has the logo to /, Sign In and Schedule Consultation with the booking modal', async () => {
    renderAt(<Header />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'PermitDesk home' }).getAttribute('href')).toBe('/');
    expect(within(main).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/sign-in');
    await userEvent.click(within(main).getByRole('button', { name: 'Schedule Consultation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Schedule Consultation')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Window' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lifts off the page with a shadow once scrolled past the 10 px threshold (SPEC §9)', async () => {
    renderAt(<Header />);
    const header = screen.getByRole('banner');
    expect(header.className).toBe('header');
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    };
    scrollTo(10);
    expect(header.className).toBe('header');
    scrollTo(11);
    await waitFor(() => expect(header.className).toBe('header header--scrolled'));
    scrollTo(0);
    await waitFor(() => expect(header.className).toBe('header'));
  });

  it('has the visitors mobile menu with every entry', async () => {
    renderAt(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile menu' });
    const links = within(menu).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Sign Up', '/sign-up'], ['Sign In', '/sign-in'], ['Home', '/'], ['How it works', '/how-it-works'],
      ['Project radar', '/products#project-radar'], ['Compliance vault', '/products#compliance-vault'],
      ['Inspection tracker', '/products#inspection-tracker'], ['AI', '/products#ai'],
      ['Permit + code research', '/services#permit-code-research'], ['Permit expeditor', '/services#permit-expeditor'],
      ['Additional resources', '/services#additional-resources'],
    ]);
  });
});

describe('Header for signed-in users', () => {
  beforeEach(() => {
    fakeNetwork({
      'GET /v4/companies/11/project-updates': () => ({ body: [update(1, false), update(2, false), update(3, true)] }),
      'GET /v4/companies/13/project-updates': () => ({ body: [update(4, false)] }),
      'POST /auth/sign-out': () => ({ body: { ok: true } }),
    });
    sessionStore.getState().login(tokens(), profile({}, permissions));
  });

  it('links the logo to /project-radar and shows Project Radar and the unread Updates count', async () => {
    renderAt(<Header />, '/profile');
    expect(screen.getByRole('link', { name: 'PermitDesk home' }).getAttribute('href')).toBe('/project-radar');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect((await within(main).findByRole('link', { name: 'Project Radar' })).getAttribute('href')).toBe('/project-radar');
    expect((await screen.findByTestId('updates-badge')).textContent).toBe('2 unread');
    expect(await screen.findByPlaceholderText('Search by Customer Name, Project ID, Job Address, etc...')).toBeTruthy();
  });

  it('has the user menu entries, and the switcher lists Personal and non-guest companies with the current disabled', async () => {
    renderAt(<Header />, '/profile');
    const main = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(await within(main).findByRole('button', { name: /Ann/ }));
    const items = within(main).getAllByRole('listitem').map((li) => li.textContent).filter(Boolean);
    expect(items.slice(1)).toEqual(['Compliance Center', 'Settings', 'Help Center', 'Schedule Demo', 'Roadmap', 'Alt Dashboard', 'Sign Out']);
    expect(within(main).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/profile');
    expect(within(main).getByRole('link', { name: 'Help Center' }).getAttribute('href')).toBe('/support');
    expect(within(main).getByRole('link', { name: 'Alt Dashboard' }).getAttribute('href')).toBe('/project-radar-alt');
    const select = within(main).getByLabelText('Account') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.text, o.disabled])).toEqual([
      ['Personal', false],
      ['Acme Roofing', true],
      ['Bolt Electric', false],
    ]);
    await userEvent.selectOptions(select, 'Bolt Electric');
    expect(sessionStore.getState().currentCompanyId).toBe('13');
    expect(localStorage.getItem('permitdesk.session.currentCompanyId')).toBe('"13"');
    await waitFor(() => expect(screen.getByTestId('updates-badge').textContent).toBe('1 unread'));
  });

  it('signs out with the toast and goes to /sign-in, keeping the saved view keys', async () => {
    localStorage.setItem('permitdesk.radar.sort', '-createdAt');
    const { location } = renderAt(<Header />, '/profile');
    const main = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(await within(main).findByRole('button', { name: /Ann/ }));
    await userEvent.click(within(main).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(location()).toBe('/sign-in'));
    expect(await screen.findByText('Successfully Logged Out')).toBeTruthy();
    expect(screen.getByText('You are now logged out, come back soon!')).toBeTruthy();
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('permitdesk.radar.sort')).toBe('-createdAt');
    expect(localStorage.getItem('permitdesk.session.tokens')).toBeNull();
  });

  it('has the signed-in mobile menu', async () => {
    renderAt(<Header />, '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile menu' });
    expect(within(menu).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Settings', '/profile'], ['Project Radar', '/project-radar'], ['View All permits', '/project-radar/search?status=HasPermit'],
      ['Compliance Center', '/compliance-center'],
    ]);
    expect(within(menu).getByRole('button', { name: 'Schedule Demo' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });
});

describe('Footer', () => {
  it('lists the SPEC links and the current year', () => {
    renderAt(<Footer />);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const href of ['/', '/sign-up/company', '/sign-up/individual', '/how-it-works', '/products', '/services', '/reset-password', '/support/faq.html', '/legal/privacy-policy.html', '/legal/terms-of-use.html', '/integration/permits']) {
      expect(hrefs).toContain(href);
    }
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()} PermitDesk`);
  });
});
