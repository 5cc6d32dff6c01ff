// Issue 10, item 13: SPEC §5's length rule stays, and the most common breached passwords are refused
// everywhere a password is chosen: sign-up, create password (create-user-app), change, reset, and the
// new password of a first sign-in.
import { MESSAGES } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

const TOO_COMMON = 'This password is too common. Please choose another.';
/** Common passwords of SPEC-valid length (7 to 35), one with capitals: the check ignores case. */
const COMMON = ['1234567', 'password', 'Password1', 'qwerty123', 'iloveyou'];

describe.each(databaseTargets())('common passwords on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  });
  afterAll(async () => {
    await t?.close();
  });

  const refused = (res: { status: number; body: { message: string; code: string } }) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: TOO_COMMON, code: 'PASSWORD_TOO_COMMON' });
  };

  it('the message lives in core rules', () => {
    expect(MESSAGES.passwordTooCommon).toBe(TOO_COMMON);
  });

  it.each(COMMON)('sign-up refuses %s and creates nothing', async (password) => {
    const email = t.email('common');
    refused(await t.request('POST', '/auth/sign-up', { body: { email, password, fullName: 'Common Carl' } }));
    expect(await t.services.identity.findByEmail(email)).toBeNull();
  });

  it('SPEC §5 length messages still come first', async () => {
    const res = await t.request('POST', '/auth/sign-up', { body: { email: t.email('short'), password: '123456', fullName: 'Short Sam' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password longer than 7 characters');
  });

  it('create password (create-user-app at the end of the sign-up flow) refuses a common password', async () => {
    const email = t.email('flow');
    const check = await t.request('GET', `/verify-reoon/${email}`, { query: { firstName: 'Sam', location: 'https://lumber.example/permit-help' } });
    const otp = await t.request('POST', '/verify-reoon-otp', { body: { email, otp: await t.lastCode(email) } });
    expect(otp.body.verified).toBe(true);
    const body = { email, fullName: 'Sam Smith', firstName: 'Sam', lastName: 'Smith', phoneNumber: '(512) 555-0142', totp: check.body.totp };
    refused(await t.request('POST', '/create-user-app', { body: { ...body, password: 'password1' } }));
    const created = await t.request('POST', '/create-user-app', { body: { ...body, password: 'Permit-pass7' } });
    expect(created.status, created.text).toBe(200);
  });

  it('password change, reset and first-sign-in new password refuse a common password and keep the old one', async () => {
    const user = await t.createUser();
    refused(await t.request('POST', '/auth/change-password', { token: user.accessToken, body: { oldPassword: user.password, newPassword: 'password' } }));

    await t.request('POST', '/auth/forgot-password', { body: { email: user.email } });
    const code = await t.lastCode(user.email);
    refused(await t.request('POST', '/auth/confirm-password', { body: { email: user.email, code, newPassword: '12345678' } }));
    // The refusal did not spend the code: the user fixes the password and goes on.
    expect((await t.request('POST', '/auth/confirm-password', { body: { email: user.email, code, newPassword: 'Better-pass7' } })).status).toBe(200);
    expect((await t.signIn(user.email, 'Better-pass7')).accessToken).toBeTruthy();

    const invited = await t.services.identity.createUser({ email: t.email('invited'), password: 'Temp-pass-7x', name: 'New Hire', confirmed: true, forceChangePassword: true });
    const first = await t.request('POST', '/auth/authenticate', { body: { email: invited.email, password: 'Temp-pass-7x' } });
    expect(first.body.status).toBe('new_password_required');
    refused(await t.request('POST', '/auth/complete-new-password', { body: { session: first.body.session, newPassword: 'iloveyou' } }));
    expect((await t.request('POST', '/auth/complete-new-password', { body: { session: first.body.session, newPassword: 'Own-pass-77' } })).status).toBe(200);
  });

  it('an uncommon password is taken', async () => {
    const res = await t.request('POST', '/auth/sign-up', { body: { email: t.email('fine'), password: 'Lumber-yard-42', fullName: 'Fine Fay' } });
    expect(res.status).toBe(200);
  });
});
