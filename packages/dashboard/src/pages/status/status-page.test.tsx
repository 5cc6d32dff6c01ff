// /status/{token} (issue 16) through the real client and router (network faked at fetch): the permit in
// plain words (stage, steps with times, inspections, next step), no prices section unless given, the
// subscription request, the confirmation from the mailed link, the one page for a link that is gone,
// and the one-click unsubscribe page. No session is needed.
import { STATUS_LINK_MESSAGES } from '@permitdesk/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../test/fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import StatusPage from './status-page.js';
import UnsubscribePage from './unsubscribe-page.js';

const TOKEN = 'S'.repeat(43);
const PAGE = {
  taskName: 'Water Heater', address: '350 5th Ave, New York, NY 10118', municipalityName: 'City of New York', companyName: 'Lakeside Plumbing', permitNumber: 'NY-2026-000042',
  stage: 50, stageName: 'Open', status: 'open', statusLabel: 'Open', message: 'Your permit is open. Work may begin!', progress: 83.33,
  issuedAt: '2026-11-20T15:00:00.000Z', expiresAt: '2027-05-19T15:00:00.000Z', estCompletionAt: null,
  steps: [
    { stage: 10, stageName: 'Requested', at: '2026-11-02T14:05:00.000Z' },
    { stage: 30, stageName: 'Submitted', at: '2026-11-05T16:30:00.000Z' },
    { stage: 50, stageName: 'Open', at: '2026-11-20T15:00:00.000Z' },
  ],
  inspections: [
    { name: 'Rough plumbing', status: 'passed', scheduledAt: '2026-11-24T15:00:00.000Z', completedAt: '2026-11-24T16:00:00.000Z' },
    { name: 'Final', status: 'scheduled', scheduledAt: '2026-12-10T15:00:00.000Z', completedAt: null },
  ],
  next: { text: 'Next: the Final inspection.', expectedBy: '2026-12-10T15:00:00.000Z', turnaroundDays: null },
  prices: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('StatusPage', () => {
  it('shows where the permit is, every step with its time, inspections and what happens next; subscribes', async () => {
    const net = fakeNetwork({
      [`GET /v4/public/permit-status/${TOKEN}`]: () => ({ body: PAGE }),
      [`POST /v4/public/permit-status/${TOKEN}/subscriptions`]: () => ({ body: { message: STATUS_LINK_MESSAGES.subscribeSent } }),
    });
    renderRoute(<StatusPage />, '/status/:token', `/status/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Water Heater permit' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Where it is now: Open' })).toBeTruthy();
    expect(screen.getByText('Your permit is open. Work may begin!')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Requested.*2026.*(AM|PM)$/), expect.stringMatching(/^Rough plumbing.*Passed on/), expect.stringMatching(/^Final.*Scheduled for/)]),
    );
    expect(screen.getByText('Next: the Final inspection.')).toBeTruthy();
    expect(screen.getByText(/^Roughly by December 10th, 2026/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Costs' })).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    await userEvent.type(screen.getByLabelText('Your e-mail'), 'Lee@Home.example');
    await userEvent.click(screen.getByRole('button', { name: 'Email me updates' }));
    expect(await screen.findByText(STATUS_LINK_MESSAGES.subscribeSent)).toBeTruthy();
    expect(net.calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'Lee@Home.example' });
  });

  it('shows prices only when the link carries them', async () => {
    fakeNetwork({ [`GET /v4/public/permit-status/${TOKEN}`]: () => ({ body: { ...PAGE, prices: { projectValue: 2450, fees: [{ label: 'Plan review fee', amount: 187.5 }] } } }) });
    renderRoute(<StatusPage />, '/status/:token', `/status/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Costs' })).toBeTruthy();
    expect(screen.getByText('Value of the work: $2,450.00')).toBeTruthy();
    expect(screen.getByText('Plan review fee: $187.50')).toBeTruthy();
  });

  it('confirms a subscription from the mailed link once', async () => {
    const net = fakeNetwork({
      [`GET /v4/public/permit-status/${TOKEN}`]: () => ({ body: PAGE }),
      [`POST /v4/public/permit-status/${TOKEN}/subscriptions/confirm`]: () => ({ body: { message: STATUS_LINK_MESSAGES.confirmed } }),
    });
    renderRoute(<StatusPage />, '/status/:token', `/status/${TOKEN}?confirm=${'C'.repeat(43)}`);
    expect(await screen.findByText(STATUS_LINK_MESSAGES.confirmed)).toBeTruthy();
    await waitFor(() => expect(net.calls.filter((c) => c.url.pathname.endsWith('/confirm'))).toHaveLength(1));
    expect(net.calls.find((c) => c.url.pathname.endsWith('/confirm'))?.body).toEqual({ confirmToken: 'C'.repeat(43) });
  });

  it('shows one same page for a link that is gone', async () => {
    fakeNetwork({ [`GET /v4/public/permit-status/${TOKEN}`]: () => ({ status: 404, body: { message: STATUS_LINK_MESSAGES.unavailable, code: 'STATUS_LINK_UNAVAILABLE' } }) });
    renderRoute(<StatusPage />, '/status/:token', `/status/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This status page is no longer available' })).toBeTruthy();
  });

  it('unsubscribes in one click', async () => {
    const net = fakeNetwork({ [`POST /v4/public/permit-status/unsubscribe/${TOKEN}`]: () => ({ body: { message: STATUS_LINK_MESSAGES.unsubscribed } }) });
    renderRoute(<UnsubscribePage />, '/status/unsubscribe/:token', `/status/unsubscribe/${TOKEN}`);
    expect(await screen.findByText(STATUS_LINK_MESSAGES.unsubscribed)).toBeTruthy();
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
