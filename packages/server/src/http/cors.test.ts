// CORS and the request id on every kind of answer: a JSON one, an error, a Response a handler builds itself
// (the metrics scrape, a CSV export), a preflight; and with CORS_ORIGINS, only the listed origins.
import { PAGINATION_HEADERS } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

const METRICS_TOKEN = 'cors-test-metrics-token-1234';
const exposed = (headers: Headers) => headers.get('access-control-expose-headers')?.split(',') ?? [];

describe('CORS for any origin (the default)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { METRICS_TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a JSON answer, an error and a handler-built Response carry the same CORS headers and the request id', async () => {
    const origin = { origin: 'https://partner.example' };
    const json = await t.request('GET', '/v4/lookup/municipalities', { query: { keyword: 'spring' }, headers: origin });
    const missing = await t.request('GET', '/v4/no-such-route', { headers: origin });
    const metrics = await t.request('GET', '/metrics', { headers: { ...origin, authorization: `Bearer ${METRICS_TOKEN}`, 'x-request-id': 'scrape-1' } });
    expect([json.status, missing.status, metrics.status]).toEqual([200, 404, 200]);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const answer of [json, missing, metrics]) {
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(exposed(answer.headers)).toEqual(expect.arrayContaining([...Object.values(PAGINATION_HEADERS), 'x-request-id']));
      expect(answer.headers.get('x-request-id')).toBeTruthy();
      expect(answer.headers.get('vary')).toBeNull();
    }
    expect(metrics.headers.get('x-request-id')).toBe('scrape-1');
    expect(json.headers.get(PAGINATION_HEADERS.totalCount)).toBeTruthy();
  });

  it('a preflight answers 204 with the methods, headers and max-age', async () => {
    const res = await t.request('OPTIONS', '/v4/projects/search', {
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,idempotency-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')?.split(',')).toEqual(expect.arrayContaining(['GET', 'PATCH', 'DELETE']));
    expect(res.headers.get('access-control-allow-headers')?.split(',')).toEqual(expect.arrayContaining(['authorization', 'idempotency-key']));
    expect(res.headers.get('access-control-max-age')).toBe('600');
  });
});

describe('CORS with CORS_ORIGINS', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { CORS_ORIGINS: 'https://app.partner.example, https://other.example', METRICS_TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('echoes a listed origin, names none for another, and varies by Origin', async () => {
    for (const path of ['/v4/lookup/municipalities?keyword=spring', '/metrics']) {
      const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
      const listed = await t.request('GET', path, { headers: { origin: 'https://other.example', ...auth } });
      const stranger = await t.request('GET', path, { headers: { origin: 'https://evil.example', ...auth } });
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://other.example');
      expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
      for (const answer of [listed, stranger]) expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/i);
    }
    const preflight = await t.request('OPTIONS', '/v4/projects/search', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
