// The permit team's queue over HTTP: refusals first (customers 403, anonymous 401, operators 403 on the
// SLA settings), then the queue's filters and flags (kept by migration 0071's triggers), the SLA clock
// and its sort, saved views, and the bulk actions with their per-permit version checks, audit entries
// and mails.
import { OPS_BUILTIN_VIEWS, QUEUE_TOTAL_CAP, STAGE, type OpsBulkResult, type OpsQueueRow } from '@permitdesk/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStaffRole } from '../../staff/staff.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../../test/harness.js';
import { companyOf, jobSite, operator, requestPermit, type JobSite } from '../../test/permit-fixtures.js';

const HOUR = 60 * 60 * 1000;

describe.each(databaseTargets())('the permit team queue on %s', (target) => {
  let t: TestContext;
  let customer: TestUser;
  let team: TestUser;
  let colleague: TestUser;
  let admin: TestUser;
  let companyId: number;
  let site: JobSite;

  const queue = (query: Record<string, string> = {}, user = team) =>
    t.request<OpsQueueRow[]>('GET', '/v4/operator/queue', { token: user.accessToken, query: { size: '100', ...query } });
  const ids = async (query: Record<string, string> = {}) => {
    const res = await queue(query);
    expect(res.status, res.text).toBe(200);
    return res.body.map((row) => row.id);
  };
  const rowOf = async (permitId: number) => (await queue()).body.find((row) => row.id === permitId)!;
  const newPermit = async () => (await requestPermit(t, customer, site, { companyId })).permitId;
  const audits = (permitId: number, action: string) =>
    t.services.db.selectFrom('audit_events').selectAll().where('permit_id', '=', permitId).where('action', '=', action).execute();

  beforeAll(async () => {
    t = await createTestContext({ target });
    customer = await t.createUser({ name: 'Carla Customer' });
    team = await operator(t);
    colleague = await t.createUser({ name: 'Quinn Colleague' });
    await setStaffRole(t.services.db, colleague.email, 'operator');
    admin = await t.createUser({ name: 'Sam Serviceadmin' });
    await setStaffRole(t.services.db, admin.email, 'service_admin');
    companyId = await companyOf(t, customer, 'Carla Construction');
    site = await jobSite(t);
  });
  afterAll(() => t?.close());

  it('refuses customers (403) and anonymous callers (401) on every queue call; only a service admin sets SLA targets', async () => {
    const permitId = await newPermit();
    const calls: [string, string, unknown?][] = [
      ['GET', '/v4/operator/queue'],
      ['POST', '/v4/operator/queue/assign', { permits: [{ id: permitId, version: 1 }], assignee: null }],
      ['POST', '/v4/operator/queue/stage', { permits: [{ id: permitId, version: 1 }], stage: STAGE.Processing, message: 'x' }],
      ['GET', '/v4/operator/queue/views'],
      ['POST', '/v4/operator/queue/views', { name: 'x', filters: {} }],
      ['DELETE', '/v4/operator/queue/views/1'],
      ['GET', '/v4/operator/sla'],
      ['PUT', '/v4/operator/sla', { targets: [{ stage: 10, targetHours: 5 }] }],
      ['GET', '/v4/operator/team-members'],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(method, path, { token: customer.accessToken, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('STAFF_ONLY');
      expect((await t.request(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
    }
    const byOperator = await t.request('PUT', '/v4/operator/sla', { token: team.accessToken, body: { targets: [{ stage: 10, targetHours: 5 }] } });
    expect(byOperator.status).toBe(403);
    expect(byOperator.body).toEqual({ message: 'Only a service admin can do this.', code: 'SERVICE_ADMIN_ONLY' });
    // Nothing moved for the refused callers.
    expect((await rowOf(permitId)).stage).toBe(STAGE.Requested);
    expect((await rowOf(permitId)).version).toBe(1);
  });

  it('answers 400 for invalid filters and bodies, never 500', async () => {
    expect((await queue({ stage: '11' })).status).toBe(400);
    expect((await queue({ assignee: 'someone' })).status).toBe(400);
    expect((await queue({ needsReply: 'yes' })).status).toBe(400);
    expect((await queue({ sort: 'oldest' })).status).toBe(400);
    const bad = await t.request('POST', '/v4/operator/queue/assign', { token: team.accessToken, body: { permits: [], assignee: null } });
    expect(bad.status).toBe(400);
    const notStaff = await t.request('POST', '/v4/operator/queue/assign', { token: team.accessToken, body: { permits: [{ id: 1, version: 1 }], assignee: customer.sub } });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.code).toBe('ASSIGNEE_NOT_STAFF');
    const badSla = await t.request('PUT', '/v4/operator/sla', { token: admin.accessToken, body: { targets: [{ stage: 10, targetHours: 0 }] } });
    expect(badSla.status).toBe(400);
  });

  it('lists every permit newest first with its row, and filters on flags kept by the triggers', async () => {
    const older = await newPermit();
    const newer = await newPermit();
    const page = await queue();
    expect(page.status).toBe(200);
    expect(page.headers.get('x-pagination-totalcount')).toBe(String(page.body.length));
    const positions = page.body.map((row) => row.id);
    expect(positions.indexOf(newer)).toBeLessThan(positions.indexOf(older));
    const row = page.body.find((r) => r.id === newer)!;
    expect(row).toMatchObject({
      version: 1, customerName: expect.any(String), companyId, companyName: 'Carla Construction', stage: STAGE.Requested, stageName: 'Requested',
      daysInStage: 0, slaTargetHours: 24, assignee: null, needsReply: false, cancellationRequested: false, quotePending: false, inspectionDue: false,
    });
    expect(row.overSlaHours).toBeLessThan(0);

    // The customer writes: needs a reply; the team answers: waiting on the customer.
    expect(await ids({ needsReply: 'true' })).not.toContain(newer);
    const asked = await t.request('POST', `/v3/permits/${newer}/conversations`, { token: customer.accessToken, body: { subject: 'When?', body: 'When will it be filed?' } });
    expect(asked.status, asked.text).toBe(200);
    expect(await ids({ needsReply: 'true' })).toEqual([newer]);
    expect(await ids({ needsReply: 'false' })).not.toContain(newer);
    expect(await ids({ needsReply: 'false' })).toContain(older); // no message at all: no reply needed
    const answered = await t.request('POST', `/v4/operator/permits/${newer}/conversations`, { token: team.accessToken, body: { conversationId: asked.body.id, body: 'This week.' } });
    expect(answered.status, answered.text).toBe(200);
    expect(await ids({ needsReply: 'true' })).toEqual([]);
    expect(await ids({ waitingOnCustomer: 'true' })).toEqual([newer]);

    // An open cancellation request.
    await t.services.db.insertInto('cancellation_requests').values({ permit_id: older, reason: 'No longer needed', previous_stage: STAGE.Requested }).execute();
    expect(await ids({ cancellationRequested: 'true' })).toEqual([older]);
    await t.services.db.updateTable('cancellation_requests').set({ resolved_at: new Date() }).where('permit_id', '=', older).execute();
    expect(await ids({ cancellationRequested: 'true' })).toEqual([]);

    // A pending quote that has not expired; an expired one does not count.
    const quote = (quoteId: string, permitId: number, expiryDate: string) =>
      t.request('PUT', `/v1/permit-quote/${quoteId}`, { token: team.accessToken, body: { total: 450, agentId: 'a', orgId: 'o', permitId, expiryDate } });
    expect((await quote('Q-OLD', older, '2000-01-01')).status).toBe(200);
    expect(await ids({ quotePending: 'true' })).toEqual([]);
    expect((await quote('Q-NEW', newer, '2999-01-01')).status).toBe(200);
    expect(await ids({ quotePending: 'true' })).toEqual([newer]);
    expect(await ids({ quotePending: 'false' })).toEqual(expect.arrayContaining([older]));
    expect(await ids({ quotePending: 'false' })).not.toContain(newer);
    expect((await rowOf(newer)).quotePending).toBe(true);

    // An inspection scheduled tomorrow is due; one in a week is not (yet).
    const inspect = (permitId: number, days: number) =>
      t.request('POST', `/v4/operator/permits/${permitId}/inspections`, {
        token: team.accessToken, body: { inspectionName: 'Framing', status: 'scheduled', scheduledAt: new Date(Date.now() + days * 24 * HOUR).toISOString() },
      });
    expect((await inspect(older, 7)).status).toBe(200);
    expect(await ids({ inspectionDue: 'true' })).toEqual([]);
    expect((await inspect(newer, 1)).status).toBe(200);
    expect(await ids({ inspectionDue: 'true' })).toEqual([newer]);

    // Stage, company, keyword, created today.
    expect(await ids({ stage: String(STAGE.Processing) })).toEqual([]);
    expect(await ids({ companyId: String(companyId) })).toEqual(expect.arrayContaining([older, newer]));
    expect(await ids({ companyId: String(companyId + 999) })).toEqual([]);
    expect(await ids({ keyword: 'zzqx-none' })).toEqual([]);
    const customerName = row.customerName.split(' ')[0]!;
    expect(await ids({ keyword: customerName })).toEqual(expect.arrayContaining([older, newer]));
    expect(await ids({ createdToday: 'true' })).toEqual(expect.arrayContaining([older, newer]));
  });

  it('runs the SLA clock: over target is marked, filtered and sorted most over first; a service admin edits targets (audited)', async () => {
    const a = await newPermit();
    const b = await newPermit();
    // b moves to Processing (72 h target) now; a stays Requested (24 h).
    const moved = await t.request('POST', '/v4/operator/queue/stage', { token: team.accessToken, body: { permits: [{ id: b, version: 1 }], stage: STAGE.Processing } });
    expect(moved.status, moved.text).toBe(200);
    // 30 hours later (the clocks moved back rather than time forward: the sessions stay valid).
    await t.services.db.updateTable('permits').set({ stage_entered_at: sql`stage_entered_at - interval '30 hours'` }).where('id', 'in', [a, b]).execute();
    const over = await ids({ overSla: 'true' });
    expect(over).toContain(a);
    expect(over).not.toContain(b);
    const rowA = await rowOf(a);
    expect(rowA.overSlaHours).toBeGreaterThanOrEqual(6);
    expect(rowA.daysInStage).toBe(1);
    expect(await ids({ minDaysInStage: '1', stage: String(STAGE.Processing) })).toContain(b);
    expect(await ids({ minDaysInStage: '2', stage: String(STAGE.Processing) })).not.toContain(b);

    // Sorted by time over target: a (over by 6 h) before b (42 h left), and every permit listed once.
    const sorted = await ids({ sort: 'overSla' });
    expect(sorted.indexOf(a)).toBeLessThan(sorted.indexOf(b));
    expect(new Set(sorted).size).toBe(sorted.length);
    expect(sorted.length).toBe((await ids()).length);
    const paged = [...(await ids({ sort: 'overSla', size: '2', page: '1' })), ...(await ids({ sort: 'overSla', size: '2', page: '2' }))];
    expect(paged).toEqual(sorted.slice(0, 4));

    // Processing's target down to 10 h: b is over too.
    const sla = await t.request('PUT', '/v4/operator/sla', { token: admin.accessToken, body: { targets: [{ stage: STAGE.Processing, targetHours: 10 }, { stage: STAGE.Open, targetHours: null }] } });
    expect(sla.status, sla.text).toBe(200);
    expect(sla.body.targets.find((x: { stage: number }) => x.stage === STAGE.Processing).targetHours).toBe(10);
    expect((await t.request('GET', '/v4/operator/sla', { token: team.accessToken })).body).toEqual(sla.body);
    expect(await ids({ overSla: 'true' })).toContain(b);
    const [entry] = await t.services.db.selectFrom('audit_events').selectAll().where('entity', '=', 'setting').execute();
    expect(entry).toMatchObject({ entity_id: 'sla', action: 'updated', actor_role: 'service_admin', actor_user_id: admin.sub });
    expect(entry!.before).toEqual({ 'Processing (20) hours': 72 });
    expect(entry!.after).toEqual({ 'Processing (20) hours': 10 });
  });

  it('assigns in bulk: a stale version is a conflict, the others are assigned, audited, and the operator mailed', async () => {
    const first = await newPermit();
    const second = await newPermit();
    // A colleague changes `second` meanwhile.
    const theirs = await t.request('POST', '/v4/operator/queue/assign', { token: colleague.accessToken, body: { permits: [{ id: second, version: 1 }], assignee: colleague.sub } });
    expect((theirs.body as OpsBulkResult).results).toEqual([{ id: second, outcome: 'ok', version: 2, stage: STAGE.Requested, assignee: { id: colleague.sub, name: 'Quinn Colleague' } }]);

    const res = await t.request<OpsBulkResult>('POST', '/v4/operator/queue/assign', {
      token: team.accessToken, body: { permits: [{ id: first, version: 1 }, { id: second, version: 1 }, { id: 999999, version: 1 }], assignee: colleague.sub },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toEqual([
      { id: first, outcome: 'ok', version: 2, stage: STAGE.Requested, assignee: { id: colleague.sub, name: 'Quinn Colleague' } },
      { id: second, outcome: 'conflict', version: 2, stage: STAGE.Requested, assignee: { id: colleague.sub, name: 'Quinn Colleague' } },
      { id: 999999, outcome: 'notFound', version: null, stage: null, assignee: null },
    ]);
    expect(await audits(first, 'assigned')).toHaveLength(1);
    expect((await audits(first, 'assigned'))[0]).toMatchObject({ entity: 'permit', actor_user_id: team.sub, customer_visible: false, after: { assignedTo: colleague.sub, assigneeName: 'Quinn Colleague' } });
    expect(await audits(second, 'assigned')).toHaveLength(1); // the colleague's own change only
    const mails = (await t.mailbox(colleague.email)).filter((m) => m.template === 'permit_assigned');
    expect(mails.map((m) => m.text).join('\n')).toContain(`http://permitdesk.test/ops/permits/${first}`);

    // 'Mine' and the assignee filters.
    expect(await ids({ assignee: colleague.sub })).toEqual(expect.arrayContaining([first, second]));
    const mine = await queue({ assignee: 'me' }, colleague);
    expect(mine.body.map((row) => row.id)).toEqual(expect.arrayContaining([first, second]));
    expect(await ids({ assignee: 'none' })).not.toContain(first);
    const team2 = await t.request('GET', '/v4/operator/team-members', { token: team.accessToken });
    expect(team2.body).toEqual(expect.arrayContaining([
      { id: colleague.sub, name: 'Quinn Colleague', email: colleague.email, role: 'operator' },
      { id: admin.sub, name: 'Sam Serviceadmin', email: admin.email, role: 'service_admin' },
    ]));
    expect(team2.body.map((m: { id: string }) => m.id)).not.toContain(customer.sub);
  });

  it('moves permits to a stage in bulk with one message: conflicts reported, the others moved, mailed and audited', async () => {
    const one = await newPermit();
    const two = await newPermit();
    expect((await t.request('PUT', `/v4/operator/permits/${two}/stage`, { token: colleague.accessToken, body: { stage: STAGE.Submitted, version: 1 } })).status).toBe(200);
    const before = (await t.mailbox(customer.email)).filter((m) => m.template === 'permit_stage_update').length;
    const res = await t.request<OpsBulkResult>('POST', '/v4/operator/queue/stage', {
      token: team.accessToken, body: { permits: [{ id: one, version: 1 }, { id: two, version: 1 }], stage: STAGE.Processing, message: 'We started on your permit.' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((r) => [r.id, r.outcome, r.stage])).toEqual([[one, 'ok', STAGE.Processing], [two, 'conflict', STAGE.Submitted]]);
    expect(res.body.results[0]!.version).toBe(2);
    const mails = (await t.mailbox(customer.email)).filter((m) => m.template === 'permit_stage_update');
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.text).toContain('We started on your permit.');
    const [audit] = await audits(one, 'stage_changed');
    expect(audit).toMatchObject({ entity: 'permit', customer_visible: true, before: { stage: 10 }, after: { stage: 20, note: 'We started on your permit.' } });
    // The conflicted permit keeps only the colleague's move.
    expect((await audits(two, 'stage_changed')).map((entry) => (entry.after as { stage: number }).stage)).toEqual([STAGE.Submitted]);
  });

  it('keeps built-in views and each operator\'s own saved views', async () => {
    const list = await t.request('GET', '/v4/operator/queue/views', { token: team.accessToken });
    expect(list.body).toEqual(OPS_BUILTIN_VIEWS);
    const saved = await t.request('POST', '/v4/operator/queue/views', { token: team.accessToken, body: { name: 'NY replies', filters: { state: 'NY', needsReply: 'true', keyword: '' } } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ id: expect.any(String), name: 'NY replies', builtIn: false, filters: { state: 'NY', needsReply: 'true' } });
    const again = await t.request('POST', '/v4/operator/queue/views', { token: team.accessToken, body: { name: 'NY replies', filters: { state: 'NY' } } });
    expect(again.body.id).toBe(saved.body.id);
    expect((await t.request('GET', '/v4/operator/queue/views', { token: team.accessToken })).body.at(-1)).toEqual({ ...saved.body, filters: { state: 'NY' } });
    expect((await t.request('GET', '/v4/operator/queue/views', { token: colleague.accessToken })).body).toEqual(OPS_BUILTIN_VIEWS);
    const bad = await t.request('POST', '/v4/operator/queue/views', { token: team.accessToken, body: { name: 'Bad', filters: { stage: 'eleven' } } });
    expect(bad.status).toBe(400);
    const unknown = await t.request('POST', '/v4/operator/queue/views', { token: team.accessToken, body: { name: 'Bad', filters: { secret: '1' } } });
    expect(unknown.status).toBe(400);
    const theirs = await t.request('DELETE', `/v4/operator/queue/views/${saved.body.id}`, { token: colleague.accessToken });
    expect(theirs.status).toBe(404);
    expect((await t.request('DELETE', `/v4/operator/queue/views/${saved.body.id}`, { token: team.accessToken })).status).toBe(200);
    expect((await t.request('DELETE', `/v4/operator/queue/views/${saved.body.id}`, { token: team.accessToken })).status).toBe(404);
  });

  it('reports a filtered total capped at QUEUE_TOTAL_CAP and an exact unfiltered one', async () => {
    const all = await queue({ size: '1' });
    const count = await t.services.db.selectFrom('permits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(all.headers.get('x-pagination-totalcount'))).toBe(Number(count.n));
    const filtered = await queue({ size: '1', active: 'true' });
    expect(Number(filtered.headers.get('x-pagination-totalcount'))).toBeLessThanOrEqual(QUEUE_TOTAL_CAP);
    expect(Number(filtered.headers.get('x-pagination-totalcount'))).toBeGreaterThan(0);
  });
});
