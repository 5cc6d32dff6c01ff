// Quotes from the permit desk (issue 12) over HTTP: refusals first (403 for customers, 401 anonymous, 404
// unknown and other companies', 400 bad input, 409 expired or answered), then the life of a quote: issued
// with the total computed and the customer mailed the /quote/{quoteId} link; read and accepted by the
// customer, which records the order, moves the permit to its next stage and tells the team; declined,
// which mails the assigned operator (or every operator). Each step is in the audit trail.
import { STAGE, type PermitQuote } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, jobSite, operator, requestPermit, type JobSite } from '../test/permit-fixtures.js';

const DAY = 24 * 60 * 60 * 1000;
const day = (date: Date, days = 0) => new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);

describe.each(databaseTargets())('quotes from the permit desk on %s', (target) => {
  let t: TestContext;
  let customer: TestUser;
  let observer: TestUser;
  let stranger: TestUser;
  let team: TestUser;
  let colleague: TestUser;
  let companyId: number;
  let site: JobSite;

  const issue = (permitId: number, body: unknown, as: TestUser = team) => t.request<PermitQuote>('POST', `/v4/operator/permits/${permitId}/quotes`, { token: as.accessToken, body });
  const LINES = [{ label: 'Permit filing service', amount: 350 }, { label: 'Municipal fee (estimate)', amount: 129.99 }];
  const validBody = () => ({ lineItems: LINES, validUntil: day(t.services.clock(), 14) });
  const auditOf = (quoteId: string) =>
    t.services.db.selectFrom('audit_events').selectAll().where('entity', '=', 'quote').where('entity_id', '=', quoteId).orderBy('id').execute();
  const stageOf = async (permitId: number) => (await t.services.db.selectFrom('permits').select('stage').where('id', '=', permitId).executeTakeFirstOrThrow()).stage;

  beforeAll(async () => {
    t = await createTestContext({ target });
    customer = await t.createUser({ name: 'Carla Customer' });
    observer = await t.createUser({ name: 'Oscar Observer' });
    stranger = await t.createUser({ name: 'Sam Stranger' });
    team = await operator(t);
    colleague = await operator(t);
    companyId = await companyOf(t, customer, 'Carla Construction');
    await t.services.companies.addMember(companyId, observer.sub, 'user');
    await companyOf(t, stranger, 'Stranger Builders');
    site = await jobSite(t);
  });
  afterAll(() => t?.close());

  it('refuses customers (403) and anonymous callers (401) on the team calls, and answers 404 for an unknown permit', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    for (const [method, body] of [['GET', undefined], ['POST', validBody()]] as const) {
      const path = `/v4/operator/permits/${permitId}/quotes`;
      const refused = await t.request(method, path, { token: customer.accessToken, body });
      expect(refused.status, `${method} as customer`).toBe(403);
      expect(refused.body).toEqual({ message: 'Only the permit team can do this.', code: 'STAFF_ONLY' });
      expect((await t.request(method, path, { body })).status, `${method} anonymous`).toBe(401);
      const unknown = await t.request(method, '/v4/operator/permits/999999/quotes', { token: team.accessToken, body });
      expect(unknown.status, `${method} unknown`).toBe(404);
      expect(unknown.body.message).toBe('Permit not found.');
    }
    expect((await t.services.db.selectFrom('permit_quotes').select('quote_id').where('permit_id', '=', permitId).execute()).length).toBe(0);
  });

  it('answers 400 with a clear message to a quote without line items, with a bad amount or a past valid-until date', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const cases: [unknown, string][] = [
      [{ lineItems: [], validUntil: day(t.services.clock(), 3) }, 'Add at least one line item.'],
      [{ lineItems: [{ label: 'Fee', amount: -5 }], validUntil: day(t.services.clock(), 3) }, 'Each amount is a number of dollars and cents, from 0 to 10,000,000.'],
      [{ lineItems: [{ label: '', amount: 5 }], validUntil: day(t.services.clock(), 3) }, 'Each line item needs a description.'],
      [{ lineItems: LINES, validUntil: 'next week' }, 'Valid until must be a date (YYYY-MM-DD).'],
      [{ lineItems: LINES, validUntil: day(t.services.clock(), -1) }, 'Valid until must be today or a later date.'],
    ];
    for (const [body, message] of cases) {
      const res = await issue(permitId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text).toContain(message);
    }
  });

  it('issues a quote: total computed, linked to the permit, audited, and the customer mailed the link to /quote/{quoteId}', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const res = await issue(permitId, validBody());
    expect(res.status, res.text).toBe(200);
    const quote = res.body;
    expect(quote).toMatchObject({ permitId, status: 'pending', total: 479.99, lineItems: LINES, orderId: null, answeredAt: null });
    expect(quote.quoteId).toMatch(/^Q-[2-9A-Z]{10}$/);
    const mail = (await t.mailbox(customer.email)).find((m) => m.template === 'quote_issued');
    expect(mail?.links).toContain(`http://permitdesk.test/quote/${quote.quoteId}`);
    expect(mail?.text).toContain('$479.99');
    expect(mail?.text).toContain('Permit filing service: $350.00');
    const [audit] = await auditOf(quote.quoteId);
    expect(audit).toMatchObject({ action: 'issued', actor_user_id: team.sub, actor_role: 'permit_team', permit_id: permitId, company_id: companyId, customer_visible: true });
    expect(audit!.request_id).toBeTruthy();
    const listed = await t.request<PermitQuote[]>('GET', `/v4/operator/permits/${permitId}/quotes`, { token: team.accessToken });
    expect(listed.body.map((q) => q.quoteId)).toEqual([quote.quoteId]);
    // The SPEC's header path is the external integration's: it never finds a desk quote.
    const external = await t.request('GET', `/v1/permit-quote/${quote.quoteId}`, { headers: { sass_agent_id: 'agent-7', sass_organization_id: 'org-42' } });
    expect(external.status).toBe(404);
  });

  it('hides a quote from another company (404) and lets an Observer read it but not answer it (403)', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const { quoteId } = (await issue(permitId, validBody())).body;
    for (const path of [`/v4/quotes/${quoteId}`, `/v4/quotes/${quoteId}/accept`, `/v4/quotes/${quoteId}/decline`]) {
      const res = await t.request(path.endsWith(quoteId) ? 'GET' : 'POST', path, { token: stranger.accessToken, body: path.endsWith(quoteId) ? undefined : {} });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('Quote not found.');
    }
    expect((await t.request('GET', '/v4/quotes/Q-NOSUCHQUOTE', { token: customer.accessToken })).status).toBe(404);
    expect((await t.request('GET', `/v4/quotes/${quoteId}`, { token: observer.accessToken })).status).toBe(200);
    const refused = await t.request('POST', `/v4/quotes/${quoteId}/accept`, { token: observer.accessToken });
    expect(refused.status).toBe(403);
    expect((await t.request('GET', `/v4/quotes/${quoteId}`, { token: customer.accessToken })).body.status).toBe('pending');
  });

  it('accepting records the order, moves the permit from Requested to Processing, tells the team, and cannot be done twice', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    expect(await stageOf(permitId)).toBe(STAGE.Requested);
    const { quoteId } = (await issue(permitId, validBody())).body;
    const seen = await t.request<PermitQuote>('GET', `/v4/quotes/${quoteId}`, { token: customer.accessToken });
    expect(seen.body).toMatchObject({ quoteId, status: 'pending', total: 479.99, customerName: 'Hannah Homeowner' });
    const accepted = await t.request<PermitQuote>('POST', `/v4/quotes/${quoteId}/accept`, { token: customer.accessToken });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted' });
    expect(accepted.body.orderId).toMatch(/^ORD-/);
    expect(accepted.body.answeredAt).toBeTruthy();
    expect(await stageOf(permitId)).toBe(STAGE.Processing);
    const history = await t.services.db.selectFrom('permit_stage_history').selectAll().where('permit_id', '=', permitId).execute();
    expect(history.at(-1)).toMatchObject({ from_stage: STAGE.Requested, to_stage: STAGE.Processing, changed_by: customer.sub });
    expect(history.at(-1)!.note).toContain(quoteId);
    const audit = await auditOf(quoteId);
    expect(audit.map((a) => a.action)).toEqual(['issued', 'accepted']);
    expect(audit[1]).toMatchObject({ actor_user_id: customer.sub, actor_role: 'customer', before: { status: 'pending' } });
    // Not assigned: every operator hears of it, with a link to the desk.
    for (const member of [team, colleague]) {
      const told = (await t.mailbox(member.email)).find((m) => m.template === 'quote_answered' && m.text.includes(quoteId));
      expect(told?.links).toContain(`http://permitdesk.test/ops/permits/${permitId}`);
      expect(told?.text).toContain('The permit moved to Processing.');
    }
    for (const action of ['accept', 'decline']) {
      const again = await t.request('POST', `/v4/quotes/${quoteId}/${action}`, { token: customer.accessToken, body: {} });
      expect(again.status, action).toBe(409);
      expect(again.body.message).toBe('This quote has already been answered.');
    }
    expect(await stageOf(permitId)).toBe(STAGE.Processing);
  });

  it('an expired quote cannot be accepted (409) and reads expired', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const { quoteId } = (await issue(permitId, { lineItems: LINES, validUntil: day(t.services.clock(), 1) })).body;
    t.advanceTime(2 * DAY);
    try {
      // Two days on the access token has expired: sign in again.
      const later = await t.signIn(customer.email, customer.password);
      expect((await t.request('GET', `/v4/quotes/${quoteId}`, { token: later.accessToken })).body.status).toBe('expired');
      const res = await t.request('POST', `/v4/quotes/${quoteId}/accept`, { token: later.accessToken });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ message: 'This quote has expired.', code: 'QUOTE_EXPIRED' });
      expect(await stageOf(permitId)).toBe(STAGE.Requested);
    } finally {
      t.advanceTime(-2 * DAY);
    }
  });

  it('declining keeps the stage, stores the reason and mails the assigned operator only', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    await t.services.db.updateTable('permits').set({ assigned_to: colleague.sub }).where('id', '=', permitId).execute();
    const { quoteId } = (await issue(permitId, validBody())).body;
    const res = await t.request<PermitQuote>('POST', `/v4/quotes/${quoteId}/decline`, { token: customer.accessToken, body: { reason: 'Too expensive for us.' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'declined', declineReason: 'Too expensive for us.', orderId: null });
    expect(await stageOf(permitId)).toBe(STAGE.Requested);
    const told = (await t.mailbox(colleague.email)).find((m) => m.template === 'quote_answered' && m.text.includes(quoteId));
    expect(told?.text).toContain('Their reason: Too expensive for us.');
    expect((await t.mailbox(team.email)).some((m) => m.text.includes(quoteId) && m.template === 'quote_answered')).toBe(false);
    expect((await auditOf(quoteId)).map((a) => [a.action, a.after])).toEqual([
      ['issued', expect.anything()],
      ['declined', { status: 'declined', reason: 'Too expensive for us.' }],
    ]);
    expect((await t.request('POST', `/v4/quotes/${quoteId}/accept`, { token: customer.accessToken })).status).toBe(409);
  });

  it("keeps the SPEC's header path apart: a desk quote cannot be changed through it, and its own quotes are audited too", async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const { quoteId } = (await issue(permitId, validBody())).body;
    const hijack = await t.request('PUT', `/v1/permit-quote/${quoteId}`, { token: team.accessToken, body: { total: 1, agentId: 'agent-7', orgId: 'org-42', permitId } });
    expect(hijack.status).toBe(409);
    expect(hijack.body.code).toBe('DESK_QUOTE');
    expect((await t.request('GET', `/v4/quotes/${quoteId}`, { token: customer.accessToken })).body).toMatchObject({ total: 479.99, status: 'pending' });

    const external = `Q-EXT-${Date.now()}`;
    const headers = { sass_agent_id: 'agent-7', sass_organization_id: 'org-42' };
    expect((await t.request('PUT', `/v1/permit-quote/${external}`, { token: team.accessToken, body: { total: 1250, agentId: 'agent-7', orgId: 'org-42', permitId } })).status).toBe(200);
    expect((await t.request('POST', `/v1/permit-quote/${external}`, { headers, body: { status: 'accepted', orderId: 'SO-1' } })).status).toBe(200);
    const trail = await auditOf(external);
    expect(trail.map((a) => [a.action, a.actor_role, a.actor_user_id])).toEqual([
      ['issued', 'permit_team', team.sub],
      ['accepted', 'system', null],
    ]);
    expect(trail[1]!.after).toEqual({ status: 'accepted', orderId: 'SO-1' });
  });
});
