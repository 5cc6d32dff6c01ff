// Session handoff (widget on a partner's origin → PermitDesk site): a bearer call makes a single-use,
// 60-second code for the PermitDesk origin; the site trades it for a session of that user, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { IDENTITY_MESSAGES, IDENTITY_POLICY } from './policy.js';

const SITE = 'http://permitdesk.test'; // the harness's PUBLIC_URL
const INVALID = { message: IDENTITY_MESSAGES.handoffInvalid, code: 'HANDOFF_INVALID' };

describe.each(databaseTargets())('session handoff on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  });
  afterAll(async () => {
    await t?.close();
  });

  const issue = (user: TestUser, audience = SITE) => t.request('POST', '/auth/handoff', { token: user.accessToken, body: { audience } });
  const exchange = (code: string, options: { audience?: string; origin?: string; token?: string } = {}) =>
    t.request('POST', '/auth/handoff/exchange', {
      body: { code, audience: options.audience ?? SITE },
      ...(options.token ? { token: options.token } : {}),
      ...(options.origin ? { headers: { origin: options.origin } } : {}),
    });

  it('trades a code for a fresh session of its user, once', async () => {
    const user = await t.createUser();
    const made = await issue(user);
    expect(made.status).toBe(200);
    expect(made.body.code).toMatch(/^[\w-]{43}$/);
    expect(made.body.expiresAt - Date.now()).toBeGreaterThan(IDENTITY_POLICY.handoffTtlMs - 5_000);
    expect(made.body.expiresAt - Date.now()).toBeLessThanOrEqual(IDENTITY_POLICY.handoffTtlMs);
    // Only a keyed hash is stored.
    const stored = await t.services.db.selectFrom('session_handoffs').select(['code_hash', 'audience']).where('user_id', '=', user.sub).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(made.body.code);
    expect(stored[0]?.audience).toBe(SITE);

    const traded = await exchange(made.body.code, { origin: SITE });
    expect(traded.status).toBe(200);
    expect(traded.body.profile).toMatchObject({ sub: user.sub, email: user.email });
    const me = await t.request('GET', '/auth/profile', { token: traded.body.tokens.accessToken });
    expect(me.body.sub).toBe(user.sub);
    // A session of its own: its refresh token works, and the widget's session is untouched.
    expect((await t.request('POST', '/auth/refresh', { body: { refreshToken: traded.body.tokens.refreshToken } })).status).toBe(200);
    expect((await t.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(200);

    const again = await exchange(made.body.code, { origin: SITE });
    expect(again.status).toBe(401);
    expect(again.body).toEqual(INVALID);
  });

  it('refuses a code after its 60 seconds', async () => {
    const user = await t.createUser();
    const made = await issue(user);
    t.advanceTime(IDENTITY_POLICY.handoffTtlMs + 1);
    const late = await exchange(made.body.code);
    expect(late.status).toBe(401);
    expect(late.body).toEqual(INVALID);
  });

  it("gives the code's own user, whoever asks, and only codes the caller's token made", async () => {
    const ann = await t.createUser({ name: 'Ann Handoff' });
    const bob = await t.createUser({ name: 'Bob Handoff' });
    const annCode = (await issue(ann)).body.code as string;
    const bobCode = (await issue(bob)).body.code as string;
    expect(annCode).not.toBe(bobCode);
    // Signed in as Bob on the site, Ann's code still gives Ann (the dashboard then switches users).
    const asBob = await exchange(annCode, { token: bob.accessToken });
    expect(asBob.status).toBe(200);
    expect(asBob.body.profile.sub).toBe(ann.sub);
    expect(asBob.body.profile.email).toBe(ann.email);
    const bobs = await exchange(bobCode);
    expect(bobs.body.profile.sub).toBe(bob.sub);
    // A disabled user's code gives nothing.
    const carl = await t.createUser();
    const carlCode = (await issue(carl)).body.code as string;
    await t.services.db.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', carl.sub).execute();
    expect((await exchange(carlCode)).body).toEqual(INVALID);
    // No token, no code.
    expect((await t.request('POST', '/auth/handoff', { body: { audience: SITE } })).status).toBe(401);
  });

  it('is bound to the PermitDesk origin: other audiences and pages of other sites are refused', async () => {
    const user = await t.createUser();
    const foreign = await issue(user, 'https://partner.example');
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ message: IDENTITY_MESSAGES.handoffAudience, code: 'INVALID_AUDIENCE' });

    const code = (await issue(user)).body.code as string;
    const elsewhere = await exchange(code, { audience: 'https://partner.example' });
    expect(elsewhere.status).toBe(401);
    // A code shown to another site has leaked: it is spent, even at the right audience afterwards.
    expect((await exchange(code)).status).toBe(401);

    const code2 = (await issue(user)).body.code as string;
    const fromPartnerPage = await exchange(code2, { origin: 'https://partner.example' });
    expect(fromPartnerPage.status).toBe(401);
    expect((await exchange(code2, { origin: SITE })).status).toBe(401);
  });

  it('answers bad input with 400, never 500', async () => {
    const user = await t.createUser();
    const bodies: unknown[] = [
      {},
      { audience: '' },
      { audience: 'not a url' },
      { audience: 'http://permitdesk.test/success' },
      { audience: 42 },
      { audience: `http://${'a'.repeat(300)}.test` },
    ];
    for (const body of bodies) {
      const res = await t.request('POST', '/auth/handoff', { token: user.accessToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const raw = await t.request('POST', '/auth/handoff', { token: user.accessToken, body: '{"audience":' });
    expect(raw.status).toBe(400);
    const exchanges: unknown[] = [
      {},
      { code: 'short', audience: SITE },
      { code: 'x'.repeat(43) + '!', audience: SITE },
      { code: 'a b'.padEnd(43, 'c'), audience: SITE },
      { code: 'x'.repeat(43) },
      { code: null, audience: SITE },
      [],
    ];
    for (const body of exchanges) {
      const res = await t.request('POST', '/auth/handoff/exchange', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await t.request('POST', '/auth/handoff/exchange', { body: 'nope' })).status).toBe(400);
    expect((await t.request('POST', '/auth/handoff/exchange', { body: { code: 'Invalid-code-'.padEnd(43, 'x'), audience: SITE } })).status).toBe(401);
  });

  it('limits codes per user and refused exchanges per client', async () => {
    const user = await t.createUser();
    const answers: number[] = [];
    for (let i = 0; i <= IDENTITY_POLICY.handoffIssues.maxFailures; i++) answers.push((await issue(user)).status);
    expect(answers.slice(0, IDENTITY_POLICY.handoffIssues.maxFailures)).toEqual(Array(IDENTITY_POLICY.handoffIssues.maxFailures).fill(200));
    expect(answers.at(-1)).toBe(429);
    t.advanceTime(IDENTITY_POLICY.handoffIssues.lockMs + 1000);
    expect((await issue(user)).status).toBe(200);

    // Guessing codes locks the guesser out, even of a good code, until the lock ends.
    const good = (await issue(user)).body.code as string;
    for (let i = 0; i < IDENTITY_POLICY.handoffFailures.maxFailures; i++) {
      expect((await exchange(`guess-${i}`.padEnd(43, 'x'))).status).toBe(401);
    }
    const locked = await exchange(good);
    expect(locked.status).toBe(429);
    t.advanceTime(IDENTITY_POLICY.handoffFailures.lockMs + 1000);
    // The good code is past its 60 seconds by now: still refused, but no longer locked.
    expect((await exchange(good)).status).toBe(401);
    const fresh = (await issue(user)).body.code as string;
    expect((await exchange(fresh)).status).toBe(200);
  });
});
