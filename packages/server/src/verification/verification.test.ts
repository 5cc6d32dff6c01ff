// The sign-up verification endpoints over HTTP, on every database target, with mail read from the outbox.
import { FLOW_MESSAGES, MESSAGES } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';
import { FLOW_LIMITS } from './flow-limits.js';

const START_PAGE = 'https://partner.example/permits?ref=widget';
/** The start page's origin is an allow-listed partner: it is kept as the return address. */
const PARTNERS = { EMBED_ORIGINS: 'https://partner.example' };

/** The mailed link and code of the newest verification mail to an address. */
async function mailed(ctx: TestContext, email: string) {
  const [mail] = await ctx.mailbox(email);
  expect(mail?.template).toBe('verification');
  const link = new URL(mail!.links.find((href) => href.includes('accepted=1')) ?? '');
  const code = mail!.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  return { link, code, token: link.searchParams.get('token') ?? '' };
}

async function startFlow(ctx: TestContext, email: string) {
  const check = await ctx.request('GET', `/verify-reoon/${encodeURIComponent(email)}`, { query: { firstName: 'Jane', location: START_PAGE } });
  expect(check.status, check.text).toBe(200);
  return { totp: check.body.totp as string, ...(await mailed(ctx, email)) };
}

const flowState = (email: string) => ({
  backupAddressObj: {
    id: 'address.42',
    center: [-97.7431, 30.2672],
    place_name: '100 Congress Ave, Austin, TX 78701',
    matching_place_name: '100 Congress Ave, Austin, TX 78701',
    street_line: '100 Congress Ave',
  },
  backupSelectedTaskObj: { id: 7, name: 'Water Heater Replacement' },
  backupAddressTwo: 'Suite 5',
  email,
  fullName: 'Jane Q Public',
  phoneNumber: '(512) 555-0142',
  startWithRoles: 'Contractor',
  isTurnOnNotificationWallDoItYourself: true,
});

describe.each(databaseTargets())('sign-up verification on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ target, env: PARTNERS });
  });
  afterAll(() => ctx?.close());

  it('checks whether an account exists (new address: no; a user: yes and verified)', async () => {
    const fresh = ctx.email('fresh');
    expect((await ctx.request('GET', `/check/exist/${fresh}`)).body).toEqual({ email: fresh, exists: false, verified: false });
    const user = await ctx.createUser();
    expect((await ctx.request('GET', `/check/exist/${user.email.toUpperCase()}`)).body).toEqual({ email: user.email, exists: true, verified: true });
    expect((await ctx.request('GET', `/users/by-email/${user.email}`)).body).toEqual({ email: user.email, exists: true, verified: true });
  });

  it('verifies a usable address: a 6-digit code and a link to our /verified page carrying email and accepted=1', async () => {
    const email = ctx.email('jane');
    const check = await ctx.request('GET', `/verify-reoon/${encodeURIComponent(`  ${email.toUpperCase()} `)}`, {
      query: { firstName: 'Jane', location: START_PAGE },
    });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ status: 'safe', email, isSendMailSuccess: true, didYouMean: null });
    expect(check.body.totp).toMatch(/^[\w-]{20,}$/);

    const { link, code, token } = await mailed(ctx, email);
    expect(code).toMatch(/^\d{6}$/);
    expect(`${link.origin}${link.pathname}`).toBe('http://permitdesk.test/verified');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('accepted')).toBe('1');
    expect(token.length).toBeGreaterThan(30);
    const [mail] = await ctx.mailbox(email);
    expect(mail!.text).toContain('Hello Jane,');

    // Only hashes are stored.
    const row = await ctx.services.db.selectFrom('signup_flows').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(token);
    const keys = await ctx.services.db.selectFrom('signup_flow_keys').select('key_hash').where('flow_id', '=', row.id).execute();
    expect(keys.map((k) => k.key_hash)).not.toContain(check.body.totp);

    // The sign-up's own data only for its owner (the flow key or the link's token).
    const data = await ctx.request('GET', `/verify_email_reoon/${email}`, { query: { totp: check.body.totp } });
    expect(data.body).toEqual({
      email, status: 'safe',
      result: { syntaxValid: true, disposable: false, roleAccount: false, mxFound: null, didYouMean: null },
      alreadyVerified: false, accountExists: false, totp: null, firstName: 'Jane', location: START_PAGE, verified: false,
    });
    expect((await ctx.request('GET', `/verify_email_reoon/${email}`, { query: { totp: token } })).body.location).toBe(START_PAGE);
    expect((await ctx.request('GET', `/verify_email_reoon/${email}`)).body).toMatchObject({ firstName: null, location: null, verified: false });
  });

  it('links to the product /verified page when no location is given', async () => {
    const email = ctx.email('nolocation');
    expect((await ctx.request('GET', `/verify-reoon/${email}`)).status).toBe(200);
    const { link } = await mailed(ctx, email);
    expect(`${link.origin}${link.pathname}`).toBe('http://permitdesk.test/verified');
  });

  it("refuses unusable addresses with 'Your email is {status}' and saves the invalid result", async () => {
    const disposable = 'someone@mailinator.com';
    const refused = await ctx.request('GET', `/verify-reoon/${disposable}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Your email is disposable', code: 'EMAIL_NOT_USABLE', fields: { status: 'disposable' } });
    expect(await ctx.mailbox(disposable)).toHaveLength(0);
    const saved = await ctx.request('GET', `/verify_email_reoon/${disposable}`);
    expect(saved.body).toMatchObject({ status: 'disposable', result: { disposable: true }, verified: false });

    // The client may also report the result; the server's own verdict stays.
    const report = await ctx.request('POST', '/save/reoon-data', { body: { email: disposable, status: 'safe', firstName: 'Sam' } });
    expect(report.status).toBe(200);
    expect((await ctx.request('GET', `/verify-reoon/${disposable}`)).body.message).toBe('Your email is disposable');
    expect((await ctx.request('POST', '/sendMailToVerifyAccount', { body: { toEmail: disposable, firstName: 'Sam', location: START_PAGE } })).body.message)
      .toBe('Your email is disposable');

    const typo = await ctx.request('GET', '/verify-reoon/jane@gmial.com');
    expect(typo.status).toBe(400);
    expect(typo.body.message).toBe('Your email is invalid');
    expect(typo.body.fields).toEqual({ status: 'invalid', didYouMean: 'jane@gmail.com' });

    // A role address is usable (SPEC §4.1).
    const role = await ctx.request('GET', `/verify-reoon/info@acme-builders.com`);
    expect(role.status).toBe(200);
    expect(role.body.status).toBe('role_account');
  });

  it('refuses to start a flow for an address that already has an account', async () => {
    const user = await ctx.createUser();
    const res = await ctx.request('GET', `/verify-reoon/${user.email}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Account is existed with the email, back to the login page.');
  });

  it('saves and restores the flow record, guarded by the flow key or the mailed link', async () => {
    const email = ctx.email('record');
    const { totp, token } = await startFlow(ctx, email);
    const state = flowState(email);

    const saved = await ctx.request('POST', '/save/signup-flow', { body: { totp, signupFlow: state } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ totp, verified: false, signupFlow: state });

    const wrong = await ctx.request('POST', '/save/signup-flow', { body: { totp: 'not-the-key', signupFlow: state } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Save signup flow failure !');
    const nobody = await ctx.request('POST', '/save/signup-flow', { body: { totp, signupFlow: flowState(ctx.email('nobody')) } });
    expect(nobody.status).toBe(404);

    expect((await ctx.request('GET', `/signup-flow/${email}`, { query: { totp: 'guess' } })).status).toBe(403);
    const byKey = await ctx.request('GET', `/signup-flow/${email}`, { query: { totp } });
    expect(byKey.body).toMatchObject({ id: saved.body.id, totp, signupFlow: state });
    // Another device with the mail: the link token opens the record and hands out that device's own key.
    const byLink = await ctx.request('GET', `/signup-flow/${email}`, { query: { totp: token } });
    expect(byLink.status).toBe(200);
    expect(byLink.body.signupFlow).toEqual(state);
    expect(byLink.body.totp).not.toBe(totp);
    expect((await ctx.request('GET', `/signup-flow/${email}`, { query: { totp: byLink.body.totp } })).status).toBe(200);

    // Replacing the key after a resend: the presented key stays, the others stop working.
    const kept = await ctx.request('PUT', '/update/signup-flow/totp', { body: { email, totp } });
    expect(kept.status).toBe(200);
    expect(kept.body.totp).toBe(totp);
    expect((await ctx.request('GET', `/signup-flow/${email}`, { query: { totp: byLink.body.totp } })).status).toBe(403);
    expect((await ctx.request('PUT', '/update/signup-flow/totp', { body: { email, totp: 'nope' } })).body.message).toBe('Update totp failure !');

    expect((await ctx.request('DELETE', '/delete/signup-flow/totp', { body: { email, totp: 'nope' } })).body.message).toBe('Delete totp failure !');
    expect((await ctx.request('DELETE', '/delete/signup-flow/totp', { body: { email, totp } })).body).toEqual({ ok: true });
    expect((await ctx.request('GET', `/signup-flow/${email}`, { query: { totp } })).status).toBe(404);
  });

  it('confirms the mailed link: the address is verified and the record comes back on the device that opened it', async () => {
    const email = ctx.email('confirm');
    const { totp, token } = await startFlow(ctx, email);
    await ctx.request('POST', '/save/signup-flow', { body: { totp, signupFlow: flowState(email) } });

    const bad = await ctx.request('POST', '/confirmVerifiedUrl', { body: { email, token: 'forged-token' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Cornfirm Verify URL from mailbox failure !');
    // The flow key is not a mailbox proof.
    expect((await ctx.request('POST', '/confirmVerifiedUrl', { body: { email, token: totp } })).status).toBe(400);

    const ok = await ctx.request('POST', '/confirmVerifiedUrl', { body: { email: email.toUpperCase(), token } });
    expect(ok.status).toBe(200);
    expect(ok.body.verified).toBe(true);
    expect(ok.body.signupFlow).toMatchObject({ verified: true, signupFlow: flowState(email) });
    expect(ok.body.signupFlow.totp).not.toBe(totp);
    // Opening the link again (a second device) works too.
    expect((await ctx.request('POST', '/confirmVerifiedUrl', { body: { email, token } })).body.verified).toBe(true);

    const data = await ctx.request('GET', `/verify_email_reoon/${email}`);
    expect(data.body).toMatchObject({ alreadyVerified: true, verified: true });
  });

  it('answers a link without a flow with whether the address was verified before', async () => {
    const never = await ctx.request('POST', '/confirmVerifiedUrl', { body: { email: ctx.email('never'), token: 'whatever' } });
    expect(never.body).toEqual({ verified: false, signupFlow: null });

    const email = ctx.email('gone');
    const { token } = await startFlow(ctx, email);
    const { totp } = (await ctx.request('POST', '/confirmVerifiedUrl', { body: { email, token } })).body.signupFlow;
    expect((await ctx.request('DELETE', '/delete/signup-flow/totp', { body: { email, totp } })).status).toBe(200);
    expect((await ctx.request('POST', '/confirmVerifiedUrl', { body: { email, token } })).body).toEqual({ verified: true, signupFlow: null });
  });

  it("verifies the typed code; a wrong one is 'Otp is invalid !'", async () => {
    const email = ctx.email('otp');
    const { code } = await startFlow(ctx, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await ctx.request('POST', '/verify-reoon-otp', { body: { email, otp: wrongCode } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Otp is invalid !');

    const right = await ctx.request('POST', '/verify-reoon-otp', { body: { email, otp: code } });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ verified: true, signupFlow: { verified: true, signupFlow: { email } } });

    const unknown = await ctx.request('POST', '/verify-reoon-otp', { body: { email: ctx.email('nocode'), otp: '123456' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Otp is invalid !');
  });

  it('throttles repeated wrong codes, even the right code, until the lock passes', async () => {
    const email = ctx.email('throttle');
    const { code } = await startFlow(ctx, email);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < FLOW_LIMITS.maxOtpFailures; i++) {
      const res = await ctx.request('POST', '/verify-reoon-otp', { body: { email, otp: wrongCode } });
      expect(res.body.message).toBe('Otp is invalid !');
    }
    const locked = await ctx.request('POST', '/verify-reoon-otp', { body: { email, otp: code } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('OTP_THROTTLED');
    ctx.advanceTime(FLOW_LIMITS.otpLockMs + 1000);
    expect((await ctx.request('POST', '/verify-reoon-otp', { body: { email, otp: code } })).status).toBe(200);
  });

  it('resends: a new code and link replace the old ones, the key stays; mails are limited per hour', async () => {
    const email = ctx.email('resend');
    const first = await startFlow(ctx, email);
    const resend = await ctx.request('POST', '/sendMailToVerifyAccount', {
      body: { toEmail: email, firstName: 'Jane', location: START_PAGE, totp: first.totp, source: 'home' },
    });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ isSendMailSuccess: true, totp: first.totp });
    const second = await mailed(ctx, email);
    expect(second.token).not.toBe(first.token);
    expect((await ctx.request('POST', '/confirmVerifiedUrl', { body: { email, token: first.token } })).status).toBe(400);
    if (second.code !== first.code) {
      expect((await ctx.request('POST', '/verify-reoon-otp', { body: { email, otp: first.code } })).status).toBe(400);
    }

    // Without the key the flow starts over: a new key, and the old one no longer opens the record.
    const restart = await ctx.request('POST', '/sendMailToVerifyAccount', { body: { toEmail: email, firstName: 'Jane', location: START_PAGE } });
    expect(restart.body.totp).not.toBe(first.totp);
    expect((await ctx.request('GET', `/signup-flow/${email}`, { query: { totp: first.totp } })).status).toBe(403);

    const sent = 3;
    for (let i = sent; i < FLOW_LIMITS.mailsPerWindow; i++) {
      expect((await ctx.request('POST', '/sendMailToVerifyAccount', { body: { toEmail: email, firstName: 'Jane', location: START_PAGE } })).status).toBe(200);
    }
    const limited = await ctx.request('POST', '/sendMailToVerifyAccount', { body: { toEmail: email, firstName: 'Jane', location: START_PAGE } });
    expect(limited.status).toBe(429);
    expect(await ctx.mailbox(email)).toHaveLength(FLOW_LIMITS.mailsPerWindow);
    ctx.advanceTime(FLOW_LIMITS.mailWindowMs);
    expect((await ctx.request('GET', `/verify-reoon/${email}`)).status).toBe(200);
  });

  it('lets the mailed link and code expire', async () => {
    const email = ctx.email('expire');
    const { token, code } = await startFlow(ctx, email);
    ctx.advanceTime(FLOW_LIMITS.codeTtlMs + 1000);
    expect((await ctx.request('POST', '/confirmVerifiedUrl', { body: { email, token } })).status).toBe(400);
    expect((await ctx.request('POST', '/verify-reoon-otp', { body: { email, otp: code } })).body.message).toBe('Otp is invalid !');
  });

  it('forgets a flow record a week after its last change', async () => {
    const email = ctx.email('abandoned');
    const { totp } = await startFlow(ctx, email);
    ctx.advanceTime(FLOW_LIMITS.flowTtlMs + 1000);
    await startFlow(ctx, ctx.email('newcomer'));
    expect(await ctx.services.db.selectFrom('signup_flows').select('id').where('email', '=', email).execute()).toHaveLength(0);
    expect((await ctx.request('GET', `/signup-flow/${email}`, { query: { totp } })).status).toBe(404);
  });

  it('answers bad input at every endpoint with 400 and the SPEC message, never 500', async () => {
    const cases: [string, string, { body?: unknown; query?: Record<string, string> }, string][] = [
      ['GET', '/verify-reoon/not-an-email', {}, MESSAGES.emailInvalid],
      ['GET', `/verify-reoon/${'a'.repeat(95)}@x.com`, {}, MESSAGES.emailTooLong],
      ['GET', '/verify-reoon/jane@example.com', { query: { location: 'javascript:alert(1)' } }, ''],
      ['GET', '/check/exist/nope', {}, MESSAGES.emailInvalid],
      ['GET', '/verify_email_reoon/nope', {}, MESSAGES.emailInvalid],
      ['GET', '/users/by-email/nope', {}, MESSAGES.emailInvalid],
      ['POST', '/sendMailToVerifyAccount', { body: {} }, ''],
      ['POST', '/sendMailToVerifyAccount', { body: { toEmail: ' ', firstName: 'X', location: START_PAGE } }, MESSAGES.emailRequired],
      ['POST', '/sendMailToVerifyAccount', { body: { toEmail: 'x@y.com', firstName: 'X', location: 'ftp://x.com/' } }, ''],
      ['POST', '/save/reoon-data', { body: { email: 'x@y.com', status: 'great' } }, ''],
      ['POST', '/save/signup-flow', { body: { totp: 'k', signupFlow: { email: 'bad' } } }, ''],
      ['GET', '/signup-flow/jane@example.com', {}, ''],
      ['PUT', '/update/signup-flow/totp', { body: { email: '', totp: 'k' } }, MESSAGES.emailRequired],
      ['DELETE', '/delete/signup-flow/totp', { body: { email: 'jane@example.com' } }, ''],
      ['POST', '/confirmVerifiedUrl', { body: { email: 'jane@example.com', token: '' } }, ''],
      ['POST', '/verify-reoon-otp', { body: { email: 'jane@example.com', otp: '12ab' } }, MESSAGES.codeInvalid],
      ['POST', '/verify-reoon-otp', { body: { email: 'jane@example.com', otp: '' } }, MESSAGES.codeRequired],
      ['POST', '/verify-reoon-otp', { body: '{not json' }, ''],
    ];
    for (const [method, path, options, message] of cases) {
      const res = await ctx.request(method, path, options);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(400);
      expect(typeof res.body.message).toBe('string');
      if (message) expect(res.body.message, `${method} ${path}`).toBe(message);
    }
    expect(FLOW_MESSAGES.otpInvalid).toBe('Otp is invalid !');
  });
});
