// /companies/:id/activity through the real client and router (network faked at fetch): the owner's
// trail with the record named on each entry and pages by the x-pagination-* headers; a refusal shown.
import { PAGINATION_HEADERS, type AuditEntry } from '@permitdesk/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, profile } from '../../../test/fixtures.js';
import { renderRoute } from '../../radar/testing/render-route.js';
import CompanyActivityPage from './company-activity-page.js';
import { forgetSession, signIn } from '../../../test/session.js';

let net: ReturnType<typeof fakeNetwork>;
const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  occurredAt: '2026-11-26T15:00:00.000Z',
  actor: { name: 'Ann Lee', email: 'ann@example.com', role: 'customer' },
  entity: 'company',
  entityId: '11',
  action: 'updated',
  companyId: 11,
  permitId: null,
  customerVisible: false,
  before: { name: 'Acme' },
  after: { name: 'Acme Builders' },
  requestId: 'req-1',
  ...overrides,
});

beforeEach(() => {
  signIn(profile({}, { '11': { name: 'Acme Builders', role: 'owner' } }))
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

const open = () => renderRoute(<CompanyActivityPage />, '/companies/:id/activity', '/companies/11/activity');

describe('CompanyActivityPage', () => {
  it("shows the company's trail in words and pages through it", async () => {
    net = fakeNetwork({
      'GET /v4/companies/11/activity': (_request, url) => ({
        body: url.searchParams.get('page') === '2' ? [entry(1, { entity: 'vault_item', entityId: 'license:7', action: 'archived', before: { status: 'active' }, after: { status: 'archived' } })] : [entry(2)],
        headers: { [PAGINATION_HEADERS.index]: url.searchParams.get('page') ?? '1', [PAGINATION_HEADERS.size]: '50', [PAGINATION_HEADERS.totalCount]: '51' },
      }),
    });
    open();
    expect(await screen.findByText('Company #11: Updated')).toBeTruthy();
    expect(screen.getByText('Name: Acme → Acme Builders')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Vault item #license:7: Archived')).toBeTruthy();
    await waitFor(() => expect(net.calls.filter((c) => c.url.pathname === '/v4/companies/11/activity').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']));
  });

  it('reads as words, never as codes, ids or JSON (issue 18): the demo month as the owner sees it', async () => {
    net = fakeNetwork({
      'GET /v4/companies/11/activity': () => ({
        body: [
          entry(5, { entity: 'quote', entityId: 'Q-1', action: 'issued', before: null, after: { status: 'pending', total: 846.5, validUntil: '2026-12-11', lineItems: [{ label: 'City permit fee', amount: 412.5 }] } }),
          entry(4, { entity: 'permit', entityId: '247', action: 'esign_sent', before: null, after: { envelope: 'Owner authorization', signers: ['William Robinson'] } }),
          entry(3, { entity: 'permit', entityId: '248', action: 'status_link_created', before: null, after: { linkId: 1, label: 'Michael Lee (homeowner)', showPrices: false } }),
          entry(2, { entity: 'invitation', entityId: '2', action: 'status_changed', before: { kind: 'GUEST_ACCESS', status: 13, toCompanyId: null }, after: { kind: 'GUEST_ACCESS', status: 1, toCompanyId: 4 } }),
          entry(1, { entity: 'permit', entityId: '232', action: 'inspection_updated', before: { inspection: 'Rough-in', status: 'scheduled' }, after: { inspection: 'Rough-in', status: 'failed' } }),
        ],
        headers: { [PAGINATION_HEADERS.index]: '1', [PAGINATION_HEADERS.size]: '50', [PAGINATION_HEADERS.totalCount]: '5' },
      }),
    });
    open();
    const trail = await screen.findByRole('list', { name: 'Company activity' });
    for (const text of [
      'Status: Awaiting the customer', 'Total: $846.50', 'Valid until: 2026-12-11', 'Line items: City permit fee $412.50',
      'Signers: William Robinson', 'Label: Michael Lee (homeowner)', 'Show prices: No',
      'Status: Pending → Approved', 'Status: Scheduled → Failed',
    ]) expect(screen.getByText(text)).toBeTruthy();
    expect(trail.textContent).not.toMatch(/[[\]{}"]|Link id|To company id|: 13|→ 1\b|pending|scheduled/);
  });

  it("shows the server's refusal to someone who is not the owner", async () => {
    net = fakeNetwork({ 'GET /v4/companies/11/activity': () => ({ status: 403, body: { message: "Only the company's owner can see its activity.", code: 'OWNER_ONLY' } }) });
    open();
    expect(await screen.findByText(/Only the company's owner can see its activity\.|could not be loaded/)).toBeTruthy();
  });
});
