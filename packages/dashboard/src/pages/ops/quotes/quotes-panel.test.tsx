// The permit desk's quotes panel through the real client (network faked at fetch): the list with each
// quote's status and line items, and issuing a quote (line items added and removed, checked before it
// is sent, the server's refusal shown).
import type { PermitQuote } from '@permitdesk/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../../test/fixtures.js';
import { renderAt } from '../../../test/render.js';
import { QuotesPanel } from './quotes-panel.js';
import { forgetSession, signIn } from '../../../test/session.js';

const quote = (overrides: Partial<PermitQuote> = {}): PermitQuote => ({
  quoteId: 'Q-ABCDEFGH23',
  permitId: 7,
  projectId: 3,
  customerName: 'Hannah Homeowner',
  taskName: 'Water heater',
  municipalityName: 'New York',
  status: 'pending',
  total: 479.99,
  lineItems: [
    { label: 'Permit filing service', amount: 350 },
    { label: 'Municipal fee (estimate)', amount: 129.99 },
  ],
  validUntil: '2026-12-10',
  orderId: null,
  answeredAt: null,
  declineReason: null,
  createdAt: '2026-11-26T15:00:00.000Z',
  ...overrides,
});

let net: ReturnType<typeof fakeNetwork>;

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('QuotesPanel', () => {
  it("lists the permit's quotes with status, total and line items", async () => {
    net = fakeNetwork({
      'GET /v4/operator/permits/7/quotes': () => ({ body: [quote(), quote({ quoteId: 'Q-OLDER23456', status: 'declined', declineReason: 'Too expensive', total: 100, lineItems: [{ label: 'Service', amount: 100 }] })] }),
    });
    renderAt(<QuotesPanel permitId={7} />);
    const list = await screen.findByRole('list', { name: 'Issued quotes' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Awaiting the customer');
    expect(items[0]!.textContent).toContain('$479.99');
    const lines = within(items[0]!).getByRole('table', { name: 'Line items of quote Q-ABCDEFGH23' });
    expect(within(lines).getByText('Municipal fee (estimate)')).toBeTruthy();
    expect(within(lines).getByText('$129.99')).toBeTruthy();
    expect(items[1]!.textContent).toContain('Declined');
    expect(items[1]!.textContent).toContain('Reason given: Too expensive');
  });

  it('refuses a quote without a description before sending anything', async () => {
    net = fakeNetwork({ 'GET /v4/operator/permits/7/quotes': () => ({ body: [] }) });
    const user = userEvent.setup();
    renderAt(<QuotesPanel permitId={7} />);
    expect(await screen.findByText('No quote has been issued for this permit.')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount (USD)'), '120');
    await user.click(screen.getByRole('button', { name: 'Issue the quote' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Each line item needs a description.');
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('issues a quote with two line items (one removed), shows the total and tells the desk', async () => {
    const issued = quote({ quoteId: 'Q-NEWQUOTE23', total: 470.5, lineItems: [{ label: 'Filing', amount: 350 }, { label: 'Fee', amount: 120.5 }] });
    const stored: PermitQuote[] = [];
    net = fakeNetwork({
      'GET /v4/operator/permits/7/quotes': () => ({ body: stored }),
      'POST /v4/operator/permits/7/quotes': () => {
        stored.push(issued);
        return { body: issued };
      },
    });
    const onChanged = vi.fn();
    const user = userEvent.setup();
    renderAt(<QuotesPanel permitId={7} onChanged={onChanged} />);
    await screen.findByText('No quote has been issued for this permit.');
    const descriptions = () => screen.getAllByLabelText('Description');
    const amounts = () => screen.getAllByLabelText('Amount (USD)');
    await user.type(descriptions()[0]!, 'Filing');
    await user.type(amounts()[0]!, '350');
    await user.click(screen.getByRole('button', { name: 'Add a line item' }));
    await user.type(descriptions()[1]!, 'Mistake');
    await user.type(amounts()[1]!, '5');
    await user.click(screen.getByRole('button', { name: 'Add a line item' }));
    await user.type(descriptions()[2]!, 'Fee');
    await user.type(amounts()[2]!, '120.50');
    await user.click(screen.getByRole('button', { name: 'Remove line item 2' }));
    expect(screen.getByText('Total $470.50')).toBeTruthy();
    const validUntil = screen.getByLabelText('Valid until') as HTMLInputElement;
    await user.clear(validUntil);
    await user.type(validUntil, '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Issue the quote' }));
    expect((await screen.findByRole('status')).textContent).toBe('Quote Q-NEWQUOTE23 for $470.50 was sent to the customer.');
    const post = net.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ lineItems: [{ label: 'Filing', amount: 350 }, { label: 'Fee', amount: 120.5 }], validUntil: '2026-12-31' });
    expect(onChanged).toHaveBeenCalledTimes(1);
    const list = await screen.findByRole('list', { name: 'Issued quotes' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it("shows the server's refusal", async () => {
    net = fakeNetwork({
      'GET /v4/operator/permits/7/quotes': () => ({ body: [] }),
      'POST /v4/operator/permits/7/quotes': () => ({ status: 400, body: { message: 'Valid until must be today or a later date.', code: 'QUOTE_VALID_UNTIL_PAST' } }),
    });
    const user = userEvent.setup();
    renderAt(<QuotesPanel permitId={7} />);
    await screen.findByText('No quote has been issued for this permit.');
    await user.type(screen.getByLabelText('Description'), 'Filing');
    await user.type(screen.getByLabelText('Amount (USD)'), '10');
    await user.click(screen.getByRole('button', { name: 'Issue the quote' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Valid until must be today or a later date.');
  });
});
