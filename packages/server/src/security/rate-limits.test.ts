// Issue 10 item 4: wrong passwords must not lock the real owner out, spraying many addresses from one
// client must hit a limit, every sign-up / verification / recovery / e-mail lookup endpoint is limited per
// client with growing delays (429 + Retry-After), and the counters hold across replicas (database, or
// Redis when REDIS_URL is set).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createLogger } from '../http/logger.js';
import { createDatabaseStore, createRedisStore, type LimitPolicy, type RateLimitStore } from '../rate-limits/stores.js';
import { createServices } from '../services.js';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';
import type { App } from '../http/context.js';

/** A request as it arrives on a socket from `ip` (what @hono/node-server gives the app). */
async function from(app: App, ip: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.request(
    path,
    { method, headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
    { incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: 'IPv4' } } },
  );
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string; code: string } };
}

let ipCounter = 0;
/** A fresh client address per use, so tests do not share counters. */
const newIp = () => `198.51.100.${++ipCounter}`;

describe.each(databaseTargets())('rate limits on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  }, 120_000);
  afterAll(() => t?.close());

  const signIn = (ip: string, email: string, password: string) => from(t.app, ip, 'POST', '/auth/authenticate', { email, password });

  it('does not lock the owner out: failures from one client leave another client able to sign in', async () => {
    const user = await t.createUser({ password: 'Owner-pass-1' });
    const attacker = newIp();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await signIn(attacker, user.email, `Guess-${i}-xyz`)).status);
    expect(answers).toContain(429);
    // The attacker is delayed, even with the right password...
    expect((await signIn(attacker, user.email, 'Owner-pass-1')).status).toBe(429);
    // ...but the owner, from a client that did not fail, signs in at once.
    expect((await signIn(newIp(), user.email, 'Owner-pass-1')).status).toBe(200);
  });

  it('stops one client spraying 25 addresses, with a Retry-After and a clear message', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof signIn>> | null = null;
    for (let i = 0; i < 25; i++) {
      const answer = await signIn(ip, t.email(`spray${i}`), 'Spray-pass-1');
      statuses.push(answer.status);
      if (answer.status === 429) limited ??= answer;
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(limited!.body.code).toBe('PASSWORD_ATTEMPTS_EXCEEDED');
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await signIn(newIp(), t.email('other'), 'Spray-pass-1')).status).toBe(401);
  });

  it('makes the delay grow with each failure past the limit', async () => {
    const user = await t.createUser({ password: 'Owner-pass-1' });
    const ip = newIp();
    let status = 0;
    while (status !== 429) status = (await signIn(ip, user.email, 'Wrong-pass-1')).status;
    const first = Number((await signIn(ip, user.email, 'Wrong-pass-1')).headers.get('retry-after'));
    t.advanceTime(first * 1000 + 1000);
    const failing = await signIn(ip, user.email, 'Wrong-pass-1');
    expect(failing.status).toBe(429);
    const second = Number(failing.headers.get('retry-after'));
    expect(second).toBeGreaterThanOrEqual(2 * first - 1);
  });

  it('limits every e-mail lookup per client (check/exist, verify_email_reoon, users/by-email)', async () => {
    for (const path of ['/check/exist/', '/verify_email_reoon/', '/users/by-email/']) {
      const ip = newIp();
      let answer = await from(t.app, ip, 'GET', `${path}${t.email('enum')}`);
      let calls = 1;
      while (answer.status === 200 && calls < 500) {
        answer = await from(t.app, ip, 'GET', `${path}${t.email('enum')}`);
        calls++;
      }
      expect(answer.status, path).toBe(429);
      expect(calls, path).toBeLessThanOrEqual(100);
      expect(answer.body.message).toMatch(/Too many requests .* try again in/);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      // Someone else is still served.
      expect((await from(t.app, newIp(), 'GET', `${path}${t.email('enum')}`)).status, path).toBe(200);
    }
  });

  it('limits the waiting device\'s status question per client, like the e-mail lookups (issue 18 item 2)', async () => {
    const ip = newIp();
    const email = t.email('guess');
    let answer = await from(t.app, ip, 'POST', '/signup-flow/status', { email, totp: 'guess-0' });
    let calls = 1;
    while (answer.status === 403 && calls < 500) {
      answer = await from(t.app, ip, 'POST', '/signup-flow/status', { email, totp: `guess-${calls}` });
      calls++;
    }
    expect(answer.status).toBe(429);
    expect(calls).toBeLessThanOrEqual(100);
  });

  it('limits the company name lookup of the sign-up flow per client (issue 18)', async () => {
    const ip = newIp();
    const ask = (address: string) => from(t.app, address, 'GET', `/v4/lookup/company-name-available?name=${encodeURIComponent(t.email('company'))}`);
    let answer = await ask(ip);
    let calls = 1;
    while (answer.status === 200 && calls < 500) {
      answer = await ask(ip);
      calls++;
    }
    expect(answer.status).toBe(429);
    expect(calls).toBeLessThanOrEqual(100);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ask(newIp())).status).toBe(200);
  });

  it('limits forgot-password and sign-up per client', async () => {
    for (const [path, body] of [
      ['/auth/forgot-password', () => ({ email: t.email('forgot') })],
      ['/auth/resend-code', () => ({ email: t.email('resend') })],
    ] as const) {
      const ip = newIp();
      let status = 200;
      let calls = 0;
      while (status === 200 && calls < 500) {
        status = (await from(t.app, ip, 'POST', path, body())).status;
        calls++;
      }
      expect(status, path).toBe(429);
      expect(calls, path).toBeLessThanOrEqual(60);
    }
  });

  it('believes X-Forwarded-For only when TRUST_PROXY says so', async () => {
    // Without TRUST_PROXY a forged header does not give a fresh counter.
    const ip = newIp();
    let status = 200;
    let calls = 0;
    while (status === 200 && calls < 500) {
      status = (await from(t.app, ip, 'GET', `/check/exist/${t.email('xff')}`, undefined, { 'x-forwarded-for': `203.0.113.${calls % 250}` })).status;
      calls++;
    }
    expect(status).toBe(429);

    // Behind one trusted proxy, the address the proxy appended is the client.
    const proxied = await createTestContext({ target, env: { TRUST_PROXY: 'on' } });
    try {
      const proxy = newIp();
      let answer = 200;
      let n = 0;
      while (answer === 200 && n < 500) {
        answer = (await from(proxied.app, proxy, 'GET', `/check/exist/${proxied.email('xff')}`, undefined, { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' })).status;
        n++;
      }
      expect(answer).toBe(429);
      // Another client behind the same proxy is still served; a forged first entry does not matter.
      expect((await from(proxied.app, proxy, 'GET', `/check/exist/${proxied.email('xff')}`, undefined, { 'x-forwarded-for': '203.0.113.7, 203.0.113.8' })).status).toBe(200);

      // The same address decides whose Idempotency-Key it is: two anonymous clients behind the proxy that
      // happen to send the same key are two callers, not one caller reusing a key for another request.
      const key = { 'idempotency-key': 'same-key-two-clients' };
      const signUp = (client: string, email: string) =>
        from(proxied.app, proxy, 'POST', '/auth/sign-up', { email, password: 'Some-pass-1', fullName: 'Behind Proxy' }, { ...key, 'x-forwarded-for': client });
      expect((await signUp('203.0.113.21', proxied.email('proxy-a'))).status).toBe(200);
      const second = await signUp('203.0.113.22', proxied.email('proxy-b'));
      expect(second.body.code).not.toBe('IDEMPOTENCY_KEY_REUSED');
      expect(second.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('shares the counters between two app instances on one database', async () => {
    const second = await createServices(t.config, { database: t.services.database, clock: t.services.clock, log: createLogger('silent') });
    const other = createApp(second);
    try {
      const user = await t.createUser({ password: 'Owner-pass-1' });
      const ip = newIp();
      // Failures alternate between the two replicas.
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await signIn(i % 2 ? other : t.app, ip, user.email, 'Wrong-pass-1')).status);
      expect(statuses).toContain(429);
      expect((await signIn(other, ip, user.email, 'Owner-pass-1')).status).toBe(429);
      expect((await signIn(t.app, ip, user.email, 'Owner-pass-1')).status).toBe(429);
    } finally {
      await second.mailWorker.stop();
      await second.rateLimits.close();
    }

    async function signIn(app: App, ip: string, email: string, password: string) {
      return from(app, ip, 'POST', '/auth/authenticate', { email, password });
    }
  });
});

const POLICY: LimitPolicy = { limit: 3, windowMs: 60_000, delayMs: 1000, maxDelayMs: 8000 };

/** The store contract, run on the database always and on Redis when REDIS_URL is set. */
function storeContract(name: string, open: () => Promise<{ store: RateLimitStore; close(): Promise<void> }>) {
  describe(`rate-limit store: ${name}`, () => {
    let store: RateLimitStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    }, 120_000);
    afterAll(() => close?.());

    it('allows `limit` hits, then delays 1 s, 2 s, 4 s, 8 s, 8 s', async () => {
      const key = `test:${randomUUID()}`;
      const t0 = Date.parse('2030-01-01T00:00:00Z');
      const delays: number[] = [];
      for (let i = 0; i < 8; i++) {
        const now = new Date(t0 + i * 100);
        const until = await store.hit(key, POLICY, now);
        delays.push(until ? until.getTime() - now.getTime() : 0);
      }
      expect(delays).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 8000]);
      expect(await store.blockedUntil(key, new Date(t0 + 800))).not.toBeNull();
      expect(await store.blockedUntil(key, new Date(t0 + 700 + 8001))).toBeNull();
    });

    it('forgets a counter a window after its last delay, and on reset', async () => {
      const key = `test:${randomUUID()}`;
      const t0 = Date.parse('2030-01-01T00:00:00Z');
      for (let i = 0; i < 4; i++) await store.hit(key, POLICY, new Date(t0));
      // Still remembered a little after the delay: the next hit is delayed longer.
      expect(await store.hit(key, POLICY, new Date(t0 + 2000))).not.toBeNull();
      // A window after the last delay: counted from 1 again.
      expect(await store.hit(key, POLICY, new Date(t0 + 2000 + 2000 + POLICY.windowMs + 1))).toBeNull();
      for (let i = 0; i < 4; i++) await store.hit(key, POLICY, new Date(t0 + 200_000));
      expect(await store.blockedUntil(key, new Date(t0 + 200_000))).not.toBeNull();
      await store.reset(key);
      expect(await store.blockedUntil(key, new Date(t0 + 200_000))).toBeNull();
    });

    it('counts concurrent hits exactly once each', async () => {
      const key = `test:${randomUUID()}`;
      const now = new Date(Date.parse('2030-01-01T00:00:00Z'));
      const results = await Promise.all(Array.from({ length: 20 }, () => store.hit(key, POLICY, now)));
      expect(results.filter((r) => r === null).length).toBe(POLICY.limit);
    });
  });
}

for (const target of databaseTargets()) {
  storeContract(`database (${target})`, async () => {
    const t = await createTestContext({ target });
    return { store: createDatabaseStore(t.services.db), close: () => t.close() };
  });
}

const redisUrl = process.env.REDIS_URL;
// CI sets REDIS_URL (.ci/run): there a missing one is a failure, not a skip.
if (!redisUrl && process.env.CI === 'true') throw new Error('CI=true needs REDIS_URL: the Redis rate-limit store must be tested in CI');
describe.skipIf(!redisUrl)('Redis', () => {
  storeContract('redis', async () => {
    const store = await createRedisStore(redisUrl!);
    return { store, close: () => store.close() };
  });

  it('shares counters between two app instances with their own Redis connections', async () => {
    const first = await createTestContext({ env: { REDIS_URL: redisUrl! } });
    const second = await createServices(first.config, {
      database: first.services.database,
      clock: first.services.clock,
      log: createLogger('silent'),
    });
    const other = createApp(second);
    try {
      const user = await first.createUser({ password: 'Owner-pass-1' });
      const ip = `192.0.2.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await from(i % 2 ? other : first.app, ip, 'POST', '/auth/authenticate', { email: user.email, password: 'Wrong-pass-1' })).status);
      expect(statuses).toContain(429);
      expect((await from(other, ip, 'POST', '/auth/authenticate', { email: user.email, password: 'Owner-pass-1' })).status).toBe(429);
    } finally {
      await second.mailWorker.stop();
      await second.rateLimits.close();
      await first.close();
    }
  }, 120_000);
});
