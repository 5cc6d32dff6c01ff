// Issue 18: the widget's company step asks whether a company name is free as it is typed. The lookup is
// public (the contractor has no account yet), answers only a boolean (no id, no stored spelling), and is
// limited per client like the other public lookups (rate-limits.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

const PATH = '/v4/lookup/company-name-available';

describe.each(databaseTargets())('company name availability on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
    const owner = await t.createUser();
    const created = await t.request('POST', '/v4/companies', { token: owner.accessToken, body: { name: 'Summit Builders' } });
    expect(created.status).toBe(200);
  });
  afterAll(() => t?.close());

  it('says a taken name is taken whatever its case and spacing, with nothing but the boolean', async () => {
    for (const name of ['Summit Builders', 'summit builders', '  SUMMIT BUILDERS ']) {
      const res = await t.request('GET', PATH, { query: { name } });
      expect(res.status, name).toBe(200);
      expect(res.body, name).toEqual({ available: false });
    }
  });

  it('says a free name is free, without a sign-in', async () => {
    const res = await t.request('GET', PATH, { query: { name: 'Summit Builders West' } });
    expect(res).toMatchObject({ status: 200, body: { available: true } });
  });

  it('refuses a missing, empty or too long name with 400, never 500', async () => {
    for (const query of [{}, { name: '   ' }, { name: 'x'.repeat(201) }]) {
      const res = await t.request('GET', PATH, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });

  it('agrees with the account creation: the name it calls free is created, then taken', async () => {
    const name = 'Canyon Roofing';
    expect((await t.request('GET', PATH, { query: { name } })).body).toEqual({ available: true });
    const owner = await t.createUser();
    expect((await t.request('POST', '/v4/companies', { token: owner.accessToken, body: { name } })).status).toBe(200);
    expect((await t.request('GET', PATH, { query: { name } })).body).toEqual({ available: false });
    const again = await t.request('POST', '/v4/companies', { token: (await t.createUser()).accessToken, body: { name } });
    expect(again).toMatchObject({ status: 409, body: { message: 'Company name has already been taken, please try another name!', code: 'COMPANY_NAME_TAKEN' } });
  });
});
