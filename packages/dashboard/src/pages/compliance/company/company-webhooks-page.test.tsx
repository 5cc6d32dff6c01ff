// /companies/:id/webhooks through the real client (network faked at fetch): the subscriptions, a create
// whose secret is shown once, the delivery log with each attempt's code, and Replay.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../../test/fixtures.js';
import { renderRoute } from '../../radar/testing/render-route.js';
import CompanyWebhooksPage from './company-webhooks-page.js';
import { forgetSession, signIn } from '../../../test/session.js';

const WID = '7d3f1c2e-1111-4222-8333-944455556666';
const DID = '0a1b2c3d-1111-4222-8333-944455556666';
const hook = { id: WID, companyId: 5, url: 'https://erp.example.com/hooks', events: ['permit.stage_changed'], description: 'Our ERP', createdAt: '2026-11-27T09:00:00.000Z' };
const delivery = {
  id: DID, eventId: 'e1', eventType: 'permit.stage_changed', status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null,
  createdAt: '2026-11-27T10:00:00.000Z', deliveredAt: '2026-11-27T10:00:31.000Z', body: '{}',
  log: [
    { attemptedAt: '2026-11-27T10:00:00.000Z', statusCode: 500, durationMs: 41, error: 'HTTP 500' },
    { attemptedAt: '2026-11-27T10:00:31.000Z', statusCode: 200, durationMs: 12, error: null },
  ],
};

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('/companies/:id/webhooks', () => {
  it('creates a webhook and shows its secret once, lists the delivery log with codes, and replays a delivery', async () => {
    let hooks: Record<string, unknown>[] = [hook];
    const net = fakeNetwork({
      'GET /v4/companies/5/webhooks': () => ({ body: hooks }),
      'POST /v4/companies/5/webhooks': () => {
        const made = { ...hook, id: '9d3f1c2e-1111-4222-8333-944455556666', url: 'https://crm.example.com/in', events: ['quote.issued'], description: null };
        hooks = [...hooks, made];
        return { body: { ...made, secret: 'whsec_only_once' } };
      },
      [`GET /v4/companies/5/webhooks/${WID}/deliveries`]: () => ({ body: [delivery] }),
      [`POST /v4/companies/5/webhooks/${WID}/deliveries/${DID}/replay`]: () => ({ body: { ...delivery, status: 'pending' } }),
    });
    const user = userEvent.setup();
    renderRoute(<CompanyWebhooksPage />, '/companies/:id/webhooks', '/companies/5/webhooks');
    expect(await screen.findByText('https://erp.example.com/hooks')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(within(log).getByText('500')).toBeTruthy();
    expect(within(log).getByText('200')).toBeTruthy();
    await user.click(within(log).getByRole('button', { name: new RegExp(`Replay permit.stage_changed delivery ${DID}`) }));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/replay'))).toBe(true));

    await user.type(screen.getByLabelText('Address (https://…)'), 'https://crm.example.com/in');
    await user.click(screen.getByRole('checkbox', { name: 'permit.created' }));
    await user.click(screen.getByRole('checkbox', { name: 'permit.stage_changed' }));
    await user.click(screen.getByRole('checkbox', { name: 'quote.issued' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const secret = await screen.findByRole('status', { name: 'Signing secret' });
    expect(within(secret).getByText('whsec_only_once')).toBeTruthy();
    const sent = net.calls.find((c) => c.method === 'POST' && c.url.pathname === '/v4/companies/5/webhooks')!;
    expect(sent.body).toMatchObject({ url: 'https://crm.example.com/in', events: ['quote.issued'] });
    expect(await screen.findByText('https://crm.example.com/in')).toBeTruthy();
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('whsec_only_once')).toBeNull();
  });
});
