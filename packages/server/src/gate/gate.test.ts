// The pre-filing gate (issue 16) over HTTP: a company whose license lapses before the work ends is refused
// (422 with what and why), passes with the acknowledgement, and the answer is kept with the permit; a
// do-it-yourself homeowner passes; the permit team edits the requirements table and a member cannot.
import { formChoices, GATE_MESSAGES, type GateRequirement, type GateResult } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, COMPANY_ANSWERS, entryData, FORM_52_ANSWERS, jobSite, operator, type JobSite } from '../test/permit-fixtures.js';

const day = (base: Date, days: number) => new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(databaseTargets())('pre-filing gate on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let member: TestUser;
  let homeowner: TestUser;
  let team: TestUser;
  let site: JobSite;
  let companyId: number;
  let start: string;
  let end: string;

  const submit = (user: TestUser, entry: Awaited<ReturnType<typeof entryData>>, extra: Record<string, unknown> = {}) =>
    t.request('POST', '/v4/forms/52/entries', {
      token: user.accessToken,
      body: { formId: 52, ...formChoices(entry), answers: { ...FORM_52_ANSWERS, ...(entry.CompanyID ? COMPANY_ANSWERS : {}), EstimatedStartDate: start, EstimatedCompletionDate: end }, ...extra },
    });

  beforeAll(async () => {
    t = await createTestContext({ target });
    owner = await t.createUser({ name: 'Eddie Electric' });
    member = await t.createUser({ name: 'Mia Member' });
    homeowner = await t.createUser({ name: 'Hank Homeowner' });
    team = await operator(t);
    site = await jobSite(t, '1 Dr Carlton B Goodlett Pl, San Francisco, CA 94102', 'Residential Rewire');
    companyId = await companyOf(t, owner, 'Bay Sparks Electric');
    const now = t.services.clock();
    start = day(now, 30);
    end = day(now, 60);
    const db = t.services.db;
    // A member who is not an owner: the company has an employee, so workers' compensation is asked.
    await db.insertInto('company_users').values({ company_id: companyId, user_id: member.sub, role: 'user' }).execute();
    await db.insertInto('company_insurances').values([
      { company_id: companyId, name: 'General Liability', expires_on: day(now, 365) },
      { company_id: companyId, name: "Workers' Compensation", expires_on: day(now, 365) },
    ]).execute();
    // The C-10 license lapses in the middle of the work.
    await db.insertInto('company_licenses').values({ company_id: companyId, license_type: 'state', name: 'Electrical Contractor', number: 'C10-998877', state_code: 'CA', expires_on: day(now, 45) }).execute();
  });
  afterAll(() => t?.close());

  it('the job site is in California and the task an electrical one (the seeded CSLB C-10 row applies)', async () => {
    const place = await t.services.db.selectFrom('municipalities').select('state_code').where('id', '=', site.municipalityId).executeTakeFirstOrThrow();
    expect(place.state_code).toBe('CA');
  });

  it('shows what is missing and why before submit (GET /v4/gate/check)', async () => {
    const res = await t.request<GateResult>('GET', '/v4/gate/check', {
      token: owner.accessToken, query: { taskId: site.taskId, municipalityId: site.municipalityId, companyId, start, end },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.required.map((r) => r.type)).toEqual(['Electrical Contractor', 'General Liability', "Workers' Compensation"]);
    expect(res.body.missing).toEqual([
      expect.objectContaining({ kind: 'license', type: 'Electrical Contractor', reason: 'lapses', expiresOn: day(t.services.clock(), 45) }),
    ]);
    // Someone outside the company learns nothing of its vault.
    const stranger = await t.createUser({ name: 'Sly Stranger' });
    const denied = await t.request('GET', '/v4/gate/check', { token: stranger.accessToken, query: { taskId: site.taskId, municipalityId: site.municipalityId, companyId } });
    expect(denied.status).toBe(403);
    expect((await t.request('GET', '/v4/gate/check', { query: { taskId: site.taskId, municipalityId: site.municipalityId } })).status).toBe(401);
    expect((await t.request('GET', '/v4/gate/check', { token: owner.accessToken, query: { taskId: 'x', municipalityId: site.municipalityId } })).status).toBe(400);
  });

  it('refuses a company with a lapsing license (422 with what and why), then files it with the acknowledgement', async () => {
    const entry = await entryData(t, owner, site, { companyId });
    const blocked = await submit(owner, entry);
    expect(blocked.status, blocked.text).toBe(422);
    expect(blocked.body).toMatchObject({ code: 'GATE_BLOCKED', message: GATE_MESSAGES.blocked });
    expect(Object.entries(blocked.body.fields)).toEqual([['license.0', expect.stringMatching(/^Electrical Contractor license expires on \d\d\/\d\d\/\d{4}, before the work ends/)]]);
    expect(await t.services.db.selectFrom('permits').select('id').execute()).toHaveLength(0);

    const filed = await submit(owner, entry, { acknowledgeGate: true });
    expect(filed.status, filed.text).toBe(200);
    const permit = await t.services.db.selectFrom('permits').select(['gate_result', 'est_completion_at']).where('id', '=', filed.body.permitId).executeTakeFirstOrThrow();
    const stored = (typeof permit.gate_result === 'string' ? JSON.parse(permit.gate_result) : permit.gate_result) as GateResult;
    expect(stored).toMatchObject({ ok: false, acknowledged: true, applicant: 'Company', workStart: start, workEnd: end });
    expect(stored.missing.map((m) => m.reason)).toEqual(['lapses']);
    expect(new Date(permit.est_completion_at!).toISOString().slice(0, 10)).toBe(end);
  });

  it("gates the dashboard's new project too (PATCH /v4/projects/{id}/permits), through its expected work dates", async () => {
    const project = await t.request('POST', '/v4/projects', {
      token: owner.accessToken,
      body: { customerName: 'Rosa Homeowner', address: { streetAddress: '1 Dr Carlton B Goodlett Pl', city: 'San Francisco', state: 'CA', postalCode: '94102' }, companyId },
    });
    expect(project.status, project.text).toBe(200);
    const add = (body: Record<string, unknown>) =>
      t.request('PATCH', `/v4/projects/${project.body.id}/permits`, { token: owner.accessToken, body: { taskIds: [site.taskId], municipalityId: site.municipalityId, ...body } });
    // Work that ends before the license lapses (day 45) passes without acknowledgement.
    const early = await add({ workStart: day(t.services.clock(), 5), workEnd: day(t.services.clock(), 40) });
    expect(early.status, early.text).toBe(200);
    // Work through day 60: the license lapses before the work ends, refused with what and why.
    const blocked = await add({ workStart: start, workEnd: end });
    expect(blocked.status, blocked.text).toBe(422);
    expect(blocked.body).toMatchObject({ code: 'GATE_BLOCKED', message: GATE_MESSAGES.blocked });
    expect(Object.values(blocked.body.fields)).toEqual([expect.stringMatching(/^Electrical Contractor license expires on \d\d\/\d\d\/\d{4}, before the work ends \(\d\d\/\d\d\/\d{4}\)\.$/)]);
    expect((await add({ workStart: start, workEnd: 'soon' })).status).toBe(400);
    const filed = await add({ workStart: start, workEnd: end, acknowledgeGate: true });
    expect(filed.status, filed.text).toBe(200);
    const rows = await t.services.db.selectFrom('permits').select(['gate_result', 'est_completion_at']).where('project_id', '=', project.body.id).orderBy('id').execute();
    const answers = rows.map((row) => (typeof row.gate_result === 'string' ? JSON.parse(row.gate_result) : row.gate_result) as GateResult);
    expect(answers.map((a) => [a.ok, a.acknowledged ?? false, a.workEnd])).toEqual([[true, false, day(t.services.clock(), 40)], [false, true, end]]);
    expect(rows.map((row) => new Date(row.est_completion_at!).toISOString().slice(0, 10))).toEqual([day(t.services.clock(), 40), end]);
  });

  it('files without acknowledgement once the license is renewed, and stores the passing answer', async () => {
    await t.services.db.insertInto('company_licenses').values({ company_id: companyId, license_type: 'state', name: 'Electrical Contractor', number: 'C10-998877', state_code: 'CA', expires_on: day(t.services.clock(), 800) }).execute();
    const entry = await entryData(t, owner, site, { companyId });
    const filed = await submit(owner, entry);
    expect(filed.status, filed.text).toBe(200);
    const permit = await t.services.db.selectFrom('permits').select('gate_result').where('id', '=', filed.body.permitId).executeTakeFirstOrThrow();
    const stored = (typeof permit.gate_result === 'string' ? JSON.parse(permit.gate_result) : permit.gate_result) as GateResult;
    expect(stored).toMatchObject({ ok: true, missing: [] });
  });

  it('lets a do-it-yourself homeowner through: not gated on trade licenses', async () => {
    const entry = await entryData(t, homeowner, site);
    expect(entry.CompanyID ?? null).toBeNull();
    const filed = await submit(homeowner, entry);
    expect(filed.status, filed.text).toBe(200);
    const permit = await t.services.db.selectFrom('permits').select('gate_result').where('id', '=', filed.body.permitId).executeTakeFirstOrThrow();
    const stored = (typeof permit.gate_result === 'string' ? JSON.parse(permit.gate_result) : permit.gate_result) as GateResult;
    expect(stored).toMatchObject({ ok: true, applicant: 'Individual', required: [] });
  });

  it('lets the permit team edit the table (a municipality waiver takes effect) and refuses a member', async () => {
    const list = await t.request<GateRequirement[]>('GET', '/v4/operator/gate-requirements', { token: team.accessToken });
    expect(list.status, list.text).toBe(200);
    expect(list.body.find((r) => r.stateCode === 'CA' && r.trade === 'Electrical')).toMatchObject({ credential: 'Electrical Contractor', scope: 'state', required: true });

    const row = { trade: 'electrical', municipalityId: site.municipalityId, stateCode: 'ca', kind: 'license', credential: 'Electrical Contractor', scope: 'state', required: false, source: 'Test waiver' };
    expect((await t.request('GET', '/v4/operator/gate-requirements', { token: owner.accessToken })).body.code).toBe('STAFF_ONLY');
    const refused = await t.request('POST', '/v4/operator/gate-requirements', { token: owner.accessToken, body: row });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STAFF_ONLY');

    const created = await t.request<GateRequirement>('POST', '/v4/operator/gate-requirements', { token: team.accessToken, body: row });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ trade: 'Electrical', stateCode: 'CA', required: false });
    expect((await t.request('POST', '/v4/operator/gate-requirements', { token: team.accessToken, body: row })).status).toBe(409);
    expect((await t.request('POST', '/v4/operator/gate-requirements', { token: team.accessToken, body: { ...row, trade: 'Juggling' } })).status).toBe(400);
    expect((await t.request('POST', '/v4/operator/gate-requirements', { token: team.accessToken, body: { ...row, kind: 'permit' } })).status).toBe(400);

    const check = await t.request<GateResult>('GET', '/v4/gate/check', { token: owner.accessToken, query: { taskId: site.taskId, municipalityId: site.municipalityId, companyId } });
    expect(check.body.required.map((r) => r.type)).toEqual(['General Liability', "Workers' Compensation"]);

    expect((await t.request('PUT', `/v4/operator/gate-requirements/${created.body.id}`, { token: member.accessToken, body: row })).status).toBe(403);
    const updated = await t.request<GateRequirement>('PUT', `/v4/operator/gate-requirements/${created.body.id}`, { token: team.accessToken, body: { ...row, required: true } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.required).toBe(true);
    expect((await t.request('DELETE', `/v4/operator/gate-requirements/${created.body.id}`, { token: member.accessToken })).status).toBe(403);
    expect((await t.request('DELETE', `/v4/operator/gate-requirements/${created.body.id}`, { token: team.accessToken })).status).toBe(200);
    expect((await t.request('DELETE', `/v4/operator/gate-requirements/${created.body.id}`, { token: team.accessToken })).status).toBe(404);
    const audits = await t.services.db.selectFrom('audit_events').select('action').where('entity_id', '=', `gate_requirement:${created.body.id}`).orderBy('id').execute();
    expect(audits.map((a) => a.action)).toEqual(['created', 'updated', 'deleted']);
  });
});
