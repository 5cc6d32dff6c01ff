// Two operators on one permit (issue 12): every change by the permit team carries the version it was made
// on, and a permit that moved meanwhile refuses the change with 409 PERMIT_CHANGED. Each change writes
// exactly one audit entry (before → after, the request id the client saw), in the change's transaction.
import { PERMIT_CHANGED_MESSAGE, STAGE, type Permit } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, jobSite, operator, requestPermit, type JobSite } from '../test/permit-fixtures.js';
import { inTransaction } from '../db/transaction.js';
import { bumpPermitVersion } from '../permits/permit-version.js';

describe.each(databaseTargets())('permit versions and the audit trail on %s', (target) => {
  let t: TestContext;
  let customer: TestUser;
  let team: TestUser;
  let colleague: TestUser;
  let companyId: number;
  let site: JobSite;

  const read = async (permitId: number) => (await t.request<Permit>('GET', `/v4/operator/permits/${permitId}`, { token: team.accessToken })).body;
  const entries = (permitId: number) =>
    t.services.db.selectFrom('audit_events').selectAll().where('permit_id', '=', permitId).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestContext({ target });
    customer = await t.createUser({ name: 'Vera Customer' });
    team = await operator(t);
    colleague = await operator(t);
    companyId = await companyOf(t, customer, 'Vera Builders');
    site = await jobSite(t);
  });
  afterAll(() => t?.close());

  it('refuses a stage change without a version (400) and a stale one (409 PERMIT_CHANGED)', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const opened = await read(permitId);
    expect(opened.version).toBe(1);
    const missing = await t.request('PUT', `/v4/operator/permits/${permitId}/stage`, { token: team.accessToken, body: { stage: STAGE.Processing } });
    expect(missing.status).toBe(400);
    // A colleague moves it first; the change made on the old version is refused and changes nothing.
    const first = await t.request<Permit>('PUT', `/v4/operator/permits/${permitId}/stage`, { token: colleague.accessToken, body: { stage: STAGE.Processing, version: 1 } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.version).toBe(2);
    const stale = await t.request('PUT', `/v4/operator/permits/${permitId}/stage`, { token: team.accessToken, body: { stage: STAGE.Submitted, version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 'PERMIT_CHANGED', message: PERMIT_CHANGED_MESSAGE });
    expect(PERMIT_CHANGED_MESSAGE).toBe('This permit changed since you opened it. Review the changes and try again.');
    const after = await read(permitId);
    expect(after.stage).toBe(STAGE.Processing);
    expect(after.version).toBe(2);
    // Inspections and cancellation decisions with a stale version are refused too.
    const inspection = await t.request('POST', `/v4/operator/permits/${permitId}/inspections`, { token: team.accessToken, body: { inspectionName: 'Final', version: 1 } });
    expect(inspection.status).toBe(409);
    expect(inspection.body.code).toBe('PERMIT_CHANGED');
    const added = await t.request('POST', `/v4/operator/permits/${permitId}/inspections`, { token: team.accessToken, body: { inspectionName: 'Final', version: 2 } });
    expect(added.status, added.text).toBe(200);
    expect((await read(permitId)).version).toBe(3);
    const update = await t.request('PATCH', `/v4/operator/permits/${permitId}/inspections/${added.body.id}`, { token: team.accessToken, body: { status: 'passed', version: 2 } });
    expect(update.status).toBe(409);
    expect((await read(permitId)).permitInspections[0]!.status).toBe('open');
  });

  it('six simultaneous stage changes on one version: exactly one 200, five 409', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const { version } = await read(permitId);
    const stages = [STAGE.Processing, STAGE.Submitted, STAGE.Approved, STAGE.Pending, STAGE.Processing, STAGE.Submitted];
    const answers = await Promise.all(
      stages.map((stage, i) =>
        t.request('PUT', `/v4/operator/permits/${permitId}/stage`, { token: (i % 2 ? colleague : team).accessToken, body: { stage, version } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = stages[answers.findIndex((a) => a.status === 200)];
    const after = await read(permitId);
    expect(after.stage).toBe(winner);
    expect(after.version).toBe(version! + 1);
    const changes = (await entries(permitId)).filter((e) => e.action === 'stage_changed');
    expect(changes).toHaveLength(1);
  });

  it('bumpPermitVersion checks and bumps in one step, inside the caller\'s transaction', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    expect(await inTransaction(t.services.db, (trx) => bumpPermitVersion(trx, permitId, 1))).toBe(2);
    await expect(inTransaction(t.services.db, (trx) => bumpPermitVersion(trx, permitId, 1))).rejects.toMatchObject({ status: 409, code: 'PERMIT_CHANGED' });
    expect(await inTransaction(t.services.db, (trx) => bumpPermitVersion(trx, permitId))).toBe(3);
    await expect(inTransaction(t.services.db, (trx) => bumpPermitVersion(trx, 99999999, 1))).rejects.toMatchObject({ status: 404 });
  });

  it('a change writes exactly one entry with before → after and the request id of the response', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const created = await entries(permitId);
    expect(created.map((e) => e.action)).toEqual(['created']);
    expect(created[0]).toMatchObject({ entity: 'permit', actor_user_id: customer.sub, actor_role: 'customer', company_id: companyId, customer_visible: true });

    const moved = await t.request('PUT', `/v4/operator/permits/${permitId}/stage`, {
      token: team.accessToken,
      body: { stage: STAGE.Processing, version: 1, note: 'Filing today.' },
      headers: { 'x-request-id': 'req-stage-1' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.headers.get('x-request-id')).toBe('req-stage-1');
    const [, change] = await entries(permitId);
    expect(change).toMatchObject({
      entity: 'permit',
      entity_id: String(permitId),
      action: 'stage_changed',
      actor_user_id: team.sub,
      actor_role: 'permit_team',
      company_id: companyId,
      permit_id: permitId,
      customer_visible: true,
      request_id: 'req-stage-1',
    });
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(json(change!.before)).toEqual({ stage: STAGE.Requested, version: 1 });
    expect(json(change!.after)).toEqual({ stage: STAGE.Processing, version: 2, note: 'Filing today.' });

    // A generated request id is the one the client saw.
    const reply = await t.request('POST', `/v4/operator/permits/${permitId}/conversations`, { token: team.accessToken, body: { body: 'We filed it.' } });
    expect(reply.status, reply.text).toBe(200);
    const last = (await entries(permitId)).at(-1)!;
    expect(last).toMatchObject({ action: 'message_added', customer_visible: true, request_id: reply.headers.get('x-request-id') });
    expect(last.request_id).toBeTruthy();
  });

  it('a failed change (rolled back) writes no entry', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const before = (await entries(permitId)).length;
    const stale = await t.request('PUT', `/v4/operator/permits/${permitId}/stage`, { token: team.accessToken, body: { stage: STAGE.Processing, version: 7 } });
    expect(stale.status).toBe(409);
    const unknown = await t.request('PUT', `/v4/operator/permits/${permitId}/stage`, { token: team.accessToken, body: { stage: 33, version: 1 } });
    expect(unknown.status).toBe(400);
    const noCancellation = await t.request('PUT', `/v4/operator/permits/${permitId}/cancellation`, { token: team.accessToken, body: { decision: 'approve', version: 1 } });
    expect(noCancellation.status).toBe(409);
    expect((await entries(permitId)).length).toBe(before);
    expect((await read(permitId)).version).toBe(1);
  });
});
