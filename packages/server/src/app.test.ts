// The app's shared behaviour: health, JSON errors and statuses, body limits, /openapi.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from './app.js';
import { registeredEndpoints } from './http/register.js';
import { createTestContext, databaseTargets, type TestContext } from './test/harness.js';

describe.each(databaseTargets())('app on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz with the database kind', async () => {
    const res = await t.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, database: target });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await t.request('GET', '/v4/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(typeof res.body.message).toBe('string');
  });

  it('answers a bad body with 400 and the SPEC message of the first issue', async () => {
    const res = await t.request('POST', '/auth/sign-up', { body: { email: '', password: 'x', fullName: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Email is required.');
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.fields).toMatchObject({ email: 'Email is required.', fullName: 'Full name is required.' });

    const short = await t.request('POST', '/auth/sign-up', { body: { email: 'a@example.com', password: 'abc', fullName: 'A B' } });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password longer than 7 characters');
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await t.request('POST', '/auth/authenticate', { body: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_JSON');
  });

  it('refuses JSON bodies over 1 MB with 413', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(JSON_BODY_LIMIT) });
    const res = await t.request('POST', '/auth/authenticate', { body: big });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a bearer endpoint without a token with 401 TOKEN_INVALID', async () => {
    const res = await t.request('GET', '/auth/profile');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication token is not valid. ERROR_CODE: TOKEN_INVALID', code: 'TOKEN_INVALID' });
    const forged = await t.request('GET', '/auth/profile', { token: 'not.a.jwt' });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('TOKEN_INVALID');
  });

  it('answers an expired access token with 401 TOKEN_EXPIRED', async () => {
    const user = await t.createUser();
    t.advanceTime(61 * 60 * 1000);
    const res = await t.request('GET', '/auth/profile', { token: user.accessToken });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
    expect(res.body.message).toBe('Your user session has expired and you will need to login again to proceed.');
  });

  it('lists every registered endpoint in /openapi.json, with bearer security where needed', async () => {
    const res = await t.request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as { paths: Record<string, Record<string, { security: unknown[]; operationId: string }>> };
    const registered = registeredEndpoints(t.app);
    expect(registered.length).toBeGreaterThan(10);
    for (const def of registered) {
      const op = doc.paths[def.path]?.[def.method.toLowerCase()];
      expect(op, `${def.method} ${def.path}`).toBeDefined();
      expect(op!.security).toEqual(def.auth === 'bearer' ? [{ bearer: [] }] : []);
    }
    // Every Hono route of a catalogue path is documented (nothing served that the catalogue lacks).
    const documented = new Set(registered.map((d) => `${d.method} ${d.path.replace(/\{(\w+)\}/g, ':$1')}`));
    const served = t.app.routes.filter((r) => r.method !== 'ALL' && documented.has(`${r.method} ${r.path}`));
    expect(served.length).toBe(registered.length);
    expect(doc.paths['/auth/sign-up']?.post?.operationId).toBe('identity.signUp');
  });
});
