// Issue 10, item 10: a second invitation (from another company, or the same one again) never touches
// the credentials of an account that already exists, even one whose owner has not signed in yet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

describe.each(databaseTargets())('invitation credentials on %s', (target) => {
  let t: TestContext;
  let ownerA: TestUser;
  let ownerB: TestUser;
  let companyA: number;
  let companyB: number;
  beforeAll(async () => {
    t = await createTestContext({ target });
    ownerA = await t.createUser({ name: 'Alice Acme' });
    ownerB = await t.createUser({ name: 'Bob Birch' });
    companyA = (await t.services.companies.create({ name: 'Acme Builders' }, ownerA.sub)).id;
    companyB = (await t.services.companies.create({ name: 'Birch Roofing' }, ownerB.sub)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const invite = (owner: TestUser, companyId: number, email: string) =>
    t.request('POST', '/v4/invitations/user-type', { token: owner.accessToken, body: { companyId, email, role: 'user' } });
  const temporaryIn = (text: string) => text.match(/temporary password is (\S+);/)?.[1] ?? null;

  it("another company's invitation keeps the invitee's first temporary password, and its mail carries none", async () => {
    const email = t.email('invitee');
    expect((await invite(ownerA, companyA, email)).status).toBe(200);
    const [firstMail] = await t.mailbox(email);
    const temporary = temporaryIn(firstMail!.text);
    expect(temporary).toBeTruthy();

    expect((await invite(ownerB, companyB, email)).status).toBe(200);
    const [secondMail] = await t.mailbox(email);
    expect(secondMail!.subject).toBe('Bob Birch invited you to Birch Roofing');
    expect(temporaryIn(secondMail!.text)).toBeNull();
    expect(secondMail!.text).toContain('Sign in with the temporary password from your earlier PermitDesk invitation');
    expect(secondMail!.text).toContain('forgot password?');

    // The first password still opens the account (and asks for a new one, as before).
    const signIn = await t.request('POST', '/auth/authenticate', { body: { email, password: temporary } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.status).toBe('new_password_required');
  });

  it('re-sending from the same company does not replace it either', async () => {
    const email = t.email('again');
    await invite(ownerA, companyA, email);
    const temporary = temporaryIn((await t.mailbox(email))[0]!.text);
    await invite(ownerA, companyA, email);
    expect(temporaryIn((await t.mailbox(email))[0]!.text)).toBeNull();
    expect((await t.request('POST', '/auth/authenticate', { body: { email, password: temporary } })).body.status).toBe('new_password_required');
  });
});
