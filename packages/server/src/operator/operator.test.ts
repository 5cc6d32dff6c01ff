// The permit team over HTTP: a permit driven through every stage (each derived status, progress and
// message from core's rules shown by the API's data), inspections, replies, cancellation decisions,
// the customer's mails (and drip_email off), project updates, and 403 for everyone else.
import { formChoices, permitStatusView, STAGE, type Permit } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, jobSite, operator, requestPermit, type JobSite } from '../test/permit-fixtures.js';
import { runOperatorCommand } from './cli.js';

describe.each(databaseTargets())('the permit team on %s', (target) => {
  let t: TestContext;
  let customer: TestUser;
  let team: TestUser;
  let companyId: number;
  let site: JobSite;

  const asCustomer = (permitId: number) => t.request<Permit>('GET', `/v3/permits/${permitId}`, { token: customer.accessToken });
  /** A stage change on the version the operator sees now (the call requires one). */
  const move = async (permitId: number, body: Record<string, unknown>) => {
    const current = await t.request<Permit>('GET', `/v4/operator/permits/${permitId}`, { token: team.accessToken });
    return t.request('PUT', `/v4/operator/permits/${permitId}/stage`, { token: team.accessToken, body: { version: current.body.version ?? 1, ...body } });
  };
  const stageMails = async () => (await t.mailbox(customer.email)).filter((m) => m.template === 'permit_stage_update');

  beforeAll(async () => {
    t = await createTestContext({ target });
    customer = await t.createUser({ name: 'Carla Customer' });
    team = await operator(t);
    companyId = await companyOf(t, customer, 'Carla Construction');
    site = await jobSite(t);
  });
  afterAll(() => t?.close());

  it('answers 403 to users outside the permit team on every operator route', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    expect((await t.request('GET', '/v4/operator/status', { token: customer.accessToken })).body).toEqual({ staff: false, role: null });
    expect((await t.request('GET', '/v4/operator/status', { token: team.accessToken })).body).toEqual({ staff: true, role: 'operator' });
    const calls: [string, string, unknown?][] = [
      ['GET', '/v4/operator/permits'],
      ['GET', `/v4/operator/permits/${permitId}`],
      ['PUT', `/v4/operator/permits/${permitId}/stage`, { stage: 20, version: 1 }],
      ['POST', `/v4/operator/permits/${permitId}/inspections`, { inspectionName: 'Final' }],
      ['PATCH', `/v4/operator/permits/${permitId}/inspections/1`, { status: 'passed' }],
      ['POST', `/v4/operator/permits/${permitId}/conversations`, { body: 'Hello' }],
      ['PUT', `/v4/operator/permits/${permitId}/cancellation`, { decision: 'approve' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(method, path, { token: customer.accessToken, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ message: 'Only the permit team can do this.', code: 'STAFF_ONLY' });
      expect((await t.request(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
    }
    // Customers may not set a normal stage through the permit call either.
    const denied = await t.request('PUT', `/v3/permits/${permitId}`, { token: customer.accessToken, body: { stage: STAGE.Open } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Only the permit team can move a permit to this stage.');
  });

  it('drives a permit through every stage; the API data gives each status, progress and message', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const expected: [number, string, number, string | null][] = [
      [STAGE.Processing, 'processing', 33.33, 'Your permit is being processed. We will notify you as soon as it moves forward.'],
      [STAGE.Submitted, 'submitted', 50, 'Your permit has been submitted to the municipality and is pending approval.'],
      [STAGE.Approved, 'approved', 66.66, 'Your permit has been approved and is awaiting payment to be submitted.'],
      [STAGE.Open, 'open', 83.33, 'Your permit is open. Work may begin!'],
      [STAGE.Pending, 'pending', 100, 'Your permit is temporarily on hold. Please contact us.'],
      [STAGE.Canceled, 'canceled', 100, 'Your permit has been canceled. Please contact us if you are unsure why.'],
      [STAGE.Closed, 'closed', 100, 'Keep up the good work!'],
      [STAGE.Unsorted, 'unsorted', 100, null],
      [STAGE.NoPermit, 'no permit', 100, null],
      [STAGE.NoPermitNeeded, 'no permit needed', 100, null],
      [STAGE.PendingCancellation, 'pending cancellation', 100, null],
    ];
    const first = await asCustomer(permitId);
    expect(permitStatusView(first.body, new Date())).toMatchObject({ status: 'requested', progress: 16.66, striped: true });
    const mailsBefore = (await stageMails()).length;
    for (const [stage, status, progress, message] of expected) {
      const moved = await move(permitId, { stage, note: `Now ${status}` });
      expect(moved.status, moved.text).toBe(200);
      const seen = await asCustomer(permitId);
      const view = permitStatusView(seen.body, t.services.clock());
      expect(seen.body.stage).toBe(stage);
      expect(view.status, `stage ${stage}`).toBe(status);
      expect(view.progress, `stage ${stage}`).toBe(progress);
      if (message) expect(view.message).toBe(message);
      if (stage === STAGE.Open) {
        // Opening sets the issue and expiry dates and a permit number.
        expect(seen.body.issuedAt).not.toBeNull();
        expect(Date.parse(seen.body.expiresAt!) - Date.parse(seen.body.issuedAt!)).toBe(180 * 24 * 3600 * 1000);
        expect(seen.body.permitNumber).toMatch(/^NY-\d{4}-\d{6}$/);
      }
    }
    const history = (await asCustomer(permitId)).body.stageHistory!;
    expect(history.map((h) => h.stage)).toEqual([STAGE.Requested, ...expected.map(([stage]) => stage)]);
    expect(history.slice(1).every((h) => h.changedBy === 'permit_team')).toBe(true);
    expect(history[4]).toMatchObject({ name: 'Open', fromStage: STAGE.Approved, note: 'Now open' });
    // One mail per change, with the stage's name and the note.
    const mails = await stageMails();
    expect(mails.length - mailsBefore).toBe(expected.length);
    expect(mails[0]?.subject).toBe(`Permit ${permitId} for Hannah Homeowner: Pending Cancellation`);
    expect(mails.find((m) => m.subject.endsWith(': Open'))?.text).toContain('Now open');
    // The Updates badge feed has a row per change.
    const updates = await t.request('GET', `/v4/companies/${companyId}/project-updates`, { token: customer.accessToken });
    expect(updates.status).toBe(200);
    expect(updates.body.filter((u: { permitId: number }) => u.permitId === permitId).map((u: { stage: number }) => u.stage)).toEqual(
      [...expected.map(([stage]) => stage)].reverse(),
    );
    expect(updates.body[0]).toMatchObject({ permitId, read: false, customerName: 'Hannah Homeowner' });
    // Reading them clears the badge.
    expect((await t.request('POST', `/v4/companies/${companyId}/project-updates/read`, { token: customer.accessToken })).body).toEqual({ ok: true });
    const read = await t.request('GET', `/v4/companies/${companyId}/project-updates`, { token: customer.accessToken });
    expect(read.body.every((u: { read: boolean }) => u.read)).toBe(true);
    expect((await t.request('POST', `/v4/companies/${companyId}/project-updates/read`, { token: team.accessToken })).status).toBe(403);
  });

  it('derives approved from inspections, expired from the expiry date, and gold past the estimated completion', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    await move(permitId, { stage: STAGE.Submitted });
    const add = (inspectionName: string, performOrder?: number) =>
      t.request('POST', `/v4/operator/permits/${permitId}/inspections`, { token: team.accessToken, body: { inspectionName, ...(performOrder ? { performOrder } : {}) } });
    const rough = await add('Rough-in');
    const final = await add('Final');
    const footing = await add('Footing', 1);
    expect(rough.status, rough.text).toBe(200);
    expect(final.body).toMatchObject({ inspectionName: 'Final', status: 'open', performOrder: 2 });
    const seen = await asCustomer(permitId);
    expect(seen.body.permitInspections.map((i) => i.inspectionName)).toEqual(['Footing', 'Rough-in', 'Final']);
    expect(permitStatusView(seen.body, new Date()).status).toBe('submitted');

    const scheduledAt = new Date(Date.now() + 3 * 86400_000).toISOString();
    const scheduled = await t.request('PATCH', `/v4/operator/permits/${permitId}/inspections/${rough.body.id}`, { token: team.accessToken, body: { status: 'scheduled', scheduledAt } });
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledAt });
    for (const id of [rough.body.id, final.body.id, footing.body.id]) {
      const passed = await t.request('PATCH', `/v4/operator/permits/${permitId}/inspections/${id}`, { token: team.accessToken, body: { status: 'passed' } });
      expect(passed.body.status).toBe('passed');
    }
    const approved = permitStatusView((await asCustomer(permitId)).body, new Date());
    expect(approved).toMatchObject({ status: 'approved', progress: 66.66 });
    // Issued, the permit stays open even though every inspection so far has passed.
    await move(permitId, { stage: STAGE.Open });
    expect(permitStatusView((await asCustomer(permitId)).body, new Date()).status).toBe('open');

    const past = new Date(Date.now() - 2 * 86400_000).toISOString();
    await move(permitId, { stage: STAGE.Open, expiresAt: past });
    expect(permitStatusView((await asCustomer(permitId)).body, new Date())).toMatchObject({ status: 'expired', colour: 'red', progress: 100 });

    const { permitId: late } = await requestPermit(t, customer, site, { companyId });
    await move(late, { stage: STAGE.Open, estCompletionAt: past });
    expect(permitStatusView((await asCustomer(late)).body, new Date())).toMatchObject({ status: 'open', colour: 'gold' });

    const bad = await t.request('PATCH', `/v4/operator/permits/${late}/inspections/${rough.body.id}`, { token: team.accessToken, body: { status: 'passed' } });
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe('Inspection not found.');
    const badStatus = await t.request('PATCH', `/v4/operator/permits/${permitId}/inspections/${rough.body.id}`, { token: team.accessToken, body: { status: 'done' } });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toBe('Inspection status must be open, scheduled, passed, failed or canceled.');
    const unknown = await move(permitId, { stage: 33 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown stage: 33.');
    expect((await move(999999, { stage: 20 })).status).toBe(404);
  });

  it('sends no stage mail while drip_email is off', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    await t.services.db.updateTable('global_settings').set({ value: 'false' }).where('setting_key', '=', 'drip_email').execute();
    try {
      const before = (await stageMails()).length;
      expect((await move(permitId, { stage: STAGE.Processing })).status).toBe(200);
      expect((await stageMails()).length).toBe(before);
      expect((await asCustomer(permitId)).body.stageHistory!.at(-1)?.stage).toBe(STAGE.Processing);
    } finally {
      await t.services.db.updateTable('global_settings').set({ value: 'true' }).where('setting_key', '=', 'drip_email').execute();
    }
  });

  it('replies as the permit team; the customer replies as the customer', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const first = await t.request('POST', `/v3/permits/${permitId}/conversations`, { token: customer.accessToken, body: { body: '  When will it be submitted?  ' } });
    expect(first.status, first.text).toBe(200);
    const answer = await t.request('POST', `/v4/operator/permits/${permitId}/conversations`, { token: team.accessToken, body: { body: 'This week.', conversationId: first.body.id } });
    expect(answer.status).toBe(200);
    expect(answer.body.messages.map((m: { body: string; author: unknown }) => [m.body, m.author])).toEqual([
      ['When will it be submitted?', { name: 'Carla Customer', role: 'customer' }],
      ['This week.', { name: 'Permit Team', role: 'permit_team' }],
    ]);
    expect(answer.body.participants).toEqual([{ name: 'Carla Customer', role: 'customer' }, { name: 'Permit Team', role: 'permit_team' }]);
    const seen = await asCustomer(permitId);
    expect(seen.body.conversations).toHaveLength(1);
    const updates = await t.request('GET', `/v4/companies/${companyId}/project-updates`, { token: customer.accessToken });
    expect(updates.body[0].message).toBe(`The permit team replied about the ${site.taskName} permit for Hannah Homeowner.`);
    const empty = await t.request('POST', `/v3/permits/${permitId}/conversations`, { token: customer.accessToken, body: { body: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Message is required.');
    const elsewhere = await t.request('POST', `/v3/permits/${permitId}/conversations`, { token: customer.accessToken, body: { body: 'Hi', conversationId: 999999 } });
    expect(elsewhere.status).toBe(404);
  });

  it('approves or declines cancellation requests', async () => {
    const cancel = async (permitId: number) => {
      const entry = await t.request('GET', '/v4/forms/50/entry-data', { token: customer.accessToken, query: { permitId } });
      const res = await t.request('POST', '/v4/forms/50/entries', {
        token: customer.accessToken,
        body: { formId: 50, ...formChoices(entry.body), answers: { Reason: 'project-canceled', Details: 'Sold the house.', Acknowledge: true } },
      });
      expect(res.status, res.text).toBe(200);
    };
    /** The customer signs the cancellation document form 50 mailed them (SPEC §7.7 passcode by mail). */
    const sign = async () => {
      const link = (await t.mailbox(customer.email)).find((m) => m.template === 'esign_request')?.links.find((l) => l.includes('/sign/'));
      const token = link!.split('/sign/')[1];
      expect((await t.request('POST', `/v4/esign/sign/${token}/passcode`)).status).toBe(200);
      expect((await t.request('POST', `/v4/esign/sign/${token}/verify`, { body: { passcode: await t.lastCode(customer.email) } })).status).toBe(200);
      const signed = await t.request('POST', `/v4/esign/sign/${token}/sign`, { body: { signature: { kind: 'typed', text: 'Customer' }, agree: true } });
      expect(signed.status, signed.text).toBe(200);
    };
    const decide = (permitId: number, decision: string) =>
      t.request('PUT', `/v4/operator/permits/${permitId}/cancellation`, { token: team.accessToken, body: { decision } });
    const status = async (permitId: number) => (await t.request('GET', `/v4/permits/${permitId}/request-cancellation`, { token: customer.accessToken })).body;

    const { permitId: approved } = await requestPermit(t, customer, site, { companyId });
    expect((await decide(approved, 'approve')).status).toBe(409);
    await cancel(approved);
    // Not before the customer signed the cancellation document.
    expect((await decide(approved, 'approve')).status).toBe(409);
    await sign();
    const done = await decide(approved, 'approve');
    expect(done.status, done.text).toBe(200);
    expect(done.body.stage).toBe(STAGE.Canceled);
    expect(done.body.cancellationRequested).toBe(true);
    expect((await status(approved)).isSubmitted).toBe(true);

    const { permitId: declined } = await requestPermit(t, customer, site, { companyId });
    await move(declined, { stage: STAGE.Submitted });
    await cancel(declined);
    const back = await decide(declined, 'decline');
    expect(back.body.stage).toBe(STAGE.Submitted);
    expect(back.body.cancellationRequested).toBe(false);
    // Its cancellation document is voided: nothing is left waiting for a signature.
    const envelopes = await t.request('GET', '/v4/esign/envelopes', { token: customer.accessToken, query: { permitId: declined } });
    expect(envelopes.body.map((e: { status: string }) => e.status)).toEqual(['voided']);
    expect(await status(declined)).toEqual({ isSubmitted: false, submittedAt: null });
    expect((await decide(declined, 'maybe')).body.message).toBe('Decision must be approve or decline.');
  });

  it('lists every company\'s permits for the team, by stage and keyword, paged by headers', async () => {
    const other = await t.createUser({ name: 'Ike Individual' });
    const { permitId } = await requestPermit(t, other, await jobSite(t, '1600 Pennsylvania Ave NW, Washington, DC 20500'), { answers: { CustomerName: 'Zed Zebulon' } });
    const found = await t.request('GET', '/v4/operator/permits', { token: team.accessToken, query: { keyword: 'zebulon' } });
    expect(found.status).toBe(200);
    expect(found.body.map((p: Permit) => p.id)).toEqual([permitId]);
    expect(found.headers.get('x-pagination-totalcount')).toBe('1');
    const requested = await t.request('GET', '/v4/operator/permits', { token: team.accessToken, query: { stage: STAGE.Requested, size: 2 } });
    expect(requested.body).toHaveLength(2);
    expect(requested.body.every((p: Permit) => p.stage === STAGE.Requested)).toBe(true);
    expect(Number(requested.headers.get('x-pagination-totalcount'))).toBeGreaterThan(2);
    // The team reads any permit, with its timeline.
    expect((await t.request('GET', `/v4/operator/permits/${permitId}`, { token: team.accessToken })).body.stageHistory).toHaveLength(1);
  });

  it('the operator command explains its usage', async () => {
    const lines: string[] = [];
    expect(await runOperatorCommand(['grant'], (line) => lines.push(line))).toBe(2);
    expect(lines[0]).toContain('operator -- grant <email>');
  });
});
