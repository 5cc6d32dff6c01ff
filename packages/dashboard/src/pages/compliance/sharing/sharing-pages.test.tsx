// 'Shared with us' and 'Shared by us' (issue 13) through the real client and router (network faked at
// fetch): a received share lists its items with their live validity and a download button only where
// there is a file; a refused download shows the server's message and the page stops offering it; the
// owner's side opens an item's history with its downloads, and revokes after confirming.
import type { Invitation } from '@permitdesk/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, type Route } from '../../../test/fixtures.js';
import { company, indicators, insurance, license, renderCompliance, signInWith, signOutNow } from '../testing/compliance-fixtures.js';

const OURS = company(11, 'Beta Builders', 'owner');
const share = (status: number, actions: Invitation['actions']): Invitation => ({
  invitationId: 5, kind: 'SHARE_WALLET', status, source: 6, fromCompany: { id: 22, name: 'Alpha Roofing' }, toCompany: { id: 11, name: 'Beta Builders' },
  email: 'bea@beta.example', role: null, createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-21T10:00:00.000Z', side: 'recipient', actions,
});
const inFiveDays = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

function network(extra: Record<string, Route>) {
  signInWith([OURS]);
  return fakeNetwork({
    'GET /v4/companies': () => ({ body: [OURS] }),
    'GET /v4/indicators/companies': () => ({ body: [indicators(11)] }),
    ...extra,
  });
}

afterEach(() => {
  signOutNow();
  vi.unstubAllGlobals();
});

describe('SharedWithUsPage', () => {
  it('shows a received share\'s items with their validity; a refused download shows the server\'s message and is no longer offered', async () => {
    let status = 1;
    const open = vi.fn();
    vi.stubGlobal('open', open);
    network({
      'GET /v4/invitations/share-wallet': () => ({ body: { inbound: [share(status, status === 1 ? ['withdraw'] : [])], outbound: [] } }),
      'GET /v4/companies/11/vendors': () => ({ body: [] }),
      'GET /v4/companies/22/compliance/shared': () => (status === 1
        ? { body: { licenses: [license(7, 'Roofing Contractor', { companyId: 22, expiresOn: inFiveDays, fileName: 'license.pdf', file: 'companies/22/license.pdf' })], insurances: [insurance(8, 'General Liability', { companyId: 22 })], certificates: [] } }
        : { status: 404, body: { message: 'Nothing is shared with this company.', code: 'NOT_SHARED' } }),
      'GET /v4/s3/presigned': () => {
        status = 22;
        return { status: 403, body: { message: 'This company no longer shares this file with you.', code: 'SHARE_ENDED' } };
      },
    });
    renderCompliance('/shared-with-us?company=11');
    const card = await screen.findByRole('article', { name: 'Wallet share from Alpha Roofing' });
    await within(card).findByText('Roofing Contractor');
    expect(within(card).getByText('Approved')).toBeTruthy();
    expect(within(card).getByText('Expiring in 5 days')).toBeTruthy();
    // The insurance has no file: said so, and no button.
    expect(within(card).getByText('Missing file')).toBeTruthy();
    expect(within(card).getAllByRole('button', { name: /^Download/ }).map((b) => b.textContent)).toEqual(['license.pdf']);
    expect(within(card).getByRole('button', { name: 'Withdraw: Alpha Roofing' })).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Download license.pdf' }));
    expect(await within(card).findByText('This company no longer shares this file with you.')).toBeTruthy();
    await waitFor(() => expect(within(card).getByText('Revoked')).toBeTruthy());
    expect(within(card).queryByRole('button', { name: /^Download/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
  it('says plainly that a vendor shares nothing yet: its message, not an error alert', async () => {
    network({
      'GET /v4/invitations/share-wallet': () => ({ body: { inbound: [], outbound: [] } }),
      'GET /v4/companies/11/vendors': () => ({ body: [{ companyId: 11, vendorId: 33, vendor: { id: 33, name: 'Summit Plumbing', address: null }, status: 1, createdAt: '2026-11-20T10:00:00.000Z' }] }),
      'GET /v4/companies/33/compliance/shared': () => ({ status: 404, body: { message: 'Nothing is shared with this company.', code: 'NOT_SHARED' } }),
    });
    renderCompliance('/shared-with-us?company=11');
    const card = await screen.findByRole('article', { name: 'Vendor from Summit Plumbing' });
    expect(await within(card).findByText('Nothing is shared with this company.')).toBeTruthy();
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(within(card).queryByText('Unavailable')).toBeNull();
  });
});

describe('SharedByUsPage', () => {
  it('opens an item\'s history with who downloaded it, and revokes after confirming', async () => {
    const net = network({
      'GET /v4/invitations/share-wallet': () => ({ body: { inbound: [], outbound: [{ ...share(1, ['revoke']), fromCompany: { id: 11, name: 'Beta Builders' }, toCompany: { id: 33, name: 'Gamma General' }, side: 'sender' }] } }),
      'GET /v4/companies/11/vendor-fors': () => ({ body: [] }),
      'GET /v4/companies/11/compliance/shared': () => ({ body: { licenses: [license(7, 'Roofing Contractor', { fileName: 'license.pdf', file: 'companies/11/license.pdf' })], insurances: [], certificates: [] } }),
      'GET /v4/companies/11/compliance/license/7/history': () => ({
        body: {
          kind: 'license', itemId: 7, name: 'Roofing Contractor',
          versions: [{ documentId: 3, fileName: 'license.pdf', createdAt: '2026-11-20T10:00:00.000Z', current: true }],
          changes: [],
          downloads: [{ id: 1, downloadedAt: '2026-11-22T15:00:00.000Z', user: { name: 'Gail Gamma', email: 'gail@gamma.example' }, company: { id: 33, name: 'Gamma General' }, documentId: 3, fileName: 'license.pdf' }],
        },
      }),
      'PUT /v4/invitations/revoke/5/share-wallet': () => ({ body: { ...share(22, []), fromCompany: { id: 11, name: 'Beta Builders' }, toCompany: { id: 33, name: 'Gamma General' } } }),
    });
    renderCompliance('/shared-by-us?company=11');
    const card = await screen.findByRole('article', { name: 'Wallet share with Gamma General' });
    await userEvent.click(await within(card).findByRole('button', { name: 'History of Roofing Contractor' }));
    const downloads = await screen.findByRole('table', { name: 'Downloads of Roofing Contractor' });
    expect(downloads.textContent).toContain('Gail Gamma (gail@gamma.example)');
    expect(downloads.textContent).toContain('Gamma General');
    expect(downloads.textContent).toContain('license.pdf (version 1)');

    await userEvent.click(within(card).getByRole('button', { name: 'Revoke: Gamma General' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'PUT' && c.url.pathname === '/v4/invitations/revoke/5/share-wallet')).toBe(true));
  });
});
