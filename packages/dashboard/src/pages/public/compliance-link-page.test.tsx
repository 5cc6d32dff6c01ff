// /c/{token} (issue 13) through the real client and router (network faked at fetch): the company's items
// with their live status words, the link's expiry, a download through the public endpoint (the visit's
// key sent along), and the one page for a link that is gone. No session is needed.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../test/fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import ComplianceLinkPage from './compliance-link-page.js';

const TOKEN = 'A'.repeat(43);
const item = (overrides: Record<string, unknown>) => ({ kind: 'license', id: 7, name: 'Roofing Contractor', number: 'RC-5521', issuer: 'TDLR', stateCode: 'TX', expiresOn: '2028-01-01', state: 'valid', daysLeft: 400, fileName: 'license.pdf', downloadable: true, ...overrides });
const LINK = {
  company: { name: 'Lakeside Roofing' }, label: 'For the Smith kitchen', expiresAt: '2027-02-24T10:00:00.000Z', visit: 'visit-1',
  items: [
    item({}),
    item({ kind: 'insurance', id: 8, name: 'General Liability', number: null, expiresOn: '2026-12-06', state: 'expiring', daysLeft: 10, fileName: 'coi.pdf', downloadable: false }),
    item({ kind: 'certificate', id: 9, name: 'OSHA 30-Hour', number: null, issuer: null, stateCode: null, expiresOn: '2026-11-20', state: 'expired', daysLeft: -6, fileName: null, downloadable: false }),
    item({ kind: 'documentation', id: 10, name: 'W-9', number: null, issuer: null, stateCode: null, expiresOn: null, state: 'missing', daysLeft: null, fileName: null, downloadable: false }),
  ],
};

afterEach(() => vi.unstubAllGlobals());
const open = () => renderRoute(<ComplianceLinkPage />, '/c/:token', `/c/${TOKEN}`);

describe('ComplianceLinkPage', () => {
  it('shows each item with its live status and the link\'s expiry, and downloads an allowed file', async () => {
    const net = fakeNetwork({
      [`GET /v4/public/compliance-links/${TOKEN}`]: () => ({ body: LINK }),
      [`POST /v4/public/compliance-links/${TOKEN}/downloads`]: () => ({ body: { url: 'http://permitdesk.test/files/x?sig=1', expiresAt: '2026-11-26T13:00:00.000Z' } }),
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.href} ${this.download} ${this.rel}`);
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Lakeside Roofing' })).toBeTruthy();
    expect(screen.getByText('For the Smith kitchen')).toBeTruthy();
    for (const words of ['Valid', 'Expiring in 10 days', 'Expired', 'Missing file']) expect(screen.getByText(words)).toBeTruthy();
    expect(screen.getByText(/This link expires on/).textContent).toMatch(/2027/);
    expect(screen.getByText('View only')).toBeTruthy();
    expect(screen.getByText('in 10 days')).toBeTruthy();
    expect(screen.getByText('6 days ago')).toBeTruthy();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    await userEvent.click(screen.getByRole('button', { name: 'Download license.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['http://permitdesk.test/files/x?sig=1 license.pdf noreferrer noopener']));
    expect(net.calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'license', id: 7, visit: 'visit-1' });
    click.mockRestore();
  });

  it('shows one page for a link that is no longer available', async () => {
    fakeNetwork({ [`GET /v4/public/compliance-links/${TOKEN}`]: () => ({ status: 404, body: { message: 'This link is no longer available.', code: 'LINK_UNAVAILABLE' } }) });
    open();
    expect(await screen.findByRole('heading', { name: 'This link is no longer available' })).toBeTruthy();
  });
});
