// /ops/funnel through the real client (network faked at fetch): the permit team sees the funnel's stages
// with counts and drop-out, each step's count, and narrows by date range and partner site.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../../test/fixtures.js';
import { renderRoute } from '../../radar/testing/render-route.js';
import FunnelPage from './funnel-page.js';
import { forgetSession, signIn } from '../../../test/session.js';

const report = (origin: string | null, scale = 1) => ({
  from: '2026-10-29', to: '2026-11-27', origin,
  origins: [{ origin: 'https://roofing.example', sessions: 120 }, { origin: 'https://solar.example', sessions: 80 }, { origin: 'https://app.platform.example', sessions: 40, name: 'Procore' }],
  steps: [
    { step: 'do-it-yourselfer', sessions: 60 * scale }, { step: 'contractor', sessions: 100 * scale },
    { step: 'sign-in', sessions: 30 * scale }, { step: 'sign-up', sessions: 90 * scale },
    { step: 'permit-started', sessions: 100 * scale }, { step: 'existing-customer', sessions: 40 * scale },
    { step: 'success-page', sessions: 45 * scale },
  ],
  stages: [
    { key: 'start', label: 'Chose a role or was recognised', sessions: 200 * scale, dropOut: null },
    { key: 'account', label: 'Signed in or signed up', sessions: 120 * scale, dropOut: 0.4 },
    { key: 'form', label: 'Started the permit request', sessions: 100 * scale, dropOut: 1 / 6 },
    { key: 'done', label: 'Submitted (success page)', sessions: 45 * scale, dropOut: 0.55 },
  ],
});

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('/ops/funnel', () => {
  it('shows the stages with counts and drop-out, the steps, and filters by range and partner site', async () => {
    const net = fakeNetwork({
      'GET /v4/operator/status': () => ({ body: { staff: true, role: 'operator' } }),
      'GET /v4/operator/funnel': (_req: Request, url: URL) => ({ body: report(url.searchParams.get('origin'), url.searchParams.get('origin') ? 0.5 : 1) }),
    });
    const user = userEvent.setup();
    renderRoute(<FunnelPage today={new Date('2026-11-27T12:00:00Z')} />, '/ops/funnel', '/ops/funnel');
    const stages = await screen.findByRole('list', { name: 'Funnel stages' });
    const items = within(stages).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]!.textContent).toContain('200 sessions');
    expect(items[0]!.textContent).not.toContain('dropped out');
    expect(items[1]!.textContent).toContain('40% dropped out since the step before');
    expect(items[3]!.textContent).toContain('55% dropped out');
    expect(items[3]!.querySelector('.ops-funnel__drop--high')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByText('existing-customer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Funnel' }).getAttribute('aria-current')).toBe('page');

    // The default range: the last 30 days up to today.
    const first = net.calls.find((c) => c.url.pathname === '/v4/operator/funnel')!;
    expect(first.url.searchParams.get('from')).toBe('2026-10-29');
    expect(first.url.searchParams.get('to')).toBe('2026-11-27');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(net.calls.some((c) => c.url.searchParams.get('from') === '2026-11-01')).toBe(true));

    // The construction platform by its name (PLATFORM_NAME), a partner by its origin.
    expect(screen.getByRole('option', { name: 'Procore · https://app.platform.example (40)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'https://solar.example (80)' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Partner site'), 'https://solar.example');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Funnel stages' })).getAllByRole('listitem')[0]!.textContent).toContain('100 sessions'));
    expect(net.calls.some((c) => c.url.searchParams.get('origin') === 'https://solar.example' && c.url.searchParams.get('from') === '2026-11-01')).toBe(true);
  });

  it('says so when nothing was recorded', async () => {
    const empty = report(null, 0);
    fakeNetwork({
      'GET /v4/operator/status': () => ({ body: { staff: true, role: 'operator' } }),
      'GET /v4/operator/funnel': () => ({ body: { ...empty, origins: [] } }),
    });
    renderRoute(<FunnelPage />, '/ops/funnel', '/ops/funnel');
    expect(await screen.findByText('No widget visits were recorded in this range.')).toBeTruthy();
  });
});
