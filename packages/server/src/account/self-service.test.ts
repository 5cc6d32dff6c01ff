// Account self-service (issue 18) over HTTP on every database target: two-step sign-in (wrong code,
// replayed code and recovery code, the throttle, the secret encrypted at rest), sign out everywhere,
// the export, the owner hand-over and the deletion (refused for a sole owner).
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

const totp = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

describe.each(databaseTargets())('account self-service on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ target });
  });
  afterAll(() => ctx?.close());

  const codeAt = (secret: string, stepsAhead = 0) => totp(secret).generate({ timestamp: ctx.services.clock().getTime() + stepsAhead * 30_000 });

  /** A user with two-step sign-in on: the secret and the recovery codes. */
  async function enrolled(): Promise<{ user: TestUser; secret: string; recoveryCodes: string[] }> {
    const user = await ctx.createUser();
    const setup = await ctx.request('POST', '/v4/account/two-factor/setup', { token: user.accessToken });
    expect(setup.status, setup.text).toBe(200);
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.body.otpauthUrl).toContain('otpauth://totp/');
    const confirm = await ctx.request('POST', '/v4/account/two-factor/confirm', { token: user.accessToken, body: { code: codeAt(setup.body.secret) } });
    expect(confirm.status, confirm.text).toBe(200);
    return { user, secret: setup.body.secret, recoveryCodes: confirm.body.recoveryCodes };
  }

  const passwordStep = async (user: TestUser) => {
    const res = await ctx.request('POST', '/auth/authenticate', { body: { email: user.email, password: user.password } });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  it('enrols with a confirming code, asks for the second step and signs in with the code', async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await ctx.request('GET', '/v4/account/two-factor', { token: user.accessToken });
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const step = await passwordStep(user);
    expect(step).toMatchObject({ status: 'two_factor_required', email: user.email });
    expect(step.tokens).toBeUndefined();
    // The challenge is no access token.
    expect((await ctx.request('GET', '/auth/profile', { token: step.challenge })).status).toBe(401);

    const signedIn = await ctx.request('POST', '/auth/two-factor', { body: { challenge: step.challenge, code: codeAt(secret, 1) } });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.status).toBe('ok');
    expect((await ctx.request('GET', '/auth/profile', { token: signedIn.body.tokens.accessToken })).status).toBe(200);
    // The same code (the same 30-second step) does not sign in twice.
    const again = await ctx.request('POST', '/auth/two-factor', { body: { challenge: step.challenge, code: codeAt(secret, 1) } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('CODE_MISMATCH');
  });

  it('refuses a wrong code, a forged or expired challenge, and bad input with a message', async () => {
    const { user, secret } = await enrolled();
    const step = await passwordStep(user);
    const wrong = await ctx.request('POST', '/auth/two-factor', { body: { challenge: step.challenge, code: codeAt(secret, 5) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/not right/);
    const forged = await ctx.request('POST', '/auth/two-factor', { body: { challenge: `${step.challenge}x`, code: codeAt(secret) } });
    expect(forged.status).toBe(401);
    // An access token is no challenge (another audience), and another user's recovery code opens nothing.
    expect((await ctx.request('POST', '/auth/two-factor', { body: { challenge: user.accessToken, code: codeAt(secret) } })).status).toBe(401);
    const other = await enrolled();
    const foreign = await ctx.request('POST', '/auth/two-factor', { body: { challenge: step.challenge, code: other.recoveryCodes[0] } });
    expect(foreign.status).toBe(400);
    const malformed = await ctx.request('POST', '/auth/two-factor', { body: { challenge: step.challenge, code: 'abc' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/6-digit code/);
    ctx.advanceTime(6 * 60_000);
    const late = await ctx.request('POST', '/auth/two-factor', { body: { challenge: step.challenge, code: codeAt(secret) } });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('CHALLENGE_INVALID');
  });

  it('takes a recovery code once only', async () => {
    const { user, recoveryCodes } = await enrolled();
    const first = await ctx.request('POST', '/auth/two-factor', { body: { challenge: (await passwordStep(user)).challenge, code: recoveryCodes[0] } });
    expect(first.status, first.text).toBe(200);
    const replay = await ctx.request('POST', '/auth/two-factor', { body: { challenge: (await passwordStep(user)).challenge, code: recoveryCodes[0] } });
    expect(replay.status).toBe(400);
    // Upper case and without the hyphen is the same code.
    const other = recoveryCodes[1]!.toUpperCase().replace('-', '');
    expect((await ctx.request('POST', '/auth/two-factor', { body: { challenge: (await passwordStep(user)).challenge, code: other } })).status).toBe(200);
    const status = await ctx.request('GET', '/v4/account/two-factor', { token: first.body.tokens.accessToken });
    expect(status.body.recoveryCodesLeft).toBe(8);
  });

  it('locks the second step after 5 wrong codes, even for the right one', async () => {
    const { user, secret } = await enrolled();
    const { challenge } = await passwordStep(user);
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const wrong = ['000000', '111111'].find((c) => c !== codeAt(secret) && c !== codeAt(secret, 1) && c !== codeAt(secret, -1))!;
      answers.push((await ctx.request('POST', '/auth/two-factor', { body: { challenge, code: wrong } })).status);
    }
    expect(answers.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(answers[4]).toBe(429);
    const right = await ctx.request('POST', '/auth/two-factor', { body: { challenge, code: codeAt(secret, 1) } });
    expect(right.status).toBe(429);
  });

  it('keeps the TOTP secret and the recovery codes out of the database in clear', async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    const row = await ctx.services.db.selectFrom('user_two_factor').selectAll().where('user_id', '=', user.sub).executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(secret);
    expect(row.secret_encrypted.startsWith('v1.')).toBe(true);
    const dump = JSON.stringify(await ctx.services.db.selectFrom('user_recovery_codes').selectAll().where('user_id', '=', user.sub).execute());
    for (const code of recoveryCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
    // Copied onto another user's row, the sealed secret does not open (the user id is bound to it).
    const other = await ctx.createUser();
    await ctx.services.db.insertInto('user_two_factor').values({ user_id: other.sub, secret_encrypted: row.secret_encrypted, enabled_at: new Date(), last_step: null }).execute();
    const step = await passwordStep(other);
    const stolen = await ctx.request('POST', '/auth/two-factor', { body: { challenge: step.challenge, code: codeAt(secret, 2) } });
    expect(stolen.status).toBe(400);
  });

  it('turns two-step sign-in off only with the password and a code', async () => {
    const { user, secret } = await enrolled();
    const noPassword = await ctx.request('POST', '/v4/account/two-factor/disable', { token: user.accessToken, body: { password: 'Wrong-pass-1', code: codeAt(secret) } });
    expect(noPassword.status).toBe(400);
    const noCode = await ctx.request('POST', '/v4/account/two-factor/disable', { token: user.accessToken, body: { password: user.password, code: codeAt(secret, 7) } });
    expect(noCode.status).toBe(400);
    const off = await ctx.request('POST', '/v4/account/two-factor/disable', { token: user.accessToken, body: { password: user.password, code: codeAt(secret, 1) } });
    expect(off.status, off.text).toBe(200);
    expect((await passwordStep(user)).status).toBe('ok');
  });

  it('signs out everywhere: every refresh token and access token of the user dies', async () => {
    const user = await ctx.createUser();
    const second = await ctx.signIn(user.email, user.password);
    const bystander = await ctx.createUser();
    const res = await ctx.request('POST', '/v4/account/sign-out-everywhere', { token: user.accessToken });
    expect(res.status, res.text).toBe(200);
    for (const session of [user, second]) {
      expect((await ctx.request('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
      expect((await ctx.request('GET', '/auth/profile', { token: session.accessToken })).status).toBe(401);
    }
    expect((await ctx.request('GET', '/auth/profile', { token: bystander.accessToken })).status).toBe(200);
    const audit = await ctx.services.db.selectFrom('audit_events').select('action').where('entity', '=', 'account').where('entity_id', '=', user.sub).execute();
    expect(audit.map((a) => a.action)).toContain('signed_out_everywhere');
  });

  it("exports the user's own data and nobody's secrets", async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    const company = await ctx.request('POST', '/v4/companies', { token: user.accessToken, body: { name: `Export Co ${Date.now()}` } });
    expect(company.status, company.text).toBe(200);
    const res = await ctx.request('GET', '/v4/account/export', { token: user.accessToken });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.body.profile).toMatchObject({ id: user.sub, email: user.email });
    expect(res.body.security.twoFactorEnabled).toBe(true);
    expect(res.body.memberships).toEqual([expect.objectContaining({ companyId: company.body.id, role: 'owner' })]);
    expect(res.body.audit.map((a: { action: string }) => a.action)).toContain('two_factor_enabled');
    for (const hidden of [secret, ...recoveryCodes, user.refreshToken, 'password_hash', 'scrypt']) expect(res.text).not.toContain(hidden);
  });

  it('refuses to delete a sole owner until the owner role is handed over, then deletes and anonymises', async () => {
    const owner = await ctx.createUser({ name: 'Olive Owner' });
    const member = await ctx.createUser();
    const name = `Handover Co ${Date.now()}`;
    const company = await ctx.request('POST', '/v4/companies', { token: owner.accessToken, body: { name } });
    const companyId = company.body.id as number;
    await ctx.services.db.insertInto('company_users').values({ company_id: companyId, user_id: member.sub, role: 'administrator', created_at: new Date() }).execute();

    const check = await ctx.request('GET', '/v4/account/deletion', { token: owner.accessToken });
    expect(check.body.blockedBy).toEqual([{ id: companyId, name }]);
    const refused = await ctx.request('POST', '/v4/account/delete', { token: owner.accessToken, body: { password: owner.password, confirm: 'DELETE' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`only owner of ${name}`);
    const wrongPassword = await ctx.request('POST', '/v4/account/delete', { token: owner.accessToken, body: { password: 'Wrong-pass-1', confirm: 'DELETE' } });
    expect(wrongPassword.status).toBe(400);
    const unconfirmed = await ctx.request('POST', '/v4/account/delete', { token: owner.accessToken, body: { password: owner.password, confirm: 'yes' } });
    expect(unconfirmed.status).toBe(400);

    // Only the owner hands the role over, and only to an active member.
    const notOwner = await ctx.request('POST', `/v4/companies/${companyId}/owner`, { token: member.accessToken, body: { userId: member.sub } });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.message).toBe('Only the owner of the company can hand over the owner role.');
    const stranger = await ctx.createUser();
    expect((await ctx.request('POST', `/v4/companies/${companyId}/owner`, { token: owner.accessToken, body: { userId: stranger.sub } })).status).toBe(400);
    const handed = await ctx.request('POST', `/v4/companies/${companyId}/owner`, { token: owner.accessToken, body: { userId: member.sub } });
    expect(handed.status, handed.text).toBe(200);
    const roles = await ctx.request('GET', `/v4/companies/${companyId}/roles`, { token: member.accessToken });
    expect(roles.status).toBe(200);

    const deleted = await ctx.request('POST', '/v4/account/delete', { token: owner.accessToken, body: { password: owner.password, confirm: 'DELETE' } });
    expect(deleted.status, deleted.text).toBe(200);
    const row = await ctx.services.db.selectFrom('users').selectAll().where('id', '=', owner.sub).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'DISABLED', name: 'Deleted user', phone_number: null });
    expect(row.email).not.toBe(owner.email);
    expect(row.deleted_at).not.toBeNull();
    expect((await ctx.request('GET', '/auth/profile', { token: owner.accessToken })).status).toBe(401);
    expect((await ctx.request('POST', '/auth/refresh', { body: { refreshToken: owner.refreshToken } })).status).toBe(401);
    expect((await ctx.request('POST', '/auth/authenticate', { body: { email: owner.email, password: owner.password } })).status).toBe(401);
    const [mail] = await ctx.mailbox(owner.email);
    expect(mail?.template).toBe('account_deleted');
    // The company stays with its new owner.
    expect((await ctx.request('GET', `/v4/companies/${companyId}`, { token: member.accessToken })).status).toBe(200);
    const actions = await ctx.services.db.selectFrom('audit_events').select('action').where('actor_user_id', '=', owner.sub).execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['owner_transferred', 'account_deleted', 'member_left']));
  });
});
