// Outbound webhooks (issue 14), on PGlite and PostgreSQL, with the services' clock driven (no sleeps):
// a company's owner subscribes a local receiver (node:http on 127.0.0.1); a permit requested for the
// company emits permit.created; the receiver answers 500 then 200 → the delivery is retried with backoff,
// then delivered; every request carries a signature an independent HMAC (node:crypto) verifies; the log
// shows each attempt; a replay sends it again; an endless 500 fails after 24 h. Attacks: a member who is
// not an owner or admin (403), private and plain-http addresses (SSRF), a name that resolves to loopback
// in production, the secret at rest.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, jobSite, requestPermit } from '../test/permit-fixtures.js';
import { emitEvent, refuseUrl, sendWebhookRequest, WEBHOOK_DELIVERY, WEBHOOK_SECRETS } from './index.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers the queued status codes in turn (then 200). */
async function receiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/permitdesk`, received, answers, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The receiver's check, written apart from signature.ts: HMAC-SHA256 over `${timestamp}.${body}`. */
const independentlyValid = (secret: string, r: Received) => {
  const timestamp = String(r.headers['permitdesk-timestamp']);
  const expected = createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex');
  return r.headers['permitdesk-signature'] === `v1=${expected}`;
};

describe.each(databaseTargets())('outbound webhooks on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let admin: TestUser;
  let pm: TestUser;
  let stranger: TestUser;
  let companyId: number;
  let rx: Awaited<ReturnType<typeof receiver>>;
  const hooks = (user: TestUser | null, method = 'GET', suffix = '', body?: unknown) =>
    t.request(method, `/v4/companies/${companyId}/webhooks${suffix}`, { token: user?.accessToken ?? null, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    t = await createTestContext({ target });
    owner = await t.createUser({ name: 'Olive Owner' });
    companyId = await companyOf(t, owner, `Webhook Builders ${target} ${Date.now().toString(36)}`);
    admin = await t.createUser({ name: 'Adam Admin' });
    pm = await t.createUser({ name: 'Pat Pm' });
    stranger = await t.createUser({ name: 'Sam Stranger' });
    await t.services.companies.addMember(companyId, admin.sub, 'administrator');
    await t.services.companies.addMember(companyId, pm.sub, 'pm');
    rx = await receiver();
  });
  afterAll(async () => {
    await rx?.close();
    await t?.close();
  });

  it('refuses a member who is not an owner or administrator, and another company\'s owner (403)', async () => {
    for (const user of [pm, stranger]) {
      expect((await hooks(user)).status).toBe(403);
      expect((await hooks(user, 'POST', '', { url: 'https://hooks.example.com/x', events: ['permit.created'] })).status).toBe(403);
    }
    expect((await hooks(null)).status).toBe(401);
    expect((await hooks(admin)).status).toBe(200);
  });

  it('refuses private, link-local and plain-http addresses, and bad input, with 400 and the reason', async () => {
    const refused = async (url: string) => {
      const res = await hooks(owner, 'POST', '', { url, events: ['permit.created'] });
      expect(res.status, `${url}: ${res.text}`).toBe(400);
      return res.body.message as string;
    };
    expect(await refused('http://hooks.example.com/x')).toMatch(/https/);
    expect(await refused('https://10.0.0.5/x')).toMatch(/private network/);
    expect(await refused('https://169.254.169.254/latest/meta-data')).toMatch(/private network/);
    expect(await refused('https://[fd00::1]/x')).toMatch(/private network/);
    expect(await refused('https://[::ffff:192.168.1.1]/x')).toMatch(/private network/);
    expect(await refused('https://intranet/x')).toMatch(/private network/);
    expect(await refused('ftp://hooks.example.com/x')).toBeTruthy();
    expect((await hooks(owner, 'POST', '', { url: 'https://hooks.example.com/x', events: [] })).status).toBe(400);
    expect((await hooks(owner, 'POST', '', { url: 'https://hooks.example.com/x', events: ['permit.deleted'] })).status).toBe(400);
  });

  it('refuses every private address in production, loopback included, also when a name resolves to it at delivery', async () => {
    const production = { production: true };
    for (const url of ['http://localhost:8080/x', 'http://127.0.0.1/x', 'https://127.0.0.1/x', 'https://localhost/x', 'https://[::1]/x', 'https://192.168.0.10/x', 'https://100.64.1.1/x']) {
      expect(refuseUrl(url, production), url).not.toBeNull();
    }
    expect(refuseUrl('https://hooks.example.com/x', production)).toBeNull();
    expect(refuseUrl('http://127.0.0.1:9/x', { production: false })).toBeNull();
    // A public-looking name that resolves to loopback is refused when connecting (DNS rebinding).
    await expect(sendWebhookRequest('https://localtest.me:1/x', {}, '{}', production)).rejects.toThrow(/private address|ENOTFOUND|EAI_AGAIN/);
    await expect(sendWebhookRequest('http://127.0.0.1:1/x', {}, '{}', production)).rejects.toThrow(/https/);
  });

  it('delivers permit.created signed, retries a 500 with backoff, logs each attempt, and replays it', async () => {
    const created = await hooks(owner, 'POST', '', { url: rx.url, events: ['permit.created', 'permit.stage_changed'], description: 'Local receiver' });
    expect(created.status, created.text).toBe(200);
    const { id: wid, secret } = created.body as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    // Shown once: the list has no secret; at rest it is sealed under the subscription's id.
    const list = await hooks(owner);
    expect(list.text).not.toContain(secret);
    expect(list.body).toEqual([expect.objectContaining({ id: wid, url: rx.url, events: ['permit.created', 'permit.stage_changed'], description: 'Local receiver' })]);
    const stored = await t.services.db.selectFrom('webhook_subscriptions').select('secret_sealed').where('id', '=', wid).executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);
    expect(t.services.secretBox(WEBHOOK_SECRETS).open(wid, stored.secret_sealed)).toBe(secret);

    rx.answers.push(500);
    const site = await jobSite(t);
    const { permitId } = await requestPermit(t, owner, site, { companyId });
    await t.services.jobs.drain();
    expect(rx.received).toHaveLength(1);
    let deliveries = (await hooks(owner, 'GET', `/${wid}/deliveries`)).body;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ eventType: 'permit.created', status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(deliveries[0].lastError).toContain('HTTP 500');

    // Not before the backoff: 30 s.
    t.advanceTime(WEBHOOK_DELIVERY.baseDelayMs - 1_000);
    await t.services.jobs.drain();
    expect(rx.received).toHaveLength(1);
    t.advanceTime(1_000);
    await t.services.jobs.drain();
    expect(rx.received).toHaveLength(2);
    deliveries = (await hooks(owner, 'GET', `/${wid}/deliveries`)).body;
    expect(deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(deliveries[0].log.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);

    // Both requests: the same delivery id and body, each signed (checked independently), the headers set.
    const [first, second] = rx.received as [Received, Received];
    for (const r of [first, second]) {
      expect(independentlyValid(secret, r)).toBe(true);
      expect(independentlyValid('whsec_another', r)).toBe(false);
      expect(r.headers['permitdesk-event']).toBe('permit.created');
      expect(r.headers['permitdesk-delivery']).toBe(deliveries[0].id);
      expect(r.headers['content-type']).toBe('application/json');
    }
    expect(second.body).toBe(first.body);
    const event = JSON.parse(first.body);
    expect(event).toMatchObject({ type: 'permit.created', companyId, data: { permitId } });
    expect(Number(second.headers['permitdesk-timestamp'])).toBeGreaterThan(Number(first.headers['permitdesk-timestamp']));

    // Nothing is sent twice by a drain with nothing due.
    t.advanceTime(24 * 60 * 60 * 1000);
    await t.services.jobs.drain();
    expect(rx.received).toHaveLength(2);

    // Replay: the same delivery again, once; a replay of a queued delivery is a 409.
    [owner, pm] = [await t.signIn(owner.email, owner.password), await t.signIn(pm.email, pm.password)]; // a day later
    const replay = await hooks(owner, 'POST', `/${wid}/deliveries/${deliveries[0].id}/replay`);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body).toMatchObject({ status: 'pending' });
    expect((await hooks(owner, 'POST', `/${wid}/deliveries/${deliveries[0].id}/replay`)).status).toBe(409);
    await t.services.jobs.drain();
    await t.services.jobs.drain();
    expect(rx.received).toHaveLength(3);
    expect(rx.received[2]!.headers['permitdesk-delivery']).toBe(deliveries[0].id);
    expect(independentlyValid(secret, rx.received[2]!)).toBe(true);
    deliveries = (await hooks(owner, 'GET', `/${wid}/deliveries`)).body;
    expect(deliveries[0]).toMatchObject({ status: 'delivered', attempts: 3 });
    // Another company's id or a made-up one: 404 to the owner, 403 to a PM.
    expect((await hooks(owner, 'POST', `/${wid}/deliveries/00000000-0000-4000-8000-000000000000/replay`)).status).toBe(404);
    expect((await hooks(pm, 'POST', `/${wid}/deliveries/${deliveries[0].id}/replay`)).status).toBe(403);
    expect((await hooks(owner, 'GET', '/not-a-uuid/deliveries')).status).toBe(400);

    // A stage change the company did not subscribe to goes nowhere; one it did, arrives.
    await inTransaction(t.services.db, (trx) => emitEvent(trx, { companyId, type: 'quote.issued', data: { quoteId: 'Q-1' }, at: t.services.clock() }));
    await t.services.jobs.drain();
    expect(rx.received).toHaveLength(3);

    expect((await hooks(owner, 'DELETE', `/${wid}`)).status).toBe(200);
    expect((await hooks(owner, 'DELETE', `/${wid}`)).status).toBe(404);
    expect(await t.services.db.selectFrom('webhook_deliveries').select('id').where('subscription_id', '=', wid).execute()).toEqual([]);
  });

  it('retries a receiver that keeps failing for 24 hours, then marks the delivery failed', async () => {
    admin = await t.signIn(admin.email, admin.password);
    const created = await hooks(admin, 'POST', '', { url: rx.url, events: ['inspection.resulted'] });
    expect(created.status, created.text).toBe(200);
    const wid = created.body.id as string;
    rx.answers.push(...Array(200).fill(503));
    const before = rx.received.length;
    const start = t.services.clock().getTime();
    await inTransaction(t.services.db, (trx) => emitEvent(trx, { companyId, type: 'inspection.resulted', data: { permitId: 1, status: 'passed' }, at: t.services.clock() }));
    let delivery: { status: string; attempts: number } = { status: 'pending', attempts: 0 };
    for (let round = 0; round < 80 && delivery.status === 'pending'; round++) {
      await t.services.jobs.drain();
      delivery = await t.services.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('subscription_id', '=', wid).executeTakeFirstOrThrow();
      t.advanceTime(WEBHOOK_DELIVERY.maxDelayMs);
    }
    expect(delivery.status).toBe('failed');
    const sent = rx.received.length - before;
    expect(sent).toBe(delivery.attempts);
    // Backoff: 30 s doubling up to an hour between attempts, for a day: some 25 to 30 attempts.
    expect(sent).toBeGreaterThan(20);
    expect(sent).toBeLessThan(40);
    expect(t.services.clock().getTime() - start).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    admin = await t.signIn(admin.email, admin.password);
    const log = (await hooks(admin, 'GET', `/${wid}/deliveries`)).body[0];
    expect(log).toMatchObject({ status: 'failed', lastStatusCode: 503 });
    expect(log.log).toHaveLength(sent);
    rx.answers.length = 0;
  });
});
