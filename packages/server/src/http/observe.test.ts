// Request logs and metrics: one JSON line per request with its id (propagated or generated, returned,
// and carried into the mail it queued), route pattern, status, duration and user; never a password, a
// token, a cookie or an Authorization header. /metrics: Prometheus text behind METRICS_TOKEN.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { createMailWorker } from '../mail/mail-worker.js';
import type { MailTransport, OutgoingMail } from '../mail/transport.js';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

describe.each(databaseTargets())('request logs and metrics on %s', (target) => {
  let t: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestContext({ target, env: { METRICS_TOKEN }, log: createLogger('debug', { destination: sink }) });
  });
  afterAll(async () => {
    await t?.close();
  });
  const requestLines = () => lines.map((l) => JSON.parse(l) as Record<string, any>).filter((l) => l.msg === 'request');

  it('logs one JSON line per request, with the id, the route pattern and the user, and no secret', async () => {
    const user = await t.createUser({ password: 'Very-secret-pass-4711' });
    lines.length = 0;
    const signIn = await t.request('POST', '/auth/authenticate', {
      body: { email: user.email, password: user.password },
      headers: { 'x-request-id': 'sign-in-req-1', cookie: 'session=cookie-secret-value-99' },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('x-request-id')).toBe('sign-in-req-1');
    const access = signIn.body.tokens.accessToken as string;
    const refresh = signIn.body.tokens.refreshToken as string;
    const profile = await t.request('GET', '/auth/profile', { token: access });
    expect(profile.status).toBe(200);
    const generated = profile.headers.get('x-request-id');
    expect(generated).toMatch(/.{8,}/);
    await t.request('POST', '/auth/refresh', { body: { refreshToken: refresh } });

    const logged = requestLines();
    expect(logged).toHaveLength(3);
    expect(logged[0]).toMatchObject({ level: 'info', requestId: 'sign-in-req-1', method: 'POST', route: '/auth/authenticate', status: 200 });
    expect(typeof logged[0]!.durationMs).toBe('number');
    expect(logged[1]).toMatchObject({ requestId: generated, method: 'GET', route: '/auth/profile', status: 200, userId: user.sub });
    const text = lines.join('\n');
    for (const secret of [user.password, access, refresh, 'cookie-secret-value-99', access.split('.')[2]!]) expect(text).not.toContain(secret);
  });

  it('censors secrets a caller puts in the fields of a line', () => {
    lines.length = 0;
    t.services.log.warn('careless', { password: 'p-4711', body: { refreshToken: 'r-4711' }, headers: { authorization: 'Bearer b-4711', cookie: 'c-4711' } });
    expect(lines.join('\n')).not.toMatch(/4711/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ password: '[redacted]', headers: { authorization: '[redacted]', cookie: '[redacted]' } });
  });

  it('writes the request id into the mail the request queued, and into its headers when sent', async () => {
    const email = t.email('rid');
    const res = await t.request('POST', '/auth/sign-up', { body: { email, password: 'Sign-up-pass-8812', fullName: 'Rita Id' }, headers: { 'x-request-id': 'sign-up-req-7' } });
    expect(res.status).toBe(200);
    const [mail] = await t.mailbox(email);
    expect(mail!.data).toMatchObject({ requestId: 'sign-up-req-7' });
    const sent: OutgoingMail[] = [];
    const transport = { kind: 'sent', deliver: async (m: OutgoingMail) => void sent.push(m), close: () => {} } as MailTransport;
    await createMailWorker({ db: t.services.db, transport, from: 'test@permitdesk.local', clock: t.services.clock, log: t.services.log }).drain();
    expect(sent.find((m) => m.to === email)?.requestId).toBe('sign-up-req-7');
  });

  it('serves /metrics only with the token, with requests, login failures, queries and the mail queue', async () => {
    expect((await t.request('GET', '/metrics')).status).toBe(401);
    expect((await t.request('GET', '/metrics', { token: 'metrics-token-wrong-0000000000' })).status).toBe(401);
    const user = await t.createUser();
    expect((await t.request('POST', '/auth/authenticate', { body: { email: user.email, password: 'not the password 1' } })).status).toBe(401);
    await t.request('GET', '/healthz');
    await t.request('GET', '/v4/nothing/here');
    const res = await t.request('GET', '/metrics', { token: METRICS_TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = res.text;
    expect(text).toMatch(/permitdesk_http_requests_total\{method="GET",route="\/healthz",status="200"\} [1-9]/);
    expect(text).toMatch(/permitdesk_http_requests_total\{method="GET",route="\(unmatched\)",status="404"\} 1/);
    expect(text).not.toContain('/v4/nothing/here');
    expect(text).toMatch(/permitdesk_http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/auth\/authenticate",status="401"\}/);
    expect(text).toMatch(/permitdesk_login_failures_total\{reason="401"\} 1/);
    expect(text).toMatch(/permitdesk_db_query_duration_seconds_count\{outcome="ok"\} [1-9]/);
    expect(text).toMatch(/permitdesk_queue_depth\{queue="mail"\} \d+/);
    expect(text).toMatch(/permitdesk_queue_oldest_age_seconds\{queue="mail"\} [\d.]+/);
    expect(text).toMatch(/permitdesk_queue_depth\{queue="jobs"\} \d+/);
    if (target === 'postgres') expect(text).toMatch(/permitdesk_db_pool_connections\{state="total"\} \d+/);
  });
});

describe('metrics switched off', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no /metrics without METRICS_TOKEN or METRICS_PORT', async () => {
    expect((await t.request('GET', '/metrics')).status).toBe(404);
  });
});
