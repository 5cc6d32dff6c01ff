// Issue 18 (SPEC §8): when the server's automatic verification of an address cannot be done, the sign-up
// flow gets 503 with the SPEC's words and a code the widget maps ('Auto Verification Failed. Please
// contact support' + the support address; 'Save Data Reoon From Api Failure !'), never a bare 500.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmailVerifier } from './email-verifier.js';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

describe.each(databaseTargets())('automatic e-mail verification failures on %s', (target) => {
  let t: TestContext;
  let original: EmailVerifier['verify'];
  beforeAll(async () => {
    t = await createTestContext({ target, distinctClients: true });
    original = t.services.emailVerifier.verify;
  });
  afterEach(() => {
    t.services.emailVerifier.verify = original;
  });
  afterAll(() => t?.close());

  it("the verifier failing: 503 AUTO_VERIFICATION_FAILED 'Auto Verification Failed. Please contact support'", async () => {
    t.services.emailVerifier.verify = async () => {
      throw new Error('verifier down');
    };
    const email = t.email('down');
    for (const [method, path, options] of [
      ['GET', `/verify-reoon/${email}`, { query: { firstName: 'Ann' } }],
      ['POST', '/sendMailToVerifyAccount', { body: { toEmail: email, firstName: 'Ann', location: 'http://permitdesk.test/start', source: 'home' } }],
    ] as const) {
      const res = await t.request(method, path, options);
      expect(res.status, path).toBe(503);
      expect(res.body, path).toEqual({ message: 'Auto Verification Failed. Please contact support', code: 'AUTO_VERIFICATION_FAILED' });
    }
    expect(await t.mailbox(email)).toEqual([]);
  });

  it("the verifier's result not saved: 503 VERIFICATION_SAVE_FAILED 'Save Data Reoon From Api Failure !'", async () => {
    const good = await original(t.email('shape'));
    // A verdict the table cannot hold (syntax_valid is NOT NULL): the save fails.
    t.services.emailVerifier.verify = async () => ({ ...good, syntaxValid: null as unknown as boolean });
    const res = await t.request('GET', `/verify-reoon/${t.email('unsaved')}`);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Save Data Reoon From Api Failure !', code: 'VERIFICATION_SAVE_FAILED' });
  });

  it('a working verifier still answers', async () => {
    const res = await t.request('GET', `/verify-reoon/${t.email('fine')}`, { query: { firstName: 'Ann' } });
    expect(res.status).toBe(200);
  });
});
