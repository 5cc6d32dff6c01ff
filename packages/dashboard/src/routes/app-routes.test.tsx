// The declarative routes around the guards: real lazily loaded pages, titles and chrome from the
// route table, the session refreshed before a guard decides, and the error page.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { sessionStore } from '../session/session.js';
import { LocationProbe, type LocationRecord } from '../test/location-probe.js';
import { fakeNetwork, profile, tokens } from '../test/fixtures.js';
import { WithQueryClient } from '../test/render.js';
import { AppRoutes, type PageRenderer } from './router.js';

/** Renders the routes at `path`. The act() is awaited: a render that suspends on use() (a page module,
 *  the session refresh) is only retried when its act scope is awaited. */
async function openAt(path: string, renderPage?: PageRenderer): Promise<() => string> {
  const record: LocationRecord = { current: path };
  await act(async () => {
    render(
      <WithQueryClient>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes {...(renderPage ? { renderPage } : {})} />
          <LocationProbe record={record} />
        </MemoryRouter>
      </WithQueryClient>,
    );
  });
  return () => record.current;
}

const named: PageRenderer = (route) => <p>page {route.path}</p>;

beforeEach(() => {
  localStorage.clear();
  document.title = '';
});
afterEach(async () => {
  cleanup();
  fakeNetwork({ 'POST /auth/sign-out': () => ({ body: { ok: true } }) });
  await sessionStore.getState().logout('user');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('pages', () => {
  it('loads the real page module of an unknown path after the redirect to /404, with its title', async () => {
    const location = await openAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(location()).toBe('/404');
    await waitFor(() => expect(document.title).toBe('Page not found · PermitDesk'));
  });

  it('shows the header and footer except on the bare embed pages', async () => {
    await openAt('/support', named);
    await screen.findByText('page /support');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    cleanup();
    await openAt('/embed', named);
    await screen.findByText('page /embed');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Permit lookup · PermitDesk'));
  });
});

describe('the guard and the session', () => {
  it('refreshes an expired token before deciding, then lets the signed-in user in', async () => {
    const net = fakeNetwork({
      'POST /auth/refresh': () => ({ body: { tokens: tokens(), profile: profile() } }),
      'POST /auth/sign-out': () => ({ body: { ok: true } }),
    });
    sessionStore.getState().login({ ...tokens(), expiresAt: Date.now() - 60_000 }, profile());
    sessionStore.getState().stopAutoRefresh();
    const location = await openAt('/profile', named);
    expect(await screen.findByText('page /profile')).toBeTruthy();
    expect(location()).toBe('/profile');
    expect(net.calls.filter((call) => call.url.pathname === '/auth/refresh')).toHaveLength(1);
    expect(sessionStore.getState().isExpired()).toBe(false);
  });
});

describe('errors', () => {
  it('shows the error page when a page throws, and clears it on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('The page broke');
    };
    const location = await openAt('/support', (route) => (route.path === '/support' ? <Broken /> : named(route)));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The page broke')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Go home' }));
    // '/' sends the anonymous visitor on to /sign-in.
    expect(await screen.findByText('page /sign-in')).toBeTruthy();
    expect(location()).toBe('/sign-in');
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
