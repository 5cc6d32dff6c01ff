// Issue 10 item 7: what a sign-up in progress holds (first name, start page, its own verification) is
// told only to its owner; the existence checks SPEC §4.1 needs stay, limited per client (rate-limits.test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

const PARTNER = 'https://partner.example/start';

describe.each(databaseTargets())('sign-up data on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ target, env: { EMBED_ORIGINS: 'https://partner.example' } });
  });
  afterAll(() => ctx?.close());

  it("does not tell a stranger the first name or start page of someone's sign-up (GET /verify_email_reoon)", async () => {
    const email = ctx.email('private');
    const started = await ctx.request('GET', `/verify-reoon/${email}`, { query: { firstName: 'Priya', location: PARTNER } });
    const stranger = await ctx.request('GET', `/verify_email_reoon/${email}`);
    expect(stranger.status).toBe(200);
    expect(stranger.body.firstName).toBeNull();
    expect(stranger.body.location).toBeNull();
    expect(stranger.text).not.toContain('Priya');
    expect(stranger.text).not.toContain('partner.example');
    // A made-up key is a stranger too.
    expect((await ctx.request('GET', `/verify_email_reoon/${email}`, { query: { totp: 'made-up-key' } })).body.firstName).toBeNull();
    // The owner (the browser holding the flow key) sees them.
    const owner = await ctx.request('GET', `/verify_email_reoon/${email}`, { query: { totp: started.body.totp } });
    expect(owner.body).toMatchObject({ firstName: 'Priya', location: PARTNER });
  });

  it('keeps the existence checks of the sign-up flow', async () => {
    const user = await ctx.createUser();
    expect((await ctx.request('GET', `/check/exist/${user.email}`)).body).toMatchObject({ exists: true, verified: true });
    expect((await ctx.request('GET', `/verify_email_reoon/${user.email}`)).body).toMatchObject({ accountExists: true });
  });
});
