// A user's mistake is never a 500: every endpoint of the catalogue, called by a signed-in company owner
// with ids that are not numbers, ids that do not exist, junk queries and junk bodies, answers with a
// 4xx and the { message, code } error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredEndpoints } from './register.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

/** Stand-ins for every path parameter: not a number, a number nobody has, and a string id nobody has. */
const BAD_PARAMS = ['abc', '987654321', 'x'.repeat(300)];
const BAD_QUERIES = ['', '?page=-1&size=abc&id=zz&lat=north&lon=999&type=NOPE&keyword=%00', '?status=%F0%9F%92%A5&sort=;drop'];
const BAD_BODIES: unknown[] = [undefined, {}, [], 'null', { id: 'abc', email: 42, name: { deep: [1] }, companyId: -1, page: 'x' }];

describe.each(databaseTargets())('bad input on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestContext({ target });
    owner = await t.createUser({ name: 'Fuzz Owner' });
    await t.services.companies.create({ name: `Fuzz Co ${Date.now().toString(36)}` }, owner.sub);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every endpoint of the catalogue with a 4xx, never a 5xx', { timeout: 120_000 }, async () => {
    const endpoints = registeredEndpoints(t.app);
    expect(endpoints.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (const def of endpoints) {
      for (const param of BAD_PARAMS) {
        const path = def.path.replace(/\{\w+\}/g, encodeURIComponent(param));
        for (const query of BAD_QUERIES) {
          for (const body of def.method === 'GET' ? [undefined] : BAD_BODIES) {
            // Signing out with the owner's token would end the owner's session for every later call.
            const token = def.path === '/auth/sign-out' ? null : owner.accessToken;
            const res = await t.request(def.method, path + query, { token, ...(body === undefined ? {} : { body }) });
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            const shaped = typeof res.body === 'object' && res.body !== null && 'message' in res.body && 'code' in res.body;
            if (res.status >= 500 || (res.status >= 400 && !shaped)) {
              failures.push(`${def.method} ${path}${query} ${JSON.stringify(body)} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
            }
          }
        }
        if (!def.path.includes('{')) break; // one pass is enough without path parameters
      }
    }
    expect(failures).toEqual([]);
    // The calls got past validation into the handlers too (missing ids, other companies' rows).
    expect(statuses[404]).toBeGreaterThan(100);
    expect(statuses[403]).toBeGreaterThan(50);
  });
});
