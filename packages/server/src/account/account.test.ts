// The whole sign-up journey over HTTP on every database target: check exists → verify → the mail →
// confirm the link (and restore the record on another device) → create-user-app → sign in → permissions.
import { MESSAGES } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStaff } from '../staff/staff.js';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

const START_PAGE = 'https://lumber.example/permit-help';

/** Runs the flow up to a verified address through the mailed link; answers the key a device holds. */
async function verifiedFlow(ctx: TestContext, email: string, fullName = 'Jane Q Public') {
  const exists = await ctx.request('GET', `/check/exist/${email}`);
  expect(exists.body).toMatchObject({ exists: false });
  const check = await ctx.request('GET', `/verify-reoon/${email}`, { query: { firstName: fullName.split(' ')[0], location: START_PAGE } });
  expect(check.status, check.text).toBe(200);
  const state = {
    backupAddressObj: null,
    backupSelectedTaskObj: { id: 3, name: 'Roof Replacement' },
    email,
    fullName,
    phoneNumber: '(512) 555-0142',
    startWithRoles: 'Contractor',
  };
  expect((await ctx.request('POST', '/save/signup-flow', { body: { totp: check.body.totp, signupFlow: state } })).status).toBe(200);
  const [mail] = await ctx.mailbox(email);
  const link = new URL(mail!.links.find((href) => href.includes('accepted=1'))!);
  expect(link.searchParams.get('email')).toBe(email);
  expect(link.searchParams.get('accepted')).toBe('1');
  const confirmed = await ctx.request('POST', '/confirmVerifiedUrl', { body: { email, token: link.searchParams.get('token') } });
  expect(confirmed.body.verified).toBe(true);
  return { startKey: check.body.totp as string, key: confirmed.body.signupFlow.totp as string, token: link.searchParams.get('token')!, state };
}

const payload = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  fullName: 'Jane Q Public',
  password: 'Permit-pass7',
  firstName: 'Jane',
  lastName: 'Q Public',
  phoneNumber: '(512) 555-0142',
  ...extra,
});

describe.each(databaseTargets())('account creation on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ target });
  });
  afterAll(() => ctx?.close());

  it('creates a contractor with its company (Owner) after the mailed link, restored on a second device', async () => {
    const email = ctx.email('contractor');
    const { token, state } = await verifiedFlow(ctx, email);

    // Another device with the mail restores the record (address, task, name, phone, role) and gets its own key.
    const restored = await ctx.request('GET', `/signup-flow/${email}`, { query: { totp: token } });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ verified: true, signupFlow: { ...state, backupAddressTwo: null, isTurnOnNotificationWallDoItYourself: false } });

    const companyName = `Acme Roofing ${Date.now()}`;
    const created = await ctx.request('POST', '/create-user-app', {
      body: payload(email, { totp: restored.body.totp, companyName: ` ${companyName} `, companyAddress: '100 Congress Ave, Austin, TX 78701', fromURLCreateCompany: START_PAGE }),
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), emailAddress: email });

    const welcome = (await ctx.mailbox(email)).find((m) => m.template === 'welcome');
    expect(welcome?.links).toContain('http://permitdesk.test/sign-in');
    // The record is gone once the account exists.
    expect((await ctx.request('GET', `/signup-flow/${email}`, { query: { totp: restored.body.totp } })).status).toBe(404);

    const user = await ctx.signIn(email, 'Permit-pass7');
    expect(user.profile).toMatchObject({
      sub: created.body.id, email, email_verified: true, name: 'Jane Q Public', given_name: 'Jane', family_name: 'Q Public', phone_number: '+15125550142',
    });
    const permissions = await ctx.request('GET', '/v4/permissions', { token: user.accessToken });
    expect(Object.values(permissions.body)).toEqual([{ name: companyName, role: 'owner' }]);
    const [companyId] = Object.keys(permissions.body);
    const company = await ctx.request('GET', `/v4/companies/${companyId}`, { token: user.accessToken });
    expect(company.body).toMatchObject({ name: companyName, address: '100 Congress Ave, Austin, TX 78701', fromURL: START_PAGE });

    expect((await ctx.request('GET', `/check/exist/${email}`)).body).toEqual({ email, exists: true, verified: true });
    const verified = await ctx.request('GET', `/verify_email/${user.sub}`, { token: user.accessToken });
    expect(verified.body).toEqual({ sub: user.sub, emailVerified: true });
  });

  it('creates a do-it-yourselfer without a company, verified by the typed code, with the starting key', async () => {
    const email = ctx.email('diy');
    const check = await ctx.request('GET', `/verify-reoon/${email}`, { query: { firstName: 'Sam', location: START_PAGE } });
    const code = (await ctx.lastCode(email));
    const otp = await ctx.request('POST', '/verify-reoon-otp', { body: { email, otp: code } });
    expect(otp.body.verified).toBe(true);

    const created = await ctx.request('POST', '/create-user-app', {
      body: payload(email, { fullName: 'Sam', firstName: 'ignored', lastName: 'ignored', companyName: '  ', totp: check.body.totp }),
    });
    expect(created.status, created.text).toBe(200);
    const user = await ctx.signIn(email, 'Permit-pass7');
    expect(user.profile).toMatchObject({ given_name: 'Sam', family_name: '' });
    expect((await ctx.request('GET', '/v4/permissions', { token: user.accessToken })).body).toEqual({});
  });

  it('refuses create-user-app without a verified flow and its key (403)', async () => {
    const none = ctx.email('unverified');
    const noFlow = await ctx.request('POST', '/create-user-app', { body: payload(none, { totp: 'made-up' }) });
    expect(noFlow.status).toBe(403);

    // A flow exists and the caller holds its key, but nobody proved the mailbox.
    const check = await ctx.request('GET', `/verify-reoon/${none}`, { query: { location: START_PAGE } });
    const unproven = await ctx.request('POST', '/create-user-app', { body: payload(none, { totp: check.body.totp }) });
    expect(unproven.status).toBe(403);
    expect(unproven.body.code).toBe('EMAIL_NOT_VERIFIED');

    // Verified, but the caller has no key or a wrong one.
    const email = ctx.email('nokey');
    await verifiedFlow(ctx, email);
    expect((await ctx.request('POST', '/create-user-app', { body: payload(email) })).status).toBe(403);
    expect((await ctx.request('POST', '/create-user-app', { body: payload(email, { totp: 'wrong' }) })).status).toBe(403);
    expect((await ctx.request('GET', `/check/exist/${email}`)).body.exists).toBe(false);
  });

  it('refuses an existing account with 409 and the SPEC message', async () => {
    const email = ctx.email('twice');
    const { key } = await verifiedFlow(ctx, email);
    expect((await ctx.request('POST', '/create-user-app', { body: payload(email, { totp: key }) })).status).toBe(200);
    const again = await ctx.request('POST', '/create-user-app', { body: payload(email, { totp: key }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Account is existed with the email, back to the login page.');
  });

  it('creates nothing when the company name is taken (one transaction)', async () => {
    const first = ctx.email('first');
    const firstFlow = await verifiedFlow(ctx, first);
    const name = `Taken Builders ${Date.now()}`;
    expect((await ctx.request('POST', '/create-user-app', { body: payload(first, { totp: firstFlow.key, companyName: name }) })).status).toBe(200);

    const second = ctx.email('second');
    const { key } = await verifiedFlow(ctx, second);
    const taken = await ctx.request('POST', '/create-user-app', { body: payload(second, { totp: key, companyName: name.toUpperCase() }) });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MESSAGES.companyNameTaken);
    expect((await ctx.request('GET', `/check/exist/${second}`)).body.exists).toBe(false);
    expect((await ctx.mailbox(second)).some((m) => m.template === 'welcome')).toBe(false);
    // The flow survives, so another name can be tried.
    expect((await ctx.request('POST', '/create-user-app', { body: payload(second, { totp: key, companyName: `${name} II` }) })).status).toBe(200);
  });

  it('answers bad account payloads with 400 and the SPEC messages, never 500', async () => {
    const email = ctx.email('bad');
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'nope' }, MESSAGES.emailInvalid],
      [{ fullName: '   ' }, MESSAGES.fullNameRequired],
      [{ fullName: 'x'.repeat(201) }, MESSAGES.fullNameTooLong],
      [{ password: 'short' }, MESSAGES.passwordTooShort],
      [{ password: 'p'.repeat(36) }, MESSAGES.passwordTooLong],
      [{ password: '' }, MESSAGES.passwordRequired],
      [{ phoneNumber: '(112) 555-0142' }, MESSAGES.phoneAreaCode],
      [{ phoneNumber: '555-01' }, MESSAGES.phoneFormat],
    ];
    for (const [change, message] of cases) {
      const res = await ctx.request('POST', '/create-user-app', { body: payload(email, change) });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message, JSON.stringify(change)).toBe(message);
    }
    expect((await ctx.request('POST', '/create-user-app', { body: 'nope' })).status).toBe(400);
    expect((await ctx.request('POST', '/create-user-app', {})).status).toBe(400);
  });

  it('answers verify_email only to the user themselves or an operator', async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    const operator = await ctx.createUser();
    await setStaff(ctx.services.db, operator.email, true);
    expect((await ctx.request('GET', `/verify_email/${a.sub}`, { token: operator.accessToken })).body).toEqual({ sub: a.sub, emailVerified: true });
    expect((await ctx.request('GET', `/verify_email/${a.sub}`, { token: a.accessToken })).body).toEqual({ sub: a.sub, emailVerified: true });
    expect((await ctx.request('GET', `/verify_email/${a.sub}`, { token: b.accessToken })).status).toBe(403);
    expect((await ctx.request('GET', `/verify_email/${a.sub}`)).status).toBe(401);
    expect((await ctx.request('GET', '/verify_email/not-a-uuid', { token: a.accessToken })).status).toBe(400);
    expect((await ctx.request('GET', `/verify_email/${crypto.randomUUID()}`, { token: operator.accessToken })).status).toBe(404);
  });

  it('remembers the guided tours a user has seen, per user and once each, and refuses unknown tours', async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    expect((await ctx.request('GET', '/v4/account/tours', { token: a.accessToken })).body).toEqual({ seen: [] });
    expect((await ctx.request('PUT', '/v4/account/tours/radar', { token: a.accessToken })).body).toEqual({ seen: ['radar'] });
    // Twice at once from two tabs: still one entry.
    await Promise.all([ctx.request('PUT', '/v4/account/tours/permit-detail', { token: a.accessToken }), ctx.request('PUT', '/v4/account/tours/permit-detail', { token: a.accessToken })]);
    expect((await ctx.request('GET', '/v4/account/tours', { token: a.accessToken })).body).toEqual({ seen: ['radar', 'permit-detail'] });
    expect((await ctx.request('GET', '/v4/account/tours', { token: b.accessToken })).body).toEqual({ seen: [] });
    // 'Show the guided tours again' forgets them for this user only.
    await ctx.request('PUT', '/v4/account/tours/radar', { token: b.accessToken });
    expect((await ctx.request('DELETE', '/v4/account/tours', { token: b.accessToken })).body).toEqual({ seen: [] });
    expect((await ctx.request('GET', '/v4/account/tours', { token: b.accessToken })).body).toEqual({ seen: [] });
    const unknown = await ctx.request('PUT', '/v4/account/tours/everything', { token: a.accessToken });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown guided tour.');
    expect((await ctx.request('GET', '/v4/account/tours')).status).toBe(401);
    expect((await ctx.request('PUT', '/v4/account/tours/radar')).status).toBe(401);
    expect((await ctx.request('DELETE', '/v4/account/tours')).status).toBe(401);
    expect((await ctx.request('GET', '/v4/account/tours', { token: a.accessToken })).body).toEqual({ seen: ['radar', 'permit-detail'] });
  });
});
