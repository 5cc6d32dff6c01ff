// Settings' 'Show the guided tours again': forgets the seen tours on the server and in this browser.
import { SAVED_VIEW_KEYS } from '@permitdesk/core/client';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, profile } from '../../test/fixtures.js';
import { renderAt } from '../../test/render.js';
import ProfilePage, { TOURS_RESET_LABEL } from './profile-page.js';
import { forgetSession, signIn } from '../../test/session.js';

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ProfilePage guided tours', () => {
  it('brings the tours back for this user: DELETE on the server, and forgotten here', async () => {
    localStorage.setItem(SAVED_VIEW_KEYS.guidedToursSeen, JSON.stringify(['radar']));
    const net = fakeNetwork({ 'DELETE /v4/account/tours': () => ({ body: { seen: [] } }) });
    renderAt(<ProfilePage />, '/profile');
    await userEvent.click(screen.getByRole('button', { name: TOURS_RESET_LABEL }));
    expect(await screen.findByText('The guided tours will show again.')).toBeTruthy();
    expect(net.calls.filter((c) => c.method === 'DELETE' && c.url.pathname === '/v4/account/tours')).toHaveLength(1);
    expect(localStorage.getItem(SAVED_VIEW_KEYS.guidedToursSeen)).toBeNull();
  });

  it('says so when the server does not answer, and keeps what this browser knows', async () => {
    localStorage.setItem(SAVED_VIEW_KEYS.guidedToursSeen, JSON.stringify(['radar']));
    fakeNetwork({ 'DELETE /v4/account/tours': () => ({ status: 500, body: { message: 'Down', code: 'X' } }) });
    renderAt(<ProfilePage />, '/profile');
    await userEvent.click(screen.getByRole('button', { name: TOURS_RESET_LABEL }));
    expect(await screen.findByText('The guided tours could not be reset. Please try again.')).toBeTruthy();
    expect(localStorage.getItem(SAVED_VIEW_KEYS.guidedToursSeen)).toBe('["radar"]');
  });
});
