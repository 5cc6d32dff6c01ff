// The sign-up funnel (issue 18), on PGlite and PostgreSQL: the widget's public event is stored once per
// session and step (a repeat changes nothing, and the answer never says which), bad input is a 400 with
// the reason, a large body a 413, one client is rate-limited; the report is the permit team's only.
import { FUNNEL_RANGE_MESSAGE, UNKNOWN_FUNNEL_STEP_MESSAGE, type FunnelReport } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS as LIMITS } from '../rate-limits/limiter.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { operator } from '../test/permit-fixtures.js';
import { FUNNEL_KEEP_DAYS, originOf, pruneFunnelEvents, recordFunnelEvent } from './funnel.js';

const PLATFORM = 'https://app.platform.example';
const PARTNER = 'https://frames.partner.example';


describe.each(databaseTargets())('the sign-up funnel on %s', (target) => {
  let t: TestContext;
  let team: TestUser;
  let customer: TestUser;
  let clientNo = 0;
  /** A client address of its own per call (the rate-limit test uses one on purpose). */
  const from = (ip = `198.51.100.${(clientNo = (clientNo % 250) + 1)}`) => ({ 'x-forwarded-for': ip });
  let sessionNo = 0;
  const session = () => `test-${target}-${++sessionNo}-${Math.random().toString(36).slice(2, 10)}`;
  const send = (body: unknown, headers: Record<string, string> = from()) => t.request('POST', '/v4/funnel/events', { body, headers, token: null });
  const report = (user: TestUser | null, query: Record<string, string> = {}) =>
    t.request<FunnelReport & { message?: string; code?: string }>('GET', '/v4/operator/funnel', { token: user?.accessToken ?? null, query, headers: from() });
  const today = () => new Date(t.services.clock()).toISOString().slice(0, 10);
  const countOf = (r: FunnelReport, step: string) => r.steps.find((s) => s.step === step)!.sessions;

  beforeAll(async () => {
    t = await createTestContext({ target, env: { TRUST_PROXY: 'on', PLATFORM_ORIGINS: PLATFORM, EMBED_ORIGINS: PARTNER } });
    team = await operator(t);
    customer = await t.createUser({ name: 'Carl Customer' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the partner origin only', () => {
    expect(originOf('https://partner.example/path/page?email=a@b.c#x')).toBe('https://partner.example');
    expect(originOf('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('not a url')).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });

  it('stores an event once per session and step, and says the same either way', async () => {
    const origin = `https://once-${target}.example`;
    const s = session();
    const first = await send({ step: 'contractor', session: s, fromURL: `${origin}/permits?x=1` });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true });
    const again = await send({ step: 'contractor', session: s, fromURL: `${origin}/other` });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    await send({ step: 'sign-up', session: s, fromURL: origin });
    const rows = await t.services.db.selectFrom('funnel_events').selectAll().where('session', '=', s).orderBy('step').execute();
    expect(rows.map((r) => [r.step, r.origin])).toEqual([['contractor', origin], ['sign-up', origin]]);

    const r = await report(team, { origin });
    expect(r.status).toBe(200);
    expect(countOf(r.body, 'contractor')).toBe(1);
    expect(countOf(r.body, 'sign-up')).toBe(1);
    expect(r.body.origin).toBe(origin);
  });

  it('takes the Origin header when the event names no page, and text/plain bodies (sendBeacon)', async () => {
    const s = session();
    const res = await t.request('POST', '/v4/funnel/events', {
      body: JSON.stringify({ step: 'existing-customer', session: s }),
      headers: { ...from(), 'content-type': 'text/plain;charset=UTF-8', origin: 'https://beacon.example' },
      token: null,
    });
    expect(res.status).toBe(200);
    const row = await t.services.db.selectFrom('funnel_events').selectAll().where('session', '=', s).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ step: 'existing-customer', origin: 'https://beacon.example' });
  });

  describe("PermitDesk's hosted /embed pages (issue 18): counted under the page framing them when it may", () => {
    const own = () => new URL(t.services.config.PUBLIC_URL).origin;
    const recorded = async (body: Record<string, unknown>) => {
      const s = session();
      const res = await send({ step: 'contractor', session: s, ...body });
      expect(res.status).toBe(200);
      return (await t.services.db.selectFrom('funnel_events').select('origin').where('session', '=', s).executeTakeFirstOrThrow()).origin;
    };

    it("counts the construction platform's embed under the platform, and the funnel report shows it", async () => {
      expect(await recorded({ fromURL: `${own()}/embed/construction-platform?projectId=7`, embeddedIn: `${PLATFORM}/projects/7/permits` })).toBe(PLATFORM);
      const r = await report(team, { origin: PLATFORM });
      expect(r.status).toBe(200);
      expect(r.body.origins.find((o) => o.origin === PLATFORM)).toMatchObject({ name: t.services.config.PLATFORM_NAME });
      expect(r.body.origins.find((o) => o.origin === PARTNER)?.name).toBeUndefined();
      expect(countOf(r.body, 'contractor')).toBeGreaterThanOrEqual(1);
    });

    it('counts the partner embed under a partner listed in EMBED_ORIGINS', async () => {
      expect(await recorded({ fromURL: `${own()}/embed`, embeddedIn: PARTNER })).toBe(PARTNER);
    });

    it('keeps its own origin when the framer is not allowed to frame it, or is itself', async () => {
      expect(await recorded({ fromURL: `${own()}/embed`, embeddedIn: 'https://evil.example/phish' })).toBe(own());
      expect(await recorded({ fromURL: `${own()}/embed`, embeddedIn: `${own()}/radar` })).toBe(own());
      expect(await recorded({ fromURL: `${own()}/embed`, embeddedIn: 'javascript:alert(1)' })).toBe(own());
    });

    it("never lets a partner's own page be counted as the platform's", async () => {
      expect(await recorded({ fromURL: 'https://someone-else.example/page', embeddedIn: PLATFORM })).toBe('https://someone-else.example');
    });

    it('refuses an over-long framing page like an over-long page address', async () => {
      const res = await send({ step: 'contractor', session: session(), embeddedIn: `https://x.example/${'a'.repeat(2100)}` });
      expect(res.status).toBe(400);
    });
  });

  it('refuses an unknown step, a bad session, junk and a large body, storing nothing', async () => {
    const before = await t.services.db.selectFrom('funnel_events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const unknown = await send({ step: 'bought-a-boat', session: session() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(UNKNOWN_FUNNEL_STEP_MESSAGE);
    expect(unknown.body.message).toContain('permit-started');
    for (const body of [
      { step: 'sign-in', session: 'short' },
      { step: 'sign-in', session: 'has spaces and / slashes' },
      { step: 'sign-in', session: session(), extra: 'field' },
      { step: 'sign-in' },
      {},
      'not json',
      [],
    ]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBeTypeOf('string');
    }
    const huge = await send({ step: 'sign-in', session: session(), fromURL: `https://x.example/${'a'.repeat(5000)}` });
    expect(huge.status).toBe(413);
    const after = await t.services.db.selectFrom('funnel_events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('rate-limits one client, whatever sessions it makes up', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.funnel.limit; i += 1) statuses.push((await send({ step: 'sign-in', session: session() }, { 'x-forwarded-for': ip })).status);
    expect(statuses.slice(0, LIMITS.funnel.limit).every((s) => s === 200)).toBe(true);
    const limited = await send({ step: 'sign-in', session: session() }, { 'x-forwarded-for': ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another client is not held up.
    expect((await send({ step: 'sign-in', session: session() })).status).toBe(200);
  });

  it('reports stages and drop-out over a date range and per origin', async () => {
    const origin = `https://report-${target}.example`;
    const journey = async (steps: string[]) => {
      const s = session();
      for (const step of steps) await send({ step, session: s, fromURL: origin });
    };
    await journey(['contractor', 'sign-up', 'permit-started', 'success-page']);
    await journey(['do-it-yourselfer', 'sign-up', 'permit-started']);
    await journey(['existing-customer', 'sign-in']);
    await journey(['contractor']);
    await journey(['permit-started']); // already signed in: counts at every earlier stage too
    const r = await report(team, { origin });
    expect(r.status).toBe(200);
    expect(r.body.from <= r.body.to).toBe(true);
    expect(r.body.to).toBe(today());
    expect(r.body.steps.map((s) => s.sessions)).toEqual([1, 2, 1, 2, 3, 1, 1]);
    expect(r.body.stages.map((s) => [s.key, s.sessions])).toEqual([['start', 5], ['account', 4], ['form', 3], ['done', 1]]);
    expect(r.body.stages[0]!.dropOut).toBeNull();
    expect(r.body.stages[1]!.dropOut).toBeCloseTo(0.2);
    expect(r.body.stages[3]!.dropOut).toBeCloseTo(2 / 3);
    expect(r.body.origins.some((o) => o.origin === origin && o.sessions === 5)).toBe(true);

    // Every origin: at least these; a range before today: none of them.
    const all = await report(team);
    expect(all.body.origin).toBeNull();
    expect(countOf(all.body, 'success-page')).toBeGreaterThanOrEqual(1);
    const past = await report(team, { origin, from: '2020-01-01', to: '2020-01-31' });
    expect(past.status).toBe(200);
    expect(past.body.stages.every((s) => s.sessions === 0)).toBe(true);
    expect(past.body.stages[1]!.dropOut).toBe(0);
  });

  it('drops visits older than the kept days, and only those', async () => {
    const now = t.services.clock();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const old = session();
    const kept = session();
    await recordFunnelEvent(t.services.db, { step: 'sign-up', session: old, origin: PARTNER }, daysAgo(FUNNEL_KEEP_DAYS + 1));
    await recordFunnelEvent(t.services.db, { step: 'sign-up', session: kept, origin: PARTNER }, daysAgo(FUNNEL_KEEP_DAYS - 1));
    const sessions = async () =>
      (await t.services.db.selectFrom('funnel_events').select('session').where('session', 'in', [old, kept]).execute()).map((row) => row.session);
    expect((await sessions()).sort()).toEqual([old, kept].sort());
    expect(await pruneFunnelEvents(t.services.db, now)).toBeGreaterThanOrEqual(1);
    expect(await sessions()).toEqual([kept]);
  });

  it('refuses a reversed or too long range and a bad date', async () => {
    const reversed = await report(team, { from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(FUNNEL_RANGE_MESSAGE);
    expect((await report(team, { from: '2020-01-01', to: '2026-01-01' })).status).toBe(400);
    expect((await report(team, { from: 'yesterday' })).status).toBe(400);
  });

  it('shows the report to the permit team only', async () => {
    expect((await report(null)).status).toBe(401);
    const refused = await report(customer);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STAFF_ONLY');
  });
});
