// /ops/jobs through the real client (network faked at fetch): the permit team sees the jobs with their
// attempts and last error, filters by status, and retries a failed one.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../../test/fixtures.js';
import { renderRoute } from '../../radar/testing/render-route.js';
import JobsPage from './jobs-page.js';
import { forgetSession, signIn } from '../../../test/session.js';

const job = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id, kind: 'webhook.deliver', key: null, status, attempts: 1, lastError: null,
  runAt: '2026-11-27T10:00:00.000Z', createdAt: '2026-11-27T09:00:00.000Z', finishedAt: null, ...extra,
});
const paged = (items: unknown[]) => ({ body: items, headers: { 'x-pagination-index': '1', 'x-pagination-size': '50', 'x-pagination-totalcount': String(items.length) } });

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('/ops/jobs', () => {
  it('lists jobs with their last error, filters by status and retries a failed job', async () => {
    const failed = job(7, 'failed', { attempts: 8, lastError: 'HTTP 500 from https://hooks.example', finishedAt: '2026-11-27T11:00:00.000Z' });
    const net = fakeNetwork({
      'GET /v4/operator/status': () => ({ body: { staff: true, role: 'operator' } }),
      'GET /v4/operator/jobs': (_req: Request, url: URL) => paged(url.searchParams.get('status') === 'failed' ? [failed] : [job(8, 'pending'), failed]),
      'POST /v4/operator/jobs/7/retry': () => ({ body: job(7, 'pending', { attempts: 0 }) }),
    });
    const user = userEvent.setup();
    renderRoute(<JobsPage />, '/ops/jobs', '/ops/jobs');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('HTTP 500 from https://hooks.example')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Jobs' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Show'), 'failed');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(net.calls.some((c) => c.url.searchParams.get('status') === 'failed')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Retry job 7' }));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'POST' && c.url.pathname === '/v4/operator/jobs/7/retry')).toBe(true));
  });
});
