// Removing a project assignment (issue 13), played by an attacker first: a removed assignee (a company's
// member, a user) reading the permit, its files and its conversation afterwards; callers who may not
// remove (Observer, PM removing an owner, a stranger, another project's assignment id, the main owner).
import { ASSIGNMENT_REMOVAL_MESSAGES } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOf, jobSite, requestPermit } from '../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

describe.each(databaseTargets())('removing a project assignment on %s', (target) => {
  let t: TestContext;
  let owner: TestUser; // Owner of Ridge Roofing (A)
  let pm: TestUser; // PM of A (editor)
  let observer: TestUser; // User of A (view-only)
  let crewOwner: TestUser; // Owner of Crew Co (C), assigned to A's project
  let crewMember: TestUser; // PM of Crew Co
  let helper: TestUser; // assigned as a user
  let stranger: TestUser;
  let A: number;
  let C: number;
  let permit: { projectId: number; permitId: number };
  let otherPermit: { projectId: number; permitId: number };
  let documentId: number;

  const call = (user: TestUser | null, method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    t.request(method, path, { token: user?.accessToken ?? null, body, query });
  const assign = async (projectId: number, assigneeType: 'Company' | 'User', assigneeId: string, accessLevel: string) => {
    const res = await call(owner, 'POST', `/v4/projects/${projectId}/assignments`, { projectId, postData: { accessLevel, assigneeType, assigneeId } });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };
  const remove = (user: TestUser | null, projectId: number, assignmentId: number) => call(user, 'DELETE', `/v4/projects/${projectId}/assignments/${assignmentId}`);

  beforeAll(async () => {
    t = await createTestContext({ target });
    const site = await jobSite(t);
    [owner, pm, observer, crewOwner, crewMember, helper, stranger] = [
      await t.createUser({ name: 'Rita Ridge' }), await t.createUser({ name: 'Pete Pm' }), await t.createUser({ name: 'Olive Observer' }),
      await t.createUser({ name: 'Carl Crew' }), await t.createUser({ name: 'Cora Crewpm' }), await t.createUser({ name: 'Hal Helper' }), await t.createUser({ name: 'Stu Stranger' }),
    ];
    A = await companyOf(t, owner, 'Ridge Roofing');
    C = await companyOf(t, crewOwner, 'Crew Co');
    await t.services.companies.addMember(A, pm.sub, 'pm');
    await t.services.companies.addMember(A, observer.sub, 'user');
    await t.services.companies.addMember(C, crewMember.sub, 'pm');
    await companyOf(t, stranger, 'Stranger Roofing');
    permit = await requestPermit(t, owner, site, { companyId: A, answers: { CustomerName: 'Removal Rae' } });
    otherPermit = await requestPermit(t, owner, site, { companyId: A, answers: { CustomerName: 'Other Otto' } });
    await call(owner, 'POST', `/v3/permits/${permit.permitId}/conversations`, { body: 'Secret schedule' });
    const bytes = new TextEncoder().encode('%PDF-1.4 plan');
    const upload = (await call(owner, 'POST', `/v4/permits/${permit.permitId}/upload-document`, { fileName: 'plan.pdf', contentType: 'application/pdf', size: bytes.byteLength })).body;
    const url = new URL(upload.uploadUrl);
    await t.app.request(url.pathname + url.search, { method: 'PUT', headers: upload.headers, body: bytes });
    documentId = upload.documentId;
  }, 120_000);
  afterAll(() => t?.close());

  it('ends a removed company\'s access at once: permit, conversation, files and radar; its managers are mailed', async () => {
    const id = await assign(permit.projectId, 'Company', String(C), 'contributor');
    expect((await call(crewMember, 'GET', `/v3/permits/${permit.permitId}`)).status).toBe(200);
    expect((await call(crewMember, 'GET', '/v4/s3/presigned', undefined, { file: String(documentId) })).status).toBe(200);
    const radarBefore = await call(crewMember, 'GET', '/v4/projects/search', undefined, { companyId: C });
    expect(radarBefore.text).toContain('Removal Rae');

    expect((await remove(owner, permit.projectId, id)).body).toEqual({ ok: true });

    expect((await call(crewMember, 'GET', `/v3/permits/${permit.permitId}`)).status).toBe(404);
    expect((await call(crewMember, 'GET', `/v3/projects/${permit.projectId}`)).status).toBe(404);
    expect((await call(crewMember, 'GET', '/v4/documents', undefined, { documentable_id: permit.permitId, documentable_type: 'Permit' })).status).toBe(404);
    expect((await call(crewMember, 'GET', '/v4/s3/presigned', undefined, { file: String(documentId) })).status).toBe(404);
    expect((await call(crewMember, 'POST', `/v3/permits/${permit.permitId}/conversations`, { body: 'Still here?' })).status).toBe(404);
    expect((await call(crewMember, 'GET', '/v4/projects/search', undefined, { companyId: C })).text).not.toContain('Removal Rae');
    const mail = (await t.mailbox(crewOwner.email))[0]!;
    expect(mail.subject).toBe('You were removed from the project Removal Rae');
    expect(await t.mailbox(crewMember.email)).toEqual([]); // a PM of the assignee company is not a manager
    const audit = await t.services.db.selectFrom('audit_events').selectAll().where('action', '=', 'assignment_removed').execute();
    expect(audit.map((a) => a.entity_id)).toEqual([String(permit.projectId)]);
    expect((await remove(owner, permit.projectId, id)).status).toBe(404);
  });

  it('mails a removed user, who loses the project', async () => {
    const id = await assign(permit.projectId, 'User', helper.sub, 'view-only');
    expect((await call(helper, 'GET', `/v3/permits/${permit.permitId}`)).status).toBe(200);
    expect((await remove(pm, permit.projectId, id)).status).toBe(200);
    expect((await call(helper, 'GET', `/v3/permits/${permit.permitId}`)).status).toBe(404);
    expect((await t.mailbox(helper.email))[0]!.subject).toBe('You were removed from the project Removal Rae');
  });

  it('refuses who may not remove: the Observer, a PM removing an owner, a stranger, another project\'s id', async () => {
    const viewer = await assign(permit.projectId, 'User', helper.sub, 'view-only');
    const coOwner = await assign(permit.projectId, 'Company', String(C), 'owner');
    expect((await remove(observer, permit.projectId, viewer)).status).toBe(403);
    const pmOwner = await remove(pm, permit.projectId, coOwner);
    expect(pmOwner.status).toBe(403);
    expect(pmOwner.body.message).toBe(ASSIGNMENT_REMOVAL_MESSAGES['needs-owner']);
    expect((await remove(stranger, permit.projectId, viewer)).status).toBe(404);
    expect((await remove(owner, otherPermit.projectId, viewer)).status).toBe(404);
    expect((await call(helper, 'GET', `/v3/permits/${permit.permitId}`)).status).toBe(200);
    expect((await remove(owner, permit.projectId, coOwner)).status).toBe(200);
    expect((await remove(owner, permit.projectId, viewer)).status).toBe(200);
  });

  it('keeps the main owner, with a clear 409', async () => {
    const project = (await call(owner, 'GET', `/v3/projects/${permit.projectId}`)).body;
    const main = project.projectsAssignments.find((a: { accessLevel: string }) => a.accessLevel === 'owner');
    const res = await remove(owner, permit.projectId, main.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'MAIN_OWNER', message: ASSIGNMENT_REMOVAL_MESSAGES['main-owner'] });
    expect((await call(owner, 'GET', `/v3/permits/${permit.permitId}`)).status).toBe(200);
  });
});
