// /sign-up/invite: an invited address that has an account (a user invitation makes one with a temporary
// password) opens on Sign In, prefilled and locked (SPEC §2.6); a new address opens on Create account.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveInvitationQuery, saveLoginNotice } from '../../session/redirect-memory.js';
import { fakeNetwork } from '../../test/fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import SignUpInvitePage from './sign-up-invite-page.js';

const open = () => renderRoute(<SignUpInvitePage />, '/sign-up/invite', '/sign-up/invite');
const exists = (found: boolean) => (_request: Request, url: URL) => ({ body: { email: decodeURIComponent(url.pathname.split('/').pop()!), exists: found, verified: found } });
const choice = (name: string) => within(screen.getByRole('group', { name: 'Account' })).getByRole('button', { name });
const pressed = (name: string) => choice(name).getAttribute('aria-pressed');

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('SignUpInvitePage', () => {
  it('opens on Sign In with the invited address locked when it has an account', async () => {
    saveInvitationQuery('?email_address=ann%40example.com');
    saveLoginNotice({ title: 'Login Required', message: 'You must be logged in to access this page.' });
    const net = fakeNetwork({ 'GET /check/exist/ann%40example.com': exists(true) });
    open();
    const email = await screen.findByLabelText<HTMLInputElement>('Email Address');
    expect(screen.getByRole('form', { name: 'Sign In' })).toBeTruthy();
    expect(email.value).toBe('ann@example.com');
    expect(email.readOnly).toBe(true);
    expect(pressed('Sign In')).toBe('true');
    expect(pressed('Create account')).toBe('false');
    expect(screen.getByText('Login Required')).toBeTruthy();
    expect(net.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /check/exist/ann%40example.com']);
  });

  it('opens on Create account for an address without an account, and Sign In stays one click away', async () => {
    saveInvitationQuery('?email_address=new%40example.com');
    fakeNetwork({ 'GET /check/exist/new%40example.com': exists(false) });
    open();
    expect(await screen.findByLabelText('Full Name')).toBeTruthy();
    expect(pressed('Create account')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Email Address').value).toBe('new@example.com');
    await userEvent.click(choice('Sign In'));
    expect(screen.getByRole('form', { name: 'Sign In' })).toBeTruthy();
  });

  it('opens on Create account without asking when no address was saved, or when the check fails', async () => {
    const net = fakeNetwork({});
    const first = open();
    expect(screen.getByLabelText('Full Name')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
    first.unmount();
    saveInvitationQuery('?email=ann%40example.com');
    fakeNetwork({ 'GET /check/exist/ann%40example.com': () => ({ status: 500, body: { message: 'down', code: 'INTERNAL' } }) });
    open();
    expect(await screen.findByLabelText('Full Name')).toBeTruthy();
    expect(pressed('Create account')).toBe('true');
  });
});
