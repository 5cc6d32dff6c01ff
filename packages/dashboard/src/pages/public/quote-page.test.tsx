// /quote/{quoteId} without the accounting agent's query (issue 12): the permit team's quote, read by the
// signed-in customer — sign-in first when signed out (the page is remembered), line items and total,
// accept (the order shown), decline with a reason, and the server's 409 for an expired quote.
import type { PermitQuote } from '@permitdesk/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../session/redirect-memory.js';
import { fakeNetwork } from '../../test/fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import QuotePage from './quote-page.js';
import { forgetSession, signIn } from '../../test/session.js';

let net: ReturnType<typeof fakeNetwork>;
const quote = (overrides: Partial<PermitQuote> = {}): PermitQuote => ({
  quoteId: 'Q-ABCDEFGH23', permitId: 7, projectId: 3, customerName: 'Hannah Homeowner', taskName: 'Water heater', municipalityName: 'New York',
  status: 'pending', total: 479.99,
  lineItems: [{ label: 'Permit filing service', amount: 350 }, { label: 'Municipal fee (estimate)', amount: 129.99 }],
  validUntil: '2026-12-10', orderId: null, answeredAt: null, declineReason: null, createdAt: '2026-11-26T15:00:00.000Z', ...overrides,
});
const open = () => renderRoute(<QuotePage />, '/quote/:quoteId', '/quote/Q-ABCDEFGH23');

beforeEach(() => localStorage.clear());
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('the permit team quote page', () => {
  it('sends a signed-out visitor to sign in first and remembers the quote', async () => {
    net = fakeNetwork({});
    const view = open();
    await screen.findByText('elsewhere');
    expect(view.location()).toBe('/sign-in');
    expect(localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBe('/quote/Q-ABCDEFGH23');
    expect(net.calls).toHaveLength(0);
  });

  it('shows the line items and total, and accepting shows the order', async () => {
    signIn();
    net = fakeNetwork({
      'GET /v4/quotes/Q-ABCDEFGH23': () => ({ body: quote() }),
      'POST /v4/quotes/Q-ABCDEFGH23/accept': () => ({ body: quote({ status: 'accepted', orderId: 'ORD-7K2M9X4P3Q', answeredAt: '2026-11-26T16:00:00.000Z' }) }),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Quote Q-ABCDEFGH23' })).toBeTruthy();
    expect(screen.getByText('Water heater permit for Hannah Homeowner, New York')).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Line items of quote Q-ABCDEFGH23' });
    expect(within(lines).getByText('Permit filing service')).toBeTruthy();
    expect(within(lines).getByText('$129.99')).toBeTruthy();
    expect(screen.getByText('Awaiting your answer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the permit' }).getAttribute('href')).toBe('/projects/3/7');
    await userEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));
    expect(await screen.findByText('ORD-7K2M9X4P3Q')).toBeTruthy();
    expect(screen.getByText('Accepted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the quote' })).toBeNull();
    expect(net.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/v4/quotes/Q-ABCDEFGH23/accept']);
  });

  it('declines with a reason', async () => {
    signIn();
    net = fakeNetwork({
      'GET /v4/quotes/Q-ABCDEFGH23': () => ({ body: quote() }),
      'POST /v4/quotes/Q-ABCDEFGH23/decline': () => ({ body: quote({ status: 'declined', declineReason: 'Too expensive.' }) }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await user.type(screen.getByLabelText('Why are you declining? (optional)'), 'Too expensive.');
    await user.click(screen.getByRole('button', { name: 'Decline the quote' }));
    expect(await screen.findByText('Declined')).toBeTruthy();
    expect(net.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Too expensive.' });
  });

  it("shows the server's refusal of an expired quote", async () => {
    signIn();
    net = fakeNetwork({
      'GET /v4/quotes/Q-ABCDEFGH23': () => ({ body: quote() }),
      'POST /v4/quotes/Q-ABCDEFGH23/accept': () => ({ status: 409, body: { message: 'This quote has expired.', code: 'QUOTE_EXPIRED' } }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the quote' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This quote has expired.');
  });

  it('offers a way on when the quote is not theirs', async () => {
    signIn();
    net = fakeNetwork({ 'GET /v4/quotes/Q-ABCDEFGH23': () => ({ status: 404, body: { message: 'Quote not found.', code: 'QUOTE_NOT_FOUND' } }) });
    open();
    expect(await screen.findByText('Quote not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeTruthy();
  });
});
