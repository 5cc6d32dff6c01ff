// /public-links (issue 13) through the real client and router (network faked at fetch): the owner sees
// each link's status, visits and last visit, opens a link's visits, creates a link of chosen items (the
// address shown once, with a copy button), and revokes one after confirming; a PM is told who may.
import type { ComplianceLink } from '@permitdesk/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, type Route } from '../../../test/fixtures.js';
import { company, documentation, indicators, license, renderCompliance, signInWith, signOutNow } from '../testing/compliance-fixtures.js';

const OWNED = company(11, 'Lakeside Roofing', 'owner');
const link = (id: number, overrides: Partial<ComplianceLink> = {}): ComplianceLink => ({
  id, companyId: 11, label: 'For the Smith kitchen', allItems: true, allowDownloads: true, items: [], status: 'active',
  expiresAt: '2027-02-24T10:00:00.000Z', revokedAt: null, createdAt: '2026-11-26T10:00:00.000Z', visitsCount: 2, downloadsCount: 1, lastVisitAt: '2026-11-26T12:30:00.000Z',
  ...overrides,
});

let net: ReturnType<typeof fakeNetwork>;
function network(role: 'owner' | 'pm', extra: Record<string, Route> = {}) {
  signInWith([{ ...OWNED, role }]);
  net = fakeNetwork({
    'GET /v4/companies': () => ({ body: [{ ...OWNED, role }] }),
    'GET /v4/indicators/companies': () => ({ body: [indicators(11)] }),
    'GET /v4/companies/11/compliance-links': () => ({ body: [link(5), link(4, { label: null, status: 'revoked', revokedAt: '2026-11-20T10:00:00.000Z', visitsCount: 0, downloadsCount: 0, lastVisitAt: null })] }),
    ...extra,
  });
}

afterEach(() => {
  signOutNow();
  vi.unstubAllGlobals();
});

describe('PublicLinksPage', () => {
  it('lists the links with status, visits and last visit, and shows a link\'s visits with their downloads', async () => {
    network('owner', {
      'GET /v4/companies/11/compliance-links/5': () => ({
        body: {
          link: link(5),
          visits: [
            { id: 2, visitedAt: '2026-11-26T12:30:00.000Z', place: 'Austin, Texas, US', network: '203.0.113.0/24', downloads: [{ kind: 'license', itemId: 7, fileName: 'license.pdf', downloadedAt: '2026-11-26T12:31:00.000Z', place: 'Austin, Texas, US' }] },
            { id: 1, visitedAt: '2026-11-26T11:00:00.000Z', place: null, network: '198.51.100.0/24', downloads: [] },
          ],
          otherDownloads: [],
        },
      }),
    });
    renderCompliance('/public-links?company=11');
    const table = await screen.findByRole('table', { name: 'Public links of this company' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('For the Smith kitchen');
    expect(rows[1]!.textContent).toContain('Active');
    expect(rows[1]!.textContent).toContain('(1 download)');
    expect(rows[2]!.textContent).toContain('Link #4');
    expect(rows[2]!.textContent).toContain('Revoked');
    expect(rows[2]!.textContent).toContain('Never');
    expect(within(rows[2]!).queryByRole('button', { name: /Revoke/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Visits of For the Smith kitchen' }));
    const visits = await screen.findByRole('table', { name: 'Visits of For the Smith kitchen' });
    expect(visits.textContent).toContain('Austin, Texas, US');
    expect(visits.textContent).toContain('license.pdf');
    expect(visits.textContent).toContain('Unknown place (network 198.51.100.0/24)');
  });

  it('creates a link of chosen items and shows its address once, with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    network('owner', {
      'GET /v4/companies/11/licenses': () => ({ body: [license(7, 'Roofing Contractor', { fileName: 'license.pdf', file: 'companies/11/license.pdf' })] }),
      'GET /v4/companies/11/insurances': () => ({ body: [] }),
      'GET /v4/companies/11/certificates': () => ({ body: [] }),
      'GET /v4/companies/11/documentations': () => ({ body: [documentation(9, 'W-9')] }),
      'POST /v4/companies/11/compliance-links': () => ({ body: { link: link(6), token: 'T'.repeat(43), url: `http://permitdesk.test/c/${'T'.repeat(43)}` } }),
    });
    renderCompliance('/public-links?company=11');
    const form = await screen.findByRole('form', { name: 'Create a public link' });
    await userEvent.type(within(form).getByLabelText('Label (optional)'), 'For the Smith kitchen');
    await userEvent.click(within(form).getByLabelText('Only the items I choose'));
    // Nothing chosen: the shared schema's message, no call.
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', 'Choose at least one item to share, or share the whole wallet.');
    await userEvent.click(await within(form).findByLabelText(/License: Roofing Contractor/));
    await userEvent.click(within(form).getByLabelText('Allow download of license.pdf'));
    await userEvent.selectOptions(within(form).getByLabelText('Expires after'), '30');
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));
    const address = await screen.findByLabelText('Link address');
    expect((address as HTMLInputElement).value).toBe(`http://permitdesk.test/c/${'T'.repeat(43)}`);
    const posted = net.calls.find((c) => c.method === 'POST' && c.url.pathname === '/v4/companies/11/compliance-links');
    expect(posted?.body).toEqual({ label: 'For the Smith kitchen', allItems: false, allowDownloads: true, items: [{ kind: 'license', id: 7, downloadable: false }], expiresInDays: 30 });
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`http://permitdesk.test/c/${'T'.repeat(43)}`);
    expect(await screen.findByText('The link is on your clipboard.')).toBeTruthy();
  });

  it('revokes a link after confirming', async () => {
    network('owner', { 'PUT /v4/companies/11/compliance-links/5/revoke': () => ({ body: link(5, { status: 'revoked', revokedAt: '2026-11-26T13:00:00.000Z' }) }) });
    renderCompliance('/public-links?company=11');
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke For the Smith kitchen' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'PUT' && c.url.pathname === '/v4/companies/11/compliance-links/5/revoke')).toBe(true));
    expect(await screen.findByText('For the Smith kitchen is revoked.')).toBeTruthy();
  });

  it('tells a PM that only an owner or an administrator shares public links', async () => {
    network('pm');
    renderCompliance('/public-links?company=11');
    expect(await screen.findByText('Only an owner or an administrator of this company can share public links.')).toBeTruthy();
    expect(net.calls.some((c) => c.url.pathname === '/v4/companies/11/compliance-links')).toBe(false);
  });
});
