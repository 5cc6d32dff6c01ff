// Issue 10 items 7 and 12: the similar-address notice told anonymous visitors that someone asked for a
// permit at an address, and PUT /address-count/{id} let anyone count requests and rename the place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

const ADDRESS = 'us.00c0ffee00c0ffee.62704.';
const ADDRESS_ID = '00c0ffee00c0ffee';

describe.each(databaseTargets())('address counts on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ target });
  });
  afterAll(() => ctx?.close());

  /** A project of `company` (or a personal one of `owner`) at the address, as a stored permit request leaves it. */
  async function projectAt(company: number | null, owner: string) {
    await ctx.services.db
      .insertInto('projects')
      .values({
        company_id: company, owner_user_id: owner, created_by: owner, customer_name: 'Marge Simpson',
        street_address: '742 Evergreen Terrace', city: 'Springfield', state: 'IL', postal_code: '62704',
        project_address: '742 Evergreen Terrace, Springfield, IL 62704', address_id: ADDRESS_ID, latitude: 39.78, longitude: -89.65,
      })
      .execute();
    await ctx.services.db
      .insertInto('address_counts')
      .values({ address_id: ADDRESS_ID, count: 1, details: JSON.stringify({ longitude: -89.65, latitude: 39.78, place_name: '742 Evergreen Terrace' }), source: 'widget' })
      .onConflict((oc) => oc.column('address_id').doUpdateSet((eb) => ({ count: eb('address_counts.count', '+', 1) })))
      .execute();
  }

  async function companyOf(user: { accessToken: string }, name: string): Promise<number> {
    const created = await ctx.request('POST', '/v4/companies', { token: user.accessToken, body: { name, address: '1 Main St, Springfield, IL 62701' } });
    expect(created.status, created.text).toBeLessThan(300);
    return Number(created.body.id);
  }

  it('tells an anonymous visitor nothing, and a signed-in user only about their own company', async () => {
    const owner = await ctx.createUser();
    const company = await companyOf(owner, `Evergreen Builders ${Date.now()}`);
    await projectAt(company, owner.sub);

    const anonymous = await ctx.request('GET', `/address-count/${ADDRESS}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.count).toBe(0);
    expect(anonymous.text).not.toContain('Evergreen');

    const mine = await ctx.request('GET', `/address-count/${ADDRESS}`, { token: owner.accessToken });
    expect(mine.body).toMatchObject({ count: 1, details: { place_name: '742 Evergreen Terrace, Springfield, IL 62704' } });

    const stranger = await ctx.createUser();
    expect((await ctx.request('GET', `/address-count/${ADDRESS}`, { token: stranger.accessToken })).body.count).toBe(0);
    // Their own personal request there counts for them only.
    await projectAt(null, stranger.sub);
    expect((await ctx.request('GET', `/address-count/${ADDRESS}`, { token: stranger.accessToken })).body.count).toBe(1);
    expect((await ctx.request('GET', `/address-count/${ADDRESS}`, { token: owner.accessToken })).body.count).toBe(1);
  });

  it('refuses PUT without a token, and never counts or renames through it', async () => {
    const renamed = { longitude: 0, latitude: 0, place_name: 'Attacker Street' };
    const servedBefore = (await ctx.request('GET', '/v4/lookup/served-requests')).body.count;
    expect((await ctx.request('PUT', `/address-count/${ADDRESS}`, { body: { details: renamed } })).status).toBe(401);
    const user = await ctx.createUser();
    for (let i = 0; i < 3; i++) {
      const answer = await ctx.request('PUT', `/address-count/${ADDRESS}`, { body: { details: renamed }, token: user.accessToken });
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('Attacker Street');
    }
    expect((await ctx.request('GET', '/v4/lookup/served-requests')).body.count).toBe(servedBefore);
    const rows = await ctx.services.db.selectFrom('address_counts').selectAll().where('address_id', '=', ADDRESS_ID).execute();
    expect(JSON.stringify(rows)).not.toContain('Attacker Street');
    // The integrations call may count, but not rename a known place either.
    await ctx.request('POST', '/address-count/integrations', { body: { addressId: ADDRESS, details: renamed }, token: user.accessToken });
    const after = await ctx.services.db.selectFrom('address_counts').selectAll().where('address_id', '=', ADDRESS_ID).execute();
    expect(JSON.stringify(after)).not.toContain('Attacker Street');
  });
});
