// The Sign In form (SPEC §2.6, §5, §8) against the real client, identity client and session store;
// only the network answers are fixed.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberTarget } from '../session/redirect-memory.js';
import { sessionStore } from '../session/session.js';
import { fakeNetwork, profile, tokens } from '../test/fixtures.js';
import { renderAt } from '../test/render.js';
import { SignInForm } from './sign-in-form.js';

const ok = (p = profile()) => () => ({ body: { status: 'ok', tokens: tokens(), profile: p } });

beforeEach(() => localStorage.clear());
afterEach(async () => {
  sessionStore.getState().stopAutoRefresh();
  await sessionStore.getState().logout('user');
  vi.unstubAllGlobals();
});

async function fill(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email Address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SignInForm', () => {
  it('requires both fields with the SPEC messages', async () => {
    const net = fakeNetwork({});
    renderAt(<SignInForm />, '/sign-in');
    await fill('', '');
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it('shows the error alert and the Login Failed toast, and re-enables the form', async () => {
    fakeNetwork({ 'POST /auth/authenticate': () => ({ status: 401, body: { message: 'Incorrect username or password.', code: 'NOT_AUTHORIZED' } }) });
    renderAt(<SignInForm />, '/sign-in');
    await fill('ann@example.com', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Incorrect username or password.');
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).closest('fieldset')?.disabled).toBe(false);
    expect(sessionStore.getState().isAuthenticated).toBe(false);
  });

  it('signs in with a trimmed, lower-cased email, welcomes the user and goes to /project-radar', async () => {
    const net = fakeNetwork({ 'POST /auth/authenticate': ok() });
    const { location } = renderAt(<SignInForm />, '/sign-in');
    await fill('  Ann@Example.com ', 'secret-pass');
    await waitFor(() => expect(location()).toBe('/project-radar'));
    expect(net.calls[0]?.body).toEqual({ email: 'ann@example.com', password: 'secret-pass' });
    expect(await screen.findByText('Welcome ann@example.com!')).toBeTruthy();
    expect(screen.getByText('You are now logged in!')).toBeTruthy();
    expect(sessionStore.getState().isAuthenticated).toBe(true);
  });

  it('asks for the second step when two-step sign-in is on, and signs in with the code (issue 18)', async () => {
    let tries = 0;
    const net = fakeNetwork({
      'POST /auth/authenticate': () => ({ body: { status: 'two_factor_required', challenge: 'signed-challenge', email: 'ann@example.com' } }),
      // The first code is wrong, the second right.
      'POST /auth/two-factor': () =>
        ++tries > 1 ? ok()() : { status: 400, body: { message: 'That code is not right. Check your authenticator app and try again.', code: 'CODE_MISMATCH' } },
    });
    const { location } = renderAt(<SignInForm />, '/sign-in');
    await fill('ann@example.com', 'secret-pass');
    const user = userEvent.setup();
    const code = await screen.findByLabelText('Sign-in code');
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    await user.type(code, '135790');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'That code is not right. Check your authenticator app and try again.');
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/project-radar'));
    expect(net.calls.at(-1)?.body).toEqual({ challenge: 'signed-challenge', code: '246810' });
    expect(sessionStore.getState().isAuthenticated).toBe(true);
  });

  it('goes to the remembered target, and prefills and locks its email_address', async () => {
    rememberTarget('/compliance-wallet-share/5/accept?email_address=bo%40example.com');
    fakeNetwork({ 'POST /auth/authenticate': ok(profile({ email: 'bo@example.com' })) });
    const { location } = renderAt(<SignInForm />, '/sign-in');
    const email = screen.getByLabelText('Email Address') as HTMLInputElement;
    expect(email.value).toBe('bo@example.com');
    expect(email.readOnly).toBe(true);
    await fill('', 'secret-pass');
    await waitFor(() => expect(location()).toBe('/compliance-wallet-share/5/accept?email_address=bo%40example.com'));
  });

  it('sends unmigrated accounts to /migration and company sign-ups to /welcome', async () => {
    fakeNetwork({ 'POST /auth/authenticate': ok(profile({ 'custom:hasMigrated': 0 })) });
    const first = renderAt(<SignInForm />, '/sign-in');
    await fill('ann@example.com', 'secret-pass');
    await waitFor(() => expect(first.location()).toBe('/migration'));
    first.unmount();
    await sessionStore.getState().logout('user');

    fakeNetwork({ 'POST /auth/authenticate': ok(profile({ 'custom:setupCompanyName': { name: 'Acme Roofing', address: null } })) });
    const second = renderAt(<SignInForm />, '/sign-in');
    await fill('ann@example.com', 'secret-pass');
    await waitFor(() => expect(second.location()).toBe('/welcome'));
  });

  it('sends a new-password challenge to /force-change-password with its toast', async () => {
    fakeNetwork({ 'POST /auth/authenticate': () => ({ body: { status: 'new_password_required', session: 'challenge-1', email: 'ann@example.com' } }) });
    const { location } = renderAt(<SignInForm />, '/sign-in');
    await fill('ann@example.com', 'secret-pass');
    await waitFor(() => expect(location()).toBe('/force-change-password'));
    expect(await screen.findByText('New password required!')).toBeTruthy();
    expect(screen.getByText('You must provide the new password for the first time login!')).toBeTruthy();
  });
});
