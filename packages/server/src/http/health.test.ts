// /healthz and /readyz in-process: ready once the gazetteer is warm, 503 with the failing check while
// draining, and new work refused during the drain while a request already in flight completes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

describe.each(databaseTargets())('health on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is alive at once and ready only when database, migrations and gazetteer are', async () => {
    expect((await t.request('GET', '/healthz')).status).toBe(200);
    const cold = await t.request('GET', '/readyz');
    if (!t.services.geo.isWarm()) {
      expect(cold.status).toBe(503);
      expect(cold.body.checks).toMatchObject({ database: true, migrations: true, gazetteer: false });
    }
    t.services.geo.warm();
    const ready = await t.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ready: true, checks: { draining: false, database: true, migrations: true, gazetteer: true } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('drains: a request in flight completes, /readyz says 503, new work is refused', async () => {
    t.services.geo.warm();
    const { lifecycle } = t.services;
    // A request in flight: its body arrives only when the test releases it.
    let release!: () => void;
    const bodyArrives = new Promise<void>((resolve) => (release = resolve));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await bodyArrives;
        controller.enqueue(encoder.encode(JSON.stringify({ email: 'nobody@example.com', password: 'wrong password 1' })));
        controller.close();
      },
    });
    const slow = t.app.request('/auth/authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    // Wait for the request to be counted in flight (the handler awaits its body).
    while (lifecycle.inFlight === 0) await new Promise((resolve) => setImmediate(resolve));

    const drained = lifecycle.drain(60_000);
    const readyz = await t.request('GET', '/readyz');
    expect(readyz.status).toBe(503);
    expect(readyz.body.checks.draining).toBe(true);
    expect((await t.request('GET', '/healthz')).status).toBe(200);
    const refused = await t.request('GET', '/tasks');
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'SHUTTING_DOWN' });
    expect(refused.headers.get('connection')).toBe('close');

    let settled = false;
    void drained.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false); // still waiting for the request in flight

    release();
    const answer = await slow;
    expect(answer.status).toBe(401); // answered (a wrong password), not cut off
    expect(await drained).toBe(true);
    expect(lifecycle.inFlight).toBe(0);
  });
});
