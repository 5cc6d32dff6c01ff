// The compliance layout (SPEC §2.9) through the real client, store and router (network faked at fetch):
// sidebar order and labels, sections and their indicators, the add-company form, the 500 ms collapse,
// and vendor mode.
import { TIMINGS } from '@permitdesk/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, type Route } from '../../../test/fixtures.js';
import { company, indicators, renderCompliance, signInWith, signOutNow } from '../testing/compliance-fixtures.js';

const COMPANIES = [
  company(14, 'zeta Observers', 'user'),
  company(12, 'Beta Admins', 'administrator'),
  company(11, 'Summit Roofing', 'owner'),
  company(15, 'Alpha PM', 'pm'),
  company(13, 'Acme Admin', 'administrator'),
];

let net: ReturnType<typeof fakeNetwork>;
const calls = (method: string, path: string) => net.calls.filter((c) => c.method === method && c.url.pathname === path);

function network(extra: Record<string, Route> = {}, list = COMPANIES) {
  net = fakeNetwork({
    'GET /v4/companies': () => ({ body: list }),
    'GET /v4/indicators/companies': (_, url) => ({
      body: url.searchParams.get('ids')!.split(',').map((id) => indicators(Number(id), Number(id) === 11 ? { license: true, insurance: false, certificate: null, agreement: false } : {})),
    }),
    'GET /v4/credentials': () => ({ body: [] }),
    ...extra,
  });
}

afterEach(() => {
  signOutNow();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const sidebar = () => screen.getByRole('complementary', { name: 'Compliance companies' });

describe('compliance sidebar', () => {
  it('lists Owner companies first, then Administrator, then the others, each by name, labelling Owner and Administrator', async () => {
    signInWith(COMPANIES, '11');
    network();
    renderCompliance('/compliance-center');
    const list = await within(sidebar()).findByRole('list', { name: 'Companies' });
    const entries = [...list.querySelectorAll<HTMLButtonElement>('button.sidebar__company-toggle')];
    expect(entries.map((b) => b.querySelector('.sidebar__company-name')!.textContent)).toEqual(['Summit Roofing', 'Acme Admin', 'Beta Admins', 'Alpha PM', 'zeta Observers']);
    expect(entries.map((b) => b.querySelector('.role-label')?.textContent ?? null)).toEqual(['Owner', 'Administrator', 'Administrator', null, null]);
  });

  it("says 'There are no companies to display' without companies", async () => {
    signInWith([]);
    network({}, []);
    renderCompliance('/compliance-center');
    expect(await within(sidebar()).findByText('There are no companies to display')).toBeTruthy();
  });

  it('expands a company to its sections in order, links carrying the company, and an indicator on every vault tab, red when all has expired (issue 16: never hidden)', async () => {
    signInWith(COMPANIES, '11');
    network();
    renderCompliance('/compliance-center');
    const nav = await within(sidebar()).findByRole('list', { name: 'Summit Roofing sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.querySelector('span')!.textContent)).toEqual(['Company Profile', 'Users', 'Licenses', 'Insurance', 'Certifications', 'Documentation', 'Assigned Projects', 'Access', 'Public links', 'Shared with us', 'Shared by us']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/companies/11/profile', '/users?company=11', '/licenses?company=11', '/insurances?company=11', '/certificates?company=11',
      '/documentations?company=11', '/assigned-projects?company=11', '/access?company=11', '/public-links?company=11', '/shared-with-us?company=11', '/shared-by-us?company=11',
    ]);
    // Every kind shows its colour: license true and certificate unknown green; insurance and agreement false red.
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Licenses (Up to date)' })).toBeTruthy());
    expect(within(nav).getByRole('link', { name: 'Insurance (Expired)' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Certifications (Up to date)' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Documentation (Expired)' })).toBeTruthy();
    expect(within(sidebar()).getByRole('switch', { name: 'Vendors of Summit Roofing' }).getAttribute('aria-checked')).toBe('false');
    // Another company opens on click.
    await userEvent.click(within(sidebar()).getByRole('button', { name: /Acme Admin/ }));
    expect(within(sidebar()).getByRole('list', { name: 'Acme Admin sections' })).toBeTruthy();
    expect(calls('GET', '/v4/indicators/companies')[0]!.url.searchParams.get('ids')).toBe('11,12,13,14,15');
  });

  it("adds a company with 'Add a New Company': a taken name is refused, a new one created with the SPEC toasts", async () => {
    signInWith(COMPANIES, '11');
    let created = false;
    network({
      'GET /v4/lookup/company-info': (_, url) => ({ body: url.searchParams.get('key') === 'Summit Roofing' ? [{ id: 11, name: 'Summit Roofing' }] : [] }),
      'POST /v4/companies': () => {
        if (created) return { status: 500, body: { message: 'Database down', code: 'INTERNAL' } };
        created = true;
        return { body: company(21, 'Peak Solar', 'owner') };
      },
      'POST /auth/refresh': () => ({ status: 401, body: { message: 'no', code: 'NO' } }),
    });
    const view = renderCompliance('/compliance-center');
    await userEvent.click(await within(sidebar()).findByTitle('Add a New Company'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a New Company' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(calls('POST', '/v4/companies')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Company Name'), 'Summit Roofing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(await within(dialog).findByText('Company name has already been taken, please try another name!')).toBeTruthy();
    expect(calls('POST', '/v4/companies')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Company Name'));
    await userEvent.type(within(dialog).getByLabelText('Company Name'), 'Peak Solar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('The company has been created successfully.')).toBeTruthy();
    expect(calls('POST', '/v4/companies')[0]!.body).toMatchObject({ name: 'Peak Solar' });
    await waitFor(() => expect(view.location()).toBe('/companies/21/profile'));

    await userEvent.click(await within(sidebar()).findByTitle('Add a New Company'));
    const again = await screen.findByRole('dialog', { name: 'Add a New Company' });
    await userEvent.type(within(again).getByLabelText('Company Name'), 'Another One');
    await userEvent.click(within(again).getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Cannot create a new company!')).toBeTruthy();
  });

  it('closes and opens the sidebar with the 500 ms collapse animation', async () => {
    signInWith(COMPANIES, '11');
    network();
    renderCompliance('/compliance-center');
    await within(sidebar()).findByRole('list', { name: 'Companies' });
    vi.useFakeTimers();
    const toggle = screen.getByRole('button', { name: 'Hide companies' });
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const layout = document.querySelector('.compliance')!;
    expect(layout.getAttribute('data-sidebar')).toBe('closing');
    expect(document.getElementById('compliance-sidebar')!.hidden).toBe(false);
    act(() => vi.advanceTimersByTime(TIMINGS.sidebarCollapseMs - 1));
    expect(document.getElementById('compliance-sidebar')!.hidden).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(layout.getAttribute('data-sidebar')).toBe('closed');
    expect(document.getElementById('compliance-sidebar')!.hidden).toBe(true);
    expect((layout as HTMLElement).style.getPropertyValue('--pd-sidebar-ms')).toBe('500ms');

    act(() => screen.getByRole('button', { name: 'Show companies' }).click());
    expect(layout.getAttribute('data-sidebar')).toBe('opening');
    expect(document.getElementById('compliance-sidebar')!.hidden).toBe(false);
    act(() => vi.advanceTimersByTime(TIMINGS.sidebarCollapseMs));
    expect(layout.getAttribute('data-sidebar')).toBe('open');
  });
});

describe('vendor mode', () => {
  const vendors = [company(31, 'Bright Electric', null), company(32, 'Clear Plumbing', null)];

  it('switches to the vendors of a company: Back, vendor search (size 20, page 1, +customerName), Messages instead of Users and Access, links with vendor-for', async () => {
    signInWith(COMPANIES, '11');
    network({
      'GET /v4/lookup/vendors': (_, url) => ({
        body: vendors.filter((v) => v.name.toLowerCase().includes((url.searchParams.get('keyword') ?? '').toLowerCase())),
        headers: { 'x-pagination-index': '1', 'x-pagination-size': '20', 'x-pagination-totalcount': '2' },
      }),
    });
    const view = renderCompliance('/compliance-center?company=11');
    await userEvent.click(await within(sidebar()).findByRole('switch', { name: 'Vendors of Summit Roofing' }));
    await waitFor(() => expect(view.location()).toBe('/compliance-center?vendor-for=11'));
    expect(within(sidebar()).getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/compliance-center?company=11');
    expect(within(sidebar()).getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(await within(sidebar()).findByText('Bright Electric')).toBeTruthy();
    const lookup = calls('GET', '/v4/lookup/vendors')[0]!.url.searchParams;
    expect([lookup.get('size'), lookup.get('page'), lookup.get('sort')]).toEqual(['20', '1', '+customerName']);

    await userEvent.type(within(sidebar()).getByLabelText('Search vendors'), 'clear');
    await waitFor(() => expect(within(sidebar()).queryByText('Bright Electric')).toBeNull());
    expect(calls('GET', '/v4/lookup/vendors').at(-1)!.url.searchParams.get('keyword')).toBe('clear');
    await userEvent.click(within(sidebar()).getByRole('button', { name: /Clear Plumbing/ }));
    const nav = within(sidebar()).getByRole('list', { name: 'Clear Plumbing sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.querySelector('span')!.textContent)).toEqual(['Company Profile', 'Messages', 'Licenses', 'Insurance', 'Certifications', 'Documentation', 'Assigned Projects']);
    expect(links.map((a) => a.getAttribute('href'))).toContain('/licenses?company=32&vendor-for=11');
    expect(links[0]!.getAttribute('href')).toBe('/companies/32/profile?vendor-for=11');
    expect(calls('GET', '/v4/indicators/companies').some((c) => c.url.searchParams.get('vendor-for') === '11')).toBe(true);

    await userEvent.click(within(sidebar()).getByRole('link', { name: /Back/ }));
    await waitFor(() => expect(view.location()).toBe('/compliance-center?company=11'));
    expect(await within(sidebar()).findByRole('list', { name: 'Companies' })).toBeTruthy();
  });

  it('offers the personal account its own Vendors switch (vendor-for=Individual)', async () => {
    signInWith(COMPANIES, '11');
    network({ 'GET /v4/lookup/vendors': () => ({ body: vendors, headers: { 'x-pagination-index': '1', 'x-pagination-size': '20', 'x-pagination-totalcount': '2' } }) });
    const view = renderCompliance('/compliance-center');
    await userEvent.click(await within(sidebar()).findByRole('switch', { name: 'Vendors of Personal' }));
    await waitFor(() => expect(view.location()).toBe('/compliance-center?vendor-for=Individual'));
    expect(within(sidebar()).getByRole('heading', { name: 'Vendors of Personal' })).toBeTruthy();
    await userEvent.click(await within(sidebar()).findByRole('button', { name: /Bright Electric/ }));
    expect(within(sidebar()).getByRole('link', { name: /^Licenses/ }).getAttribute('href')).toBe('/licenses?company=31&vendor-for=Individual');
    expect(within(sidebar()).getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/compliance-center');
  });

  it("shows 'Failed to Lookup Vendors' when the vendor search fails", async () => {
    signInWith(COMPANIES, '11');
    network({ 'GET /v4/lookup/vendors': () => ({ status: 500, body: { message: 'Down', code: 'INTERNAL' } }) });
    renderCompliance('/compliance-center?vendor-for=11');
    expect(await screen.findByText('Failed to Lookup Vendors')).toBeTruthy();
    expect(screen.getByText('Unfortunately we were unable to lookup Vendors.')).toBeTruthy();
    expect(within(sidebar()).getByText('No Matches Found')).toBeTruthy();
  });
});
