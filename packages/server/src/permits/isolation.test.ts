// SPEC §6 route by route: a user of another company can neither read nor change a company's permits and
// projects (404: they cannot know it exists), and a view-only member sees but may not change (403).
import { formChoices, type Permit, type PermitFormEntry } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, entryData, FORM_52_ANSWERS, jobSite, requestPermit } from '../test/permit-fixtures.js';

type Call = [method: string, path: string, options?: { body?: unknown; query?: Record<string, string | number> }];

describe.each(databaseTargets())('cross-company isolation on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let observer: TestUser;
  let stranger: TestUser;
  let companyId: number;
  let strangerCompanyId: number;
  let permitId: number;
  let projectId: number;
  let session: string;
  let documentId: number;
  let assignmentId: number;
  let permitEntry: PermitFormEntry;

  beforeAll(async () => {
    t = await createTestContext({ target });
    owner = await t.createUser({ name: 'Alma Alpha' });
    observer = await t.createUser({ name: 'Obi Observer' });
    stranger = await t.createUser({ name: 'Bert Beta' });
    companyId = await companyOf(t, owner, 'Alpha Electric');
    strangerCompanyId = await companyOf(t, stranger, 'Beta Builders');
    await t.services.companies.addMember(companyId, observer.sub, 'user');
    const site = await jobSite(t);
    ({ permitId, projectId, session } = await requestPermit(t, owner, site, { companyId, answers: { CustomerName: 'Secret Sally' } }));
    const upload = await t.request('POST', `/v4/permits/${permitId}/upload-document`, { token: owner.accessToken, body: { fileName: 'plan.pdf', contentType: 'application/pdf', size: 10 } });
    documentId = upload.body.documentId;
    assignmentId = (await t.request('GET', `/v3/projects/${projectId}`, { token: owner.accessToken })).body.projectsAssignments[0].id;
    permitEntry = (await t.request<PermitFormEntry>('GET', '/v4/forms/50/entry-data', { token: owner.accessToken, query: { permitId } })).body;
    // The stranger has work of their own, so an empty answer is not just an empty database.
    await requestPermit(t, stranger, site, { companyId: strangerCompanyId, answers: { CustomerName: 'Open Olga' } });
  });
  afterAll(() => t?.close());

  const reads = (): Call[] => [
    ['GET', `/v3/permits/${permitId}`],
    ['GET', '/v4/permits', { query: { session } }],
    ['GET', `/v4/permits/${permitId}/request-cancellation`],
    ['GET', '/v4/documents', { query: { documentable_id: permitId, documentable_type: 'Permit' } }],
    ['GET', '/v4/documents', { query: { documentable_id: projectId, documentable_type: 'Project' } }],
    ['GET', `/v3/projects/${projectId}`],
    ['GET', `/v3/projects/${projectId}/permits/${permitId}`],
    ['GET', '/v4/forms/50/entry-data', { query: { permitId } }],
    ['GET', '/v4/forms/31/entry-data', { query: { permitId } }],
  ];
  const writes = (): Call[] => [
    ['PUT', `/v3/permits/${permitId}`, { body: { stage: 72 } }],
    ['POST', `/v3/permits/${permitId}/conversations`, { body: { body: 'Let me in' } }],
    ['POST', `/v4/permits/${permitId}/upload-document`, { body: { fileName: 'x.pdf', contentType: 'application/pdf', size: 5 } }],
    ['PATCH', `/v4/permits/${permitId}/update-project-name`, { query: { projectName: 'Taken' } }],
    ['POST', `/v4/permits/${permitId}/dismiss`],
    ['PATCH', `/v3/projects/${projectId}`, { body: { customerName: 'Taken' } }],
    ['PATCH', `/v4/projects/${projectId}/permits`, { body: { taskIds: [1] } }],
    ['PUT', `/v3/projects/${projectId}/permits/${permitId}`, { body: { customerName: 'Taken', address: 'x', task: 'x', inspections: [], files: [] } }],
    ['POST', `/v4/projects/${projectId}/assignments`, { body: { projectId, postData: { accessLevel: 'owner', assigneeType: 'Company', assigneeId: '1' } } }],
    ['PATCH', '/v4/update-assignments', { body: { projectId, assignments: [{ id: 1, accessLevel: 'view-only' }] } }],
    ['POST', '/v4/forms/50/entries', { body: { formId: 50, permitId: null, answers: { Reason: 'other', Acknowledge: true } } }],
    ['POST', '/v4/forms/31/entries', { body: { formId: 31, permitId: null, answers: { JobSiteAddress: 'x', CustomerName: 'x', DescriptionOfWork: 'x', JobValue: 1 } } }],
  ];
  const send = (user: TestUser, [method, path, options]: Call) => {
    const body = options?.body && typeof options.body === 'object' && 'permitId' in options.body ? { ...options.body, ...formChoices(permitEntry) } : options?.body;
    return t.request(method, path, { token: user.accessToken, body, query: options?.query });
  };

  it('answers 404 to another company on every permit and project route, reading or writing', async () => {
    for (const call of [...reads(), ...writes()]) {
      const res = await send(stranger, call);
      expect(res.status, `${call[0]} ${call[1]}: ${res.text}`).toBe(404);
    }
    const download = await t.request('GET', '/v4/s3/presigned', { token: stranger.accessToken, query: { file: String(documentId) } });
    expect(download.status).toBe(404);
    expect(download.body.message).toBe('Document not found.');
  });

  it('answers 403 for another company by id: search, project creation, updates badge, forms, licenses', async () => {
    const forbidden: Call[] = [
      ['GET', '/v4/projects/search', { query: { companyId } }],
      ['POST', '/v4/projects', { body: { customerName: 'X', address: { streetAddress: '1 A St', city: 'Austin', state: 'TX', postalCode: '78701' }, companyId } }],
      ['GET', `/v4/companies/${companyId}/project-updates`],
      ['GET', `/v4/companies/${companyId}/data-collection/licenses-fors`, { query: { municipalityID: 1 } }],
    ];
    for (const call of forbidden) expect((await send(stranger, call)).status, `${call[0]} ${call[1]}`).toBe(403);
    // Form 52 in another company's name.
    const site = await jobSite(t);
    const entry = await entryData(t, stranger, site);
    const res = await t.request('POST', '/v4/forms/52/entries', { token: stranger.accessToken, body: { formId: 52, ...formChoices(entry), companyId, answers: FORM_52_ANSWERS } });
    expect(res.status).toBe(403);
    expect((await t.request('GET', '/v4/forms/52/entry-data', { token: stranger.accessToken, query: { taskId: site.taskId, municipalityId: site.municipalityId, addressId: site.addressId, companyId } })).status).toBe(403);
  });

  it('never shows another company\'s permits in searches', async () => {
    const own = await t.request('GET', '/v4/projects/search', { token: stranger.accessToken, query: { companyId: strangerCompanyId, type: 'all' } });
    expect(own.body.map((row: Permit) => row.customerName)).toEqual(['Open Olga']);
    for (const query of [{ keyword: 'secret', companyId: strangerCompanyId }, { keyword: 'secret' }, { keyword: String(projectId), searchFields: 'projectId' }]) {
      const res = await t.request('GET', '/v4/projects/search', { token: stranger.accessToken, query });
      expect(res.status).toBe(200);
      expect(res.body.map((row: Permit) => row.id)).not.toContain(permitId);
    }
    const defaults = await t.request('GET', '/v4/projects/default-search', { token: stranger.accessToken });
    expect(defaults.body.map((row: Permit) => row.id)).not.toContain(permitId);
  });

  it('lets a view-only member read but answers 403 to every change', async () => {
    for (const call of reads()) expect((await send(observer, call)).status, `${call[0]} ${call[1]}`).toBe(200);
    for (const call of writes()) {
      const res = await send(observer, call);
      expect(res.status, `${call[0]} ${call[1]}: ${res.text}`).toBe(403);
    }
    const reply = await send(observer, writes()[1]!);
    expect(reply.body.message).toBe('Your access to this project is view-only: you cannot reply or upload documents.');
    const inCompany = await t.request('GET', '/v4/projects/search', { token: observer.accessToken, query: { companyId } });
    expect(inCompany.body.map((row: Permit) => row.id)).toEqual([permitId]);
  });

  it('left the permit exactly as it was', async () => {
    const permit = (await t.request<Permit>('GET', `/v3/permits/${permitId}`, { token: owner.accessToken })).body;
    expect(permit).toMatchObject({ stage: 10, customerName: 'Secret Sally', projectName: null, conversations: [], cancellationRequested: false });
    expect(permit.projectsAssignments.map((a) => [a.id, a.accessLevel])).toEqual([[assignmentId, 'owner']]);
    const active = await t.request('GET', '/v4/projects/search', { token: owner.accessToken, query: { companyId } });
    expect(active.body.map((row: Permit) => row.id)).toEqual([permitId]);
  });
});
