// /companies-recent-updates with the header's Updates link beside it: the list, newest first with unread
// ones marked, and 'Mark all as read' clearing both the marks and the badge.
import type { ProjectUpdate } from '@permitdesk/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { UpdatesLink } from '../../layout/updates-link.js';
import { fakeNetwork, profile } from '../../test/fixtures.js';
import { renderAt } from '../../test/render.js';
import RecentUpdatesPage from './recent-updates-page.js';
import { forgetSession, signIn } from '../../test/session.js';

const update = (id: number, customerName: string, read: boolean): ProjectUpdate => ({
  id, permitId: 100 + id, projectId: 200 + id, customerName, message: 'Your permit was submitted to the municipality.', stage: 30, createdAt: `2026-03-0${id}T15:30:00.000Z`, read,
});

afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

it('marks every update read, clearing the marks and the Updates badge', async () => {
  localStorage.clear();
  signIn(profile({}, { '11': { name: 'Summit Roofing', role: 'owner' } }))
  let read = false;
  const net = fakeNetwork({
    'GET /v4/companies/11/project-updates': () => ({ body: [update(2, 'Baker', read), update(1, 'Adams', true)] }),
    'POST /v4/companies/11/project-updates/read': () => ((read = true), { body: { ok: true } }),
  });
  renderAt(
    <>
      <UpdatesLink />
      <RecentUpdatesPage />
    </>,
    '/companies-recent-updates',
  );
  expect(await screen.findByTestId('updates-badge')).toBeTruthy();
  expect(screen.getByTestId('updates-badge').textContent).toContain('1');
  expect(await screen.findByText('1 unread update.')).toBeTruthy();
  const baker = screen.getByRole('link', { name: 'Baker' }).closest('li')!;
  expect(baker.getAttribute('data-read')).toBe('false');
  expect(baker.textContent).toContain('new');
  expect(baker.textContent).toMatch(/March 2nd, 2026 at \d\d:30 (AM|PM)/);
  expect(screen.getByRole('link', { name: 'Baker' }).getAttribute('href')).toBe('/projects/202/102');

  await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
  expect(await screen.findByText('Everything is read.')).toBeTruthy();
  expect(net.calls.filter((c) => c.method === 'POST' && c.url.pathname === '/v4/companies/11/project-updates/read')).toHaveLength(1);
  expect(baker.getAttribute('data-read')).toBe('true');
  await waitFor(() => expect(screen.queryByTestId('updates-badge')).toBeNull());
  expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
});
