// Every identity flow end to end through the API and the mail outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';
import { RATE_LIMITS } from '../rate-limits/limiter.js';
import { IDENTITY_MESSAGES, IDENTITY_POLICY } from './policy.js';

describe.each(databaseTargets())('identity on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up, confirms with the mailed code, signs in, refreshes, and revokes the family on reuse', async () => {
    const email = t.email('flow');
    const signUp = await t.request('POST', '/auth/sign-up', {
      body: { email: `  ${email.toUpperCase()} `, password: 'First-pass1', fullName: 'Ada Byron Lovelace', phoneNumber: '(555) 234-5678', companyName: 'Analytical Engines' },
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.codeDeliveryDestination).toMatch(/^f\*\*\*@example\.com$/);

    // Unconfirmed: the right password gets a clear code, not a session.
    const early = await t.request('POST', '/auth/authenticate', { body: { email, password: 'First-pass1' } });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ message: IDENTITY_MESSAGES.notConfirmed, code: 'USER_NOT_CONFIRMED' });

    const [mail] = await t.mailbox(email);
    expect(mail?.template).toBe('confirmation_code');
    const code = await t.lastCode(email);
    const wrong = await t.request('POST', '/auth/confirm-registration', { body: { email, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('CODE_MISMATCH');
    const badFormat = await t.request('POST', '/auth/confirm-registration', { body: { email, code: '12ab' } });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.message).toBe('Invalid format, valid formats must be 6 digits.');

    const confirm = await t.request('POST', '/auth/confirm-registration', { body: { email, code } });
    expect(confirm.status).toBe(200);
    expect((await t.mailbox(email))[0]?.template).toBe('welcome');

    const auth = await t.request('POST', '/auth/authenticate', { body: { email, password: 'First-pass1' } });
    expect(auth.status).toBe(200);
    expect(auth.body.status).toBe('ok');
    const { profile, tokens } = auth.body;
    expect(profile).toMatchObject({
      email,
      email_verified: true,
      name: 'Ada Byron Lovelace',
      given_name: 'Ada',
      family_name: 'Byron Lovelace',
      phone_number: '+15552345678',
      'custom:hasMigrated': 1,
      'custom:setupCompanyName': { name: 'Analytical Engines', address: null },
      permissions: {},
    });

    const me = await t.request('GET', '/auth/profile', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.sub).toBe(profile.sub);

    const first = await t.request('POST', '/auth/refresh', { body: { refreshToken: tokens.refreshToken } });
    expect(first.status).toBe(200);
    expect(first.body.tokens.refreshToken).not.toBe(tokens.refreshToken);
    const second = await t.request('POST', '/auth/refresh', { body: { refreshToken: first.body.tokens.refreshToken } });
    expect(second.status).toBe(200);

    // Reusing a spent token revokes the whole family, including the newest token.
    const replay = await t.request('POST', '/auth/refresh', { body: { refreshToken: tokens.refreshToken } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('REFRESH_TOKEN_INVALID');
    const newest = await t.request('POST', '/auth/refresh', { body: { refreshToken: second.body.tokens.refreshToken } });
    expect(newest.status).toBe(401);
  });

  it('resets a forgotten password with the mailed code and signs in with the new one', async () => {
    const user = await t.signUp({ password: 'Old-pass-1' });
    const session = await t.signIn(user.email, 'Old-pass-1');

    const forgot = await t.request('POST', '/auth/forgot-password', { body: { email: user.email } });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ ok: true });
    const [mail] = await t.mailbox(user.email);
    expect(mail?.template).toBe('reset_code');
    const code = await t.lastCode(user.email);

    const short = await t.request('POST', '/auth/confirm-password', { body: { email: user.email, code, newPassword: 'abc' } });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password longer than 7 characters.');

    const reset = await t.request('POST', '/auth/confirm-password', { body: { email: user.email, code, newPassword: 'New-pass-2' } });
    expect(reset.status).toBe(200);
    // The code is spent.
    const again = await t.request('POST', '/auth/confirm-password', { body: { email: user.email, code, newPassword: 'New-pass-3' } });
    expect(again.status).toBe(400);

    const old = await t.request('POST', '/auth/authenticate', { body: { email: user.email, password: 'Old-pass-1' } });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Incorrect username or password.');
    expect((await t.request('POST', '/auth/authenticate', { body: { email: user.email, password: 'New-pass-2' } })).status).toBe(200);
    // A reset signs the user out everywhere.
    expect((await t.request('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
  });

  it('answers forgot-password the same for an unknown address, and sends nothing', async () => {
    const known = await t.createUser();
    const unknown = t.email('nobody');
    const a = await t.request('POST', '/auth/forgot-password', { body: { email: known.email } });
    const b = await t.request('POST', '/auth/forgot-password', { body: { email: unknown } });
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(await t.mailbox(unknown)).toHaveLength(0);
    // Confirming with a code for an unknown address looks like a wrong code.
    const confirm = await t.request('POST', '/auth/confirm-password', { body: { email: unknown, code: '123456', newPassword: 'Whatever-1' } });
    expect(confirm.status).toBe(400);
    expect(confirm.body.code).toBe('CODE_MISMATCH');
  });

  it('does not reveal whether an account exists on a failed sign-in', async () => {
    const user = await t.createUser();
    const wrong = await t.request('POST', '/auth/authenticate', { body: { email: user.email, password: 'Wrong-pass-1' } });
    const unknown = await t.request('POST', '/auth/authenticate', { body: { email: t.email('ghost'), password: 'Wrong-pass-1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ message: 'Incorrect username or password.', code: 'NOT_AUTHORIZED' });
  });

  it('delays sign-in from a client after repeated failures, then lets the user in once the delay is over', async () => {
    const user = await t.createUser({ password: 'Right-pass-1' });
    const attempt = (password: string) => t.request('POST', '/auth/authenticate', { body: { email: user.email, password } });
    for (let i = 0; i < RATE_LIMITS.signInAccount.limit; i++) expect((await attempt('Wrong-pass-1')).status).toBe(401);
    const locking = await attempt('Wrong-pass-1');
    expect(locking.status).toBe(429);
    expect(locking.body).toEqual({ message: 'Password attempts exceeded', code: 'PASSWORD_ATTEMPTS_EXCEEDED' });
    // Even the right password is refused while locked.
    expect((await attempt('Right-pass-1')).status).toBe(429);
    // An unknown address locks the same way (nothing to tell them apart).
    const ghost = t.email('ghost');
    for (let i = 0; i < RATE_LIMITS.signInAccount.limit; i++) {
      await t.request('POST', '/auth/authenticate', { body: { email: ghost, password: 'Wrong-pass-1' } });
    }
    expect((await t.request('POST', '/auth/authenticate', { body: { email: ghost, password: 'Wrong-pass-1' } })).status).toBe(429);

    t.advanceTime(RATE_LIMITS.signInAccount.delayMs + 1000);
    expect((await attempt('Right-pass-1')).status).toBe(200);
  });

  it('kills a confirmation code after too many wrong tries', async () => {
    const email = t.email('tries');
    await t.request('POST', '/auth/sign-up', { body: { email, password: 'Some-pass-1', fullName: 'Try Hard' } });
    const code = await t.lastCode(email);
    const other = code === '999999' ? '888888' : '999999';
    for (let i = 1; i < IDENTITY_POLICY.codeAttempts.maxFailures; i++) {
      expect((await t.request('POST', '/auth/confirm-registration', { body: { email, code: other } })).status).toBe(400);
    }
    expect((await t.request('POST', '/auth/confirm-registration', { body: { email, code: other } })).status).toBe(400);
    // The right code no longer works: locked, and the code is dead.
    const late = await t.request('POST', '/auth/confirm-registration', { body: { email, code } });
    expect(late.status).toBe(429);
    t.advanceTime(IDENTITY_POLICY.codeAttempts.lockMs + 1000);
    const dead = await t.request('POST', '/auth/confirm-registration', { body: { email, code } });
    expect(dead.status).toBe(400);
    expect(dead.body.code).toBe('EXPIRED_CODE');
    // A new code works.
    expect((await t.request('POST', '/auth/resend-code', { body: { email } })).status).toBe(200);
    expect((await t.request('POST', '/auth/confirm-registration', { body: { email, code: await t.lastCode(email) } })).status).toBe(200);
  });

  it('expires confirmation codes after 24 hours', async () => {
    const email = t.email('late');
    await t.request('POST', '/auth/sign-up', { body: { email, password: 'Some-pass-1', fullName: 'Late Comer' } });
    const code = await t.lastCode(email);
    t.advanceTime(IDENTITY_POLICY.confirmCodeTtlMs + 1000);
    const res = await t.request('POST', '/auth/confirm-registration', { body: { email, code } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid code provided, please request a code again.', code: 'EXPIRED_CODE' });
  });

  it('refuses a second account for the same address', async () => {
    const user = await t.createUser();
    const res = await t.request('POST', '/auth/sign-up', { body: { email: user.email.toUpperCase(), password: 'Other-pass-1', fullName: 'Twin' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('USERNAME_EXISTS');
  });

  it('makes users created by an operator choose a new password first', async () => {
    const email = t.email('invited');
    await t.services.identity.createUser({ email, password: 'Temp-pass-1', name: 'Invited Person', confirmed: false, forceChangePassword: true });
    const auth = await t.request('POST', '/auth/authenticate', { body: { email, password: 'Temp-pass-1' } });
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ status: 'new_password_required', email });
    expect(auth.body.tokens).toBeUndefined();

    const bad = await t.request('POST', '/auth/complete-new-password', { body: { session: 'forged', newPassword: 'Mine-pass-1' } });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('SESSION_INVALID');

    const done = await t.request('POST', '/auth/complete-new-password', { body: { session: auth.body.session, newPassword: 'Mine-pass-1' } });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('ok');
    expect(done.body.profile.email_verified).toBe(true);
    // The session is single-use and the temporary password is gone.
    expect((await t.request('POST', '/auth/complete-new-password', { body: { session: auth.body.session, newPassword: 'Again-pass-1' } })).status).toBe(401);
    expect((await t.request('POST', '/auth/authenticate', { body: { email, password: 'Temp-pass-1' } })).status).toBe(401);
    expect((await t.request('POST', '/auth/authenticate', { body: { email, password: 'Mine-pass-1' } })).body.status).toBe('ok');
  });

  it('expires the new-password-required session', async () => {
    const email = t.email('slow');
    await t.services.identity.createUser({ email, password: 'Temp-pass-1', name: 'Slow Person', confirmed: false, forceChangePassword: true });
    const auth = await t.request('POST', '/auth/authenticate', { body: { email, password: 'Temp-pass-1' } });
    t.advanceTime(IDENTITY_POLICY.newPasswordSessionTtlMs + 1000);
    const res = await t.request('POST', '/auth/complete-new-password', { body: { session: auth.body.session, newPassword: 'Mine-pass-1' } });
    expect(res.status).toBe(401);
  });

  it('changes the password of the signed-in user and signs other sessions out', async () => {
    const user = await t.createUser({ password: 'Before-pass1' });
    const wrong = await t.request('POST', '/auth/change-password', { token: user.accessToken, body: { oldPassword: 'Nope-pass-1', newPassword: 'After-pass-1' } });
    expect(wrong.status).toBe(400);
    const res = await t.request('POST', '/auth/change-password', { token: user.accessToken, body: { oldPassword: 'Before-pass1', newPassword: 'After-pass-1' } });
    expect(res.status).toBe(200);
    expect((await t.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(401);
    expect((await t.request('POST', '/auth/authenticate', { body: { email: user.email, password: 'After-pass-1' } })).status).toBe(200);
  });

  it('updates attributes and shows them in the profile', async () => {
    const user = await t.createUser();
    const res = await t.request('PATCH', '/auth/attributes', {
      token: user.accessToken,
      body: { 'custom:hasMigrated': 0, 'custom:setupCompanyName': { name: 'Acme Roofing', address: '1 Main St' }, 'custom:fromURL': 'https://partner.example/roofs', name: 'Grace Brewster Hopper', phone_number: '+1 (555) 234-5678 x12' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      'custom:hasMigrated': 0,
      'custom:setupCompanyName': { name: 'Acme Roofing', address: '1 Main St' },
      'custom:fromURL': 'https://partner.example/roofs',
      name: 'Grace Brewster Hopper',
      given_name: 'Grace',
      family_name: 'Brewster Hopper',
      phone_number: '+1555234567812',
    });
    const cleared = await t.request('PATCH', '/auth/attributes', { token: user.accessToken, body: { 'custom:setupCompanyName': null } });
    expect(cleared.body['custom:setupCompanyName']).toBeNull();
    const bad = await t.request('PATCH', '/auth/attributes', { token: user.accessToken, body: { phone_number: '(055) 234-5678' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid format, Area Code (XXX) must be different 0 and 1 ');
  });

  it('signs out by revoking the refresh token family', async () => {
    const user = await t.createUser();
    expect((await t.request('POST', '/auth/sign-out', { body: { refreshToken: user.refreshToken } })).status).toBe(200);
    expect((await t.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(401);
  });

  it('limits how many codes are mailed to one address', async () => {
    const email = t.email('spam');
    await t.request('POST', '/auth/sign-up', { body: { email, password: 'Some-pass-1', fullName: 'Spam Target' } });
    const answers: number[] = [];
    for (let i = 0; i < IDENTITY_POLICY.codeSends.maxFailures; i++) answers.push((await t.request('POST', '/auth/resend-code', { body: { email } })).status);
    expect(answers.slice(0, IDENTITY_POLICY.codeSends.maxFailures - 1).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect((await t.mailbox(email)).length).toBe(IDENTITY_POLICY.codeSends.maxFailures);
  });
});
