// Integrations through the API: the user lookup by e-mail, accounting quotes for the agent and
// organisation of the headers (issued by the permit team, answered once, expired after their date), and
// e-sign documents of a permit's cancellation with their download, resend and TOTP passcodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSite, operator, requestPermit } from '../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { verifyPasscode } from './esign.js';

describe.each(databaseTargets())('integrations on %s', (target) => {
  let t: TestContext;
  let customer: TestUser;
  let stranger: TestUser;
  let staff: TestUser;
  const agent = { sass_agent_id: 'agent-7', sass_organization_id: 'org-42' };

  beforeAll(async () => {
    t = await createTestContext({ target });
    customer = await t.createUser({ name: 'Cleo Customer' });
    stranger = await t.createUser({ name: 'Sid Stranger' });
    staff = await operator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('looks a user up by e-mail', async () => {
    const found = await t.request('GET', `/users/${encodeURIComponent(customer.email.toUpperCase())}`, { token: stranger.accessToken });
    expect(found.body).toEqual({ email: customer.email, exists: true, verified: true });
    expect((await t.request('GET', '/users/nobody%40example.com', { token: stranger.accessToken })).body).toEqual({ email: 'nobody@example.com', exists: false, verified: false });
    expect((await t.request('GET', `/users/${customer.email}`)).status).toBe(401);
  });

  describe('quotes', () => {
    const issue = (user: TestUser, quoteId: string, body: Record<string, unknown>) => t.request('PUT', `/v1/permit-quote/${quoteId}`, { token: user.accessToken, body });
    const read = (quoteId: string, headers: Record<string, string> = agent) => t.request('GET', `/v1/permit-quote/${quoteId}`, { headers });
    const answer = (quoteId: string, body: unknown, headers: Record<string, string> = agent) => t.request('POST', `/v1/permit-quote/${quoteId}`, { headers, body });

    it('is issued by the permit team only', async () => {
      const body = { total: 1250.5, expiryDate: '2999-12-31', onlineInvoiceUrl: 'https://books.example/inv/Q-100', agentId: 'agent-7', orgId: 'org-42' };
      expect((await issue(customer, 'Q-100', body)).status).toBe(403);
      const issued = await issue(staff, 'Q-100', body);
      expect(issued.status).toBe(200);
      expect(issued.body).toEqual({ quoteId: 'Q-100', total: 1250.5, expiryDate: '2999-12-31', status: 'pending', onlineInvoiceUrl: 'https://books.example/inv/Q-100', orderId: null, agentId: 'agent-7', orgId: 'org-42' });
    });

    it('answers only the agent and organisation of the headers', async () => {
      expect((await read('Q-100')).body.total).toBe(1250.5);
      expect((await read('Q-100', { ...agent, sass_organization_id: 'org-other' })).status).toBe(404);
      const missing = await read('Q-100', {});
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('The sass_agent_id and sass_organization_id headers are required.');
      expect((await read('Q-nope')).status).toBe(404);
    });

    it('is accepted once, with the order id', async () => {
      expect((await answer('Q-100', { status: 'maybe', orderId: 'SO-1' })).body.message).toBe('The quote status must be accepted or declined.');
      const accepted = await answer('Q-100', { status: 'accepted', orderId: 'SO-1' });
      expect(accepted.body).toMatchObject({ status: 'accepted', orderId: 'SO-1' });
      const again = await answer('Q-100', { status: 'declined', orderId: 'SO-1' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This quote has already been answered.');
      expect((await read('Q-100')).body.status).toBe('accepted');
      expect((await issue(staff, 'Q-100', { total: 1, agentId: 'agent-7', orgId: 'org-42' })).status).toBe(409);
    });

    it('expires after its expiry date', async () => {
      await issue(staff, 'Q-200', { total: 99, expiryDate: '2020-01-31', agentId: 'agent-7', orgId: 'org-42' });
      expect((await read('Q-200')).body.status).toBe('expired');
      const late = await answer('Q-200', { status: 'accepted', orderId: 'SO-2' });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This quote has expired.');
    });
  });

  describe('e-sign', () => {
    let permitId: number;
    let docId: string;

    beforeAll(async () => {
      permitId = (await requestPermit(t, customer, await jobSite(t))).permitId;
    });

    it('prepares the cancellation document of a permit once, for those who see the permit', async () => {
      expect((await t.request('GET', `/v4/esign-documentable/${permitId}/cancellation`, { token: stranger.accessToken })).status).toBe(404);
      expect((await t.request('GET', `/v4/esign-documentable/${permitId}/lease`, { token: customer.accessToken })).status).toBe(404);
      const first = await t.request('GET', `/v4/esign-documentable/${permitId}/cancellation`, { token: customer.accessToken });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ docID: expect.stringMatching(/^[0-9a-f-]{36}$/), document: `Cancellation request for permit ${permitId}`, isSubmitted: false });
      docId = first.body.docID;
      const again = await t.request('GET', `/v4/esign-documentable/${permitId}/Permit`, { token: customer.accessToken });
      expect(again.body.docID).toBe(docId);

      // Submitting the cancellation request shows in isSubmitted.
      await t.services.db.insertInto('cancellation_requests').values({ permit_id: permitId, requested_by: customer.sub, created_at: new Date() }).execute();
      expect((await t.request('GET', `/v4/esign-documentable/${permitId}/cancellation`, { token: customer.accessToken })).body.isSubmitted).toBe(true);
    });

    it('downloads the stored document and mails the signer again', async () => {
      const download = await t.request('GET', `/v4/documents-esign/download/${docId}`, { token: customer.accessToken });
      expect(download.status).toBe(200);
      const file = await t.app.request(new URL(download.body.url).pathname + new URL(download.body.url).search);
      expect(file.status).toBe(200);
      const html = await file.text();
      expect(html).toContain(`Cancellation request for permit ${permitId}`);
      expect(html).toContain(customer.email);
      expect((await t.request('GET', `/v4/documents-esign/download/${docId}`, { token: stranger.accessToken })).status).toBe(404);
      expect((await t.request('GET', '/v4/documents-esign/download/not-a-doc', { token: customer.accessToken })).status).toBe(404);

      const resent = await t.request('GET', `/v4/documents-esign/resend/${docId}`, { token: customer.accessToken });
      expect(resent.body.docID).toBe(docId);
      const [mail] = await t.mailbox(customer.email);
      expect(mail?.subject).toBe(`Please sign: Cancellation request for permit ${permitId}`);
      expect(mail?.links).toContain(`http://permitdesk.test/permits/${permitId}`);
    });

    it('gives each signer a TOTP passcode that verifies for them only', async () => {
      const mine = await t.request('GET', '/passcode/totp', { token: customer.accessToken, query: { role: 'client' } });
      expect(mine.body.passcode).toMatch(/^\d{6}$/);
      expect((await t.request('GET', '/passcode/totp', { token: customer.accessToken, query: { role: 'client' } })).body.passcode).toBe(mine.body.passcode);
      expect((await t.request('GET', '/passcode/totp', { token: customer.accessToken, query: { role: 'admin' } })).status).toBe(400);
      const db = t.services.db;
      expect(await verifyPasscode(t.services, db, { sub: customer.sub, email: customer.email }, mine.body.passcode)).toBe(true);
      await t.request('GET', '/passcode/totp', { token: stranger.accessToken, query: { role: 'client' } });
      expect(await verifyPasscode(t.services, db, { sub: stranger.sub, email: stranger.email }, mine.body.passcode)).toBe(false);
      t.advanceTime(5 * 60_000);
      expect(await verifyPasscode(t.services, db, { sub: customer.sub, email: customer.email }, mine.body.passcode)).toBe(false);
    });
  });
});
