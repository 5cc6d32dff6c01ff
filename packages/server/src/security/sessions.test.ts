// Issue 10, items 8 and 14: an access token dies with its session (sign-out, password change, reset),
// and a token lacking any of exp, iat, iss, aud (or its session id) is refused, even when signed with
// the right secret.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

describe.each(databaseTargets())('sessions on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  });
  afterAll(async () => {
    await t?.close();
  });

  const profileWith = (token: string) => t.request('GET', '/auth/profile', { token });

  it('sign-out ends the access tokens of that session at once, and only of that session', async () => {
    const user = await t.createUser();
    const other = await t.signIn(user.email, user.password);
    expect((await profileWith(user.accessToken)).status).toBe(200);
    const out = await t.request('POST', '/auth/sign-out', { body: { refreshToken: user.refreshToken } });
    expect(out.status).toBe(200);
    const after = await profileWith(user.accessToken);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('SESSION_ENDED');
    // The other sign-in of the same user lives on.
    expect((await profileWith(other.accessToken)).status).toBe(200);
  });

  it('sign-out with the access token alone ends its session (the dashboard holds no refresh token)', async () => {
    const user = await t.createUser();
    const out = await t.request('POST', '/auth/sign-out', { token: user.accessToken, body: {} });
    expect(out.status).toBe(200);
    expect((await profileWith(user.accessToken)).status).toBe(401);
    expect((await t.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(401);
  });

  it('a password change ends every session of the user', async () => {
    const user = await t.createUser();
    const second = await t.signIn(user.email, user.password);
    const changed = await t.request('POST', '/auth/change-password', { token: user.accessToken, body: { oldPassword: user.password, newPassword: 'Changed-pass9' } });
    expect(changed.status).toBe(200);
    expect((await profileWith(user.accessToken)).status).toBe(401);
    expect((await profileWith(second.accessToken)).status).toBe(401);
    // A new sign-in works.
    expect((await profileWith((await t.signIn(user.email, 'Changed-pass9')).accessToken)).status).toBe(200);
  });

  it('a password reset ends every session of the user', async () => {
    const user = await t.createUser();
    await t.request('POST', '/auth/forgot-password', { body: { email: user.email } });
    const reset = await t.request('POST', '/auth/confirm-password', { body: { email: user.email, code: await t.lastCode(user.email), newPassword: 'Reset-pass9x' } });
    expect(reset.status).toBe(200);
    expect((await profileWith(user.accessToken)).status).toBe(401);
  });

  it('a refreshed session keeps working, and its older access token too (same session)', async () => {
    const user = await t.createUser();
    const refreshed = await t.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await profileWith(refreshed.body.tokens.accessToken)).status).toBe(200);
    expect((await profileWith(user.accessToken)).status).toBe(200);
  });

  describe('the cookie session (dashboard)', () => {
    const cookieMode = { 'x-permitdesk-session': 'cookie' };
    const cookieOf = (res: { headers: Headers }) => res.headers.get('set-cookie') ?? '';
    const pair = (setCookie: string) => setCookie.split(';')[0]!;

    it('puts the refresh token in an HttpOnly, SameSite=Strict cookie on the refresh path, never in the body', async () => {
      const user = await t.createUser();
      const res = await t.request('POST', '/auth/authenticate', { headers: cookieMode, body: { email: user.email, password: user.password } });
      expect(res.status).toBe(200);
      expect(res.body.tokens.accessToken).toEqual(expect.any(String));
      expect(res.body.tokens).not.toHaveProperty('refreshToken');
      const cookie = cookieOf(res);
      expect(cookie).toMatch(/^permitdesk_refresh=[\w-]{43};/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).toMatch(/; Path=\/auth\/refresh(;|$)/);
      expect(cookie).not.toMatch(/; Secure/); // PUBLIC_URL is http here
      // Without the header the body keeps it (widget, API clients) and no cookie is set.
      const plain = await t.request('POST', '/auth/authenticate', { body: { email: user.email, password: user.password } });
      expect(plain.body.tokens.refreshToken).toEqual(expect.any(String));
      expect(cookieOf(plain)).toBe('');
    });

    it('refreshes with the cookie (rotating it), refuses a body-less refresh without the header, and signs out by the access token', async () => {
      const user = await t.createUser();
      const signIn = await t.request('POST', '/auth/authenticate', { headers: cookieMode, body: { email: user.email, password: user.password } });
      const first = pair(cookieOf(signIn));
      const refreshed = await t.request('POST', '/auth/refresh', { headers: { ...cookieMode, cookie: first } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.tokens).not.toHaveProperty('refreshToken');
      const second = pair(cookieOf(refreshed));
      expect(second).not.toBe(first);
      // The cookie alone, without the session-mode header (e.g. a form posted from elsewhere), is not used.
      expect((await t.request('POST', '/auth/refresh', { headers: { cookie: second } })).status).toBe(401);
      expect((await t.request('POST', '/auth/refresh', { headers: { cookie: second }, body: {} })).status).toBe(401);
      const access = refreshed.body.tokens.accessToken;
      expect((await profileWith(access)).status).toBe(200);
      const out = await t.request('POST', '/auth/sign-out', { headers: cookieMode, token: access, body: {} });
      expect(out.status).toBe(200);
      expect(cookieOf(out)).toMatch(/^permitdesk_refresh=;.*Max-Age=0.*Path=\/auth\/refresh/);
      expect((await profileWith(access)).status).toBe(401);
      expect((await profileWith(signIn.body.tokens.accessToken)).status).toBe(401);
      expect((await t.request('POST', '/auth/refresh', { headers: { ...cookieMode, cookie: second } })).status).toBe(401);
    });

    it('is Secure when PUBLIC_URL is https', async () => {
      const https = await createTestContext({ target, env: { PUBLIC_URL: 'https://permitdesk.example' } });
      try {
        const user = await https.createUser();
        const res = await https.request('POST', '/auth/authenticate', { headers: cookieMode, body: { email: user.email, password: user.password } });
        expect(cookieOf(res)).toMatch(/; Secure/);
      } finally {
        await https.close();
      }
    });
  });

  describe('claims', () => {
    let user: TestUser;
    let sid: string;
    const secret = () => new TextEncoder().encode(t.config.JWT_SECRET);
    beforeAll(async () => {
      user = await t.createUser();
      sid = JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()).sid;
    });

    /** A token signed with the real secret, with every claim but `without`. */
    async function forged(without: string | null) {
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = { sub: user.sub, email: user.email, sid, iss: 'permitdesk', aud: 'permitdesk-api', iat: now, exp: now + 600 };
      if (without) delete claims[without];
      return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret());
    }

    it('the hand-made token with every claim is accepted (the forgery is right)', async () => {
      expect(sid).toEqual(expect.any(String));
      expect((await profileWith(await forged(null))).status).toBe(200);
    });

    it.each(['exp', 'iat', 'iss', 'aud', 'sid', 'sub'])('a token without %s is refused with 401', async (claim) => {
      const res = await profileWith(await forged(claim));
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('TOKEN_INVALID');
    });

    it('a token of another audience or issuer is refused', async () => {
      const now = Math.floor(Date.now() / 1000);
      for (const [iss, aud] of [['permitdesk', 'someone-else'], ['someone-else', 'permitdesk-api']]) {
        const token = await new SignJWT({ sub: user.sub, email: user.email, sid })
          .setProtectedHeader({ alg: 'HS256' }).setIssuer(iss!).setAudience(aud!).setIssuedAt(now).setExpirationTime(now + 600).sign(secret());
        expect((await profileWith(token)).status).toBe(401);
      }
    });

    it('a token naming a session that does not exist is refused', async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ sub: user.sub, email: user.email, sid: '00000000-0000-4000-8000-000000000000' })
        .setProtectedHeader({ alg: 'HS256' }).setIssuer('permitdesk').setAudience('permitdesk-api').setIssuedAt(now).setExpirationTime(now + 600).sign(secret());
      expect((await profileWith(token)).status).toBe(401);
    });
  });
});
