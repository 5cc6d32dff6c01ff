// Projects over HTTP: /new-project (create at an address, then add permits), get and update, the data
// collection saved for real, assignments with access levels and the main owner rule of SPEC §6.
import { INDIVIDUAL_REQUESTS_CLOSED_MESSAGE, formChoices, mainOwnerAssignment, type Permit, type Project } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { FORM_52_ANSWERS, companyOf, entryData, jobSite, requestPermit, type JobSite } from '../test/permit-fixtures.js';

const ADDRESS = { streetAddress: '100 Congress Ave', streetModifier: 'Suite 5', city: 'Austin', state: 'TX', postalCode: '78701' };

describe.each(databaseTargets())('projects on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let pm: TestUser;
  let observer: TestUser;
  let vendorOwner: TestUser;
  let companyId: number;
  let vendorId: number;
  let site: JobSite;

  beforeAll(async () => {
    t = await createTestContext({ target });
    owner = await t.createUser({ name: 'Rosa Radar' });
    pm = await t.createUser({ name: 'Pete Manager' });
    observer = await t.createUser({ name: 'Oscar Observer' });
    vendorOwner = await t.createUser({ name: 'Vera Vendor' });
    companyId = await companyOf(t, owner, 'Radar Roofing');
    vendorId = await companyOf(t, vendorOwner, 'Vera Solar');
    await t.services.companies.addMember(companyId, pm.sub, 'pm');
    await t.services.companies.addMember(companyId, observer.sub, 'user');
    site = await jobSite(t);
  });
  afterAll(() => t?.close());

  it('creates a project at an address, locates its municipality, and adds permits to it', async () => {
    const created = await t.request<Project>('POST', '/v4/projects', {
      token: pm.accessToken,
      body: { customerName: 'Austin Homeowner', orderNumber: 'JOB-77', address: ADDRESS, companyId, latitude: 30.2672, longitude: -97.7431 },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ name: 'Austin Homeowner', customerName: 'Austin Homeowner', projectAddress: '100 Congress Ave, Suite 5, Austin, TX 78701', companyId, permits: [] });
    expect(created.body.projectsAssignments).toMatchObject([{ assigneeType: 'Company', accessLevel: 'owner', assignName: 'Radar Roofing' }]);
    const id = created.body.id;
    const tasks = (await t.request('GET', '/tasks')).body.slice(0, 2).map((task: { id: number }) => task.id);
    const added = await t.request<Project>('PATCH', `/v4/projects/${id}/permits`, { token: pm.accessToken, body: { taskIds: tasks, acknowledgeGate: true } });
    expect(added.status, added.text).toBe(200);
    expect(added.body.permits.map((p) => [p.taskId, p.stage, p.municipalityName.length > 0])).toEqual(tasks.map((task: number) => [task, 10, true]));
    expect((await t.request('PATCH', `/v4/projects/${id}/permits`, { token: pm.accessToken, body: { taskIds: [999999] } })).status).toBe(400);
    expect((await t.request('PATCH', `/v4/projects/${id}/permits`, { token: pm.accessToken, body: { taskIds: [] } })).status).toBe(400);

    // Without a location the municipality must be given when permits are added.
    const bare = await t.request<Project>('POST', '/v4/projects', { token: owner.accessToken, body: { customerName: 'No Place', address: ADDRESS, companyId } });
    const refused = await t.request('PATCH', `/v4/projects/${bare.body.id}/permits`, { token: owner.accessToken, body: { taskIds: [tasks[0]] } });
    expect(refused.body).toMatchObject({ message: 'Municipality is required.' });
    const placed = await t.request<Project>('PATCH', `/v4/projects/${bare.body.id}/permits`, { token: owner.accessToken, body: { taskIds: [tasks[0]], municipalityId: site.municipalityId, acknowledgeGate: true } });
    expect(placed.body.permits[0]?.municipalityId).toBe(site.municipalityId);

    // An observer reads but may not create or change; a project needs a customer name.
    expect((await t.request('POST', '/v4/projects', { token: observer.accessToken, body: { customerName: 'X', address: ADDRESS, companyId } })).status).toBe(403);
    expect((await t.request('GET', `/v3/projects/${id}`, { token: observer.accessToken })).status).toBe(200);
    expect((await t.request('PATCH', `/v3/projects/${id}`, { token: observer.accessToken, body: { name: 'Mine' } })).status).toBe(403);
    const nameless = await t.request('POST', '/v4/projects', { token: owner.accessToken, body: { customerName: ' ', address: ADDRESS } });
    expect(nameless.body.message).toBe('Customer name is required.');
  });

  it('refuses permit requests from someone without a company while INDIVIDUAL_REQUEST_PERMIT is off (project and form 52), not a company\'s', async () => {
    const homeowner = await t.createUser({ name: 'Hal Homeowner' });
    const setting = (value: string) => t.services.db.updateTable('global_settings').set({ value }).where('setting_key', '=', 'INDIVIDUAL_REQUEST_PERMIT').execute();
    await setting('false');
    try {
      const personal = await t.request('POST', '/v4/projects', { token: homeowner.accessToken, body: { customerName: 'Hal Homeowner', address: ADDRESS } });
      expect(personal.status).toBe(403);
      expect(personal.body).toMatchObject({ message: INDIVIDUAL_REQUESTS_CLOSED_MESSAGE, code: 'INDIVIDUAL_REQUESTS_CLOSED' });
      const entry = await entryData(t, homeowner, site);
      const form = await t.request('POST', '/v4/forms/52/entries', { token: homeowner.accessToken, body: { formId: 52, ...formChoices(entry), answers: FORM_52_ANSWERS } });
      expect(form.status).toBe(403);
      expect(form.body.code).toBe('INDIVIDUAL_REQUESTS_CLOSED');
      // A company's request is not an individual's.
      expect((await t.request('POST', '/v4/projects', { token: owner.accessToken, body: { customerName: 'Company Job', address: ADDRESS, companyId } })).status).toBe(200);
    } finally {
      await setting('true');
    }
    expect((await t.request('POST', '/v4/projects', { token: homeowner.accessToken, body: { customerName: 'Hal Homeowner', address: ADDRESS } })).status).toBe(200);
  });

  it('updates a project; the radar rows follow', async () => {
    const { projectId, permitId } = await requestPermit(t, owner, site, { companyId });
    const res = await t.request<Project>('PATCH', `/v3/projects/${projectId}`, { token: pm.accessToken, body: { name: 'Roof over garage', customerName: 'Quincy Quill', orderNumber: 'PO-9' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Roof over garage', customerName: 'Quincy Quill', orderNumber: 'PO-9' });
    const found = await t.request('GET', '/v4/projects/search', { token: owner.accessToken, query: { keyword: 'quill', companyId } });
    expect(found.body.map((row: Permit) => row.id)).toEqual([permitId]);
  });

  it('saves the data collection for real and passes the server message on failure', async () => {
    const { projectId, permitId } = await requestPermit(t, owner, site, { companyId });
    const first = await t.request('GET', `/v3/projects/${projectId}/permits/${permitId}`, { token: owner.accessToken });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ customerName: 'Hannah Homeowner', purchaseOrder: 'PO-1001', task: site.taskName, company: 'Radar Roofing', companyId, price: 2450, files: [] });
    expect(first.body.data.permitFees).toBeGreaterThan(0);
    const data = {
      ...first.body.data,
      purchaseOrder: 'PO-2002',
      estimateCompletionDate: '2027-03-15',
      expirationDate: '2027-09-30',
      price: 3100.5,
      permitNo: 'BLD-2026-0042',
      stateLicense: 'HIC-1',
      noUploadPermitReason: 'The municipality mails the permit card.',
    };
    const saved = await t.request('PUT', `/v3/projects/${projectId}/permits/${permitId}`, { token: owner.accessToken, body: data });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ purchaseOrder: 'PO-2002', permitNo: 'BLD-2026-0042', noUploadPermitReason: 'The municipality mails the permit card.', stateLicense: 'HIC-1' });
    expect(saved.body.permit).toMatchObject({ orderNumber: 'PO-2002', permitNumber: 'BLD-2026-0042', projectValue: 3100.5, estCompletionAt: '2027-03-15T00:00:00.000Z', expiresAt: '2027-09-30T00:00:00.000Z' });
    const again = await t.request('GET', `/v3/projects/${projectId}/permits/${permitId}`, { token: pm.accessToken });
    expect(again.body.data).toEqual(saved.body.data);
    // The save is in the permit's trail, with what changed and the request's id.
    const trail = await t.services.db.selectFrom('audit_events').selectAll().where('permit_id', '=', permitId).where('action', '=', 'data_collection_saved').execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ entity: 'permit', actor_user_id: owner.sub, customer_visible: true, request_id: saved.headers.get('x-request-id') });
    expect(trail[0]!.after).toMatchObject({ purchaseOrder: 'PO-2002', permitNo: 'BLD-2026-0042' });
    const byNumber = await t.request('GET', '/v4/projects/search', { token: owner.accessToken, query: { keyword: 'bld-2026-0042', companyId } });
    expect(byNumber.body.map((row: Permit) => row.id)).toEqual([permitId]);

    const failed = await t.request('PUT', `/v3/projects/${projectId}/permits/${permitId}`, { token: owner.accessToken, body: { ...data, customerName: '' } });
    expect(failed.status).toBe(400);
    expect(failed.body.message).toBe('Customer name is required.');
    const foreignFile = await t.request('PUT', `/v3/projects/${projectId}/permits/${permitId}`, { token: owner.accessToken, body: { ...data, files: [{ documentId: 424242, fileName: 'x.pdf' }] } });
    expect(foreignFile.body.message).toBe('A file does not belong to this permit.');
    const other = await requestPermit(t, owner, site, { companyId });
    expect((await t.request('GET', `/v3/projects/${projectId}/permits/${other.permitId}`, { token: owner.accessToken })).status).toBe(404);
    expect((await t.request('PUT', `/v3/projects/${projectId}/permits/${permitId}`, { token: observer.accessToken, body: data })).status).toBe(403);
  });

  it('assigns companies, users and vendors with access levels; keeps the main owner', async () => {
    const { projectId } = await requestPermit(t, owner, site, { companyId });
    const assign = (user: TestUser, postData: Record<string, string>, id = projectId) =>
      t.request('POST', `/v4/projects/${id}/assignments`, { token: user.accessToken, body: { projectId: id, postData } });

    const vendor = await assign(pm, { accessLevel: 'contributor', assigneeType: 'Vendor', assigneeId: String(vendorId) });
    expect(vendor.status, vendor.text).toBe(200);
    expect(vendor.body).toMatchObject({ projectId, assigneeType: 'Vendor', assigneeId: String(vendorId), assignName: 'Vera Solar', accessLevel: 'contributor', company: { id: vendorId, name: 'Vera Solar' } });
    const user = await assign(pm, { accessLevel: 'view-only', assigneeType: 'User', assigneeId: observer.email });
    expect(user.body).toMatchObject({ assigneeType: 'User', assigneeId: observer.sub, assignName: 'Oscar Observer' });
    expect((await assign(pm, { accessLevel: 'view-only', assigneeType: 'User', assigneeId: observer.sub })).body.message).toBe('This assignee is already assigned to the project.');
    expect((await assign(pm, { accessLevel: 'owner', assigneeType: 'User', assigneeId: vendorOwner.sub })).status).toBe(403);
    expect((await assign(pm, { accessLevel: 'editor', assigneeType: 'Company', assigneeId: '999999' })).body.message).toBe('The company does not exist.');
    expect((await assign(observer, { accessLevel: 'editor', assigneeType: 'User', assigneeId: vendorOwner.sub })).status).toBe(403);
    const mismatch = await t.request('POST', `/v4/projects/${projectId}/assignments`, { token: pm.accessToken, body: { projectId: projectId + 1000, postData: { accessLevel: 'editor', assigneeType: 'User', assigneeId: vendorOwner.sub } } });
    expect(mismatch.status).toBe(400);

    // The vendor's users now see the project on their radar and may reply, but not change it.
    const theirs = await t.request('GET', '/v4/projects/search', { token: vendorOwner.accessToken, query: { companyId: vendorId } });
    expect(theirs.body.map((row: Permit) => row.projectId)).toContain(projectId);
    const permitId = theirs.body.find((row: Permit) => row.projectId === projectId).id as number;
    expect((await t.request('POST', `/v3/permits/${permitId}/conversations`, { token: vendorOwner.accessToken, body: { body: 'Panels arrive Monday.' } })).status).toBe(200);
    expect((await t.request('PATCH', `/v4/permits/${permitId}/update-project-name?projectName=Solar`, { token: vendorOwner.accessToken })).status).toBe(403);

    const project = (await t.request<Project>('GET', `/v3/projects/${projectId}`, { token: owner.accessToken })).body;
    const main = mainOwnerAssignment(project.projectsAssignments)!;
    expect(main).toMatchObject({ assigneeType: 'Company', assignName: 'Radar Roofing' });
    const update = (actor: TestUser, assignments: { id: number; accessLevel: string }[]) =>
      t.request('PATCH', '/v4/update-assignments', { token: actor.accessToken, body: { projectId, assignments } });
    const raised = await update(pm, [{ id: vendor.body.id, accessLevel: 'editor' }]);
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body.find((a: { id: number }) => a.id === vendor.body.id).accessLevel).toBe('editor');
    expect((await t.request('PATCH', `/v4/permits/${permitId}/update-project-name?projectName=Solar`, { token: vendorOwner.accessToken })).status).toBe(200);
    expect((await update(pm, [{ id: user.body.id, accessLevel: 'owner' }])).status).toBe(403);
    const second = await update(owner, [{ id: user.body.id, accessLevel: 'owner' }]);
    expect(second.status).toBe(200);
    const demote = await update(owner, [{ id: main.id, accessLevel: 'editor' }]);
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('The main owner of a project keeps owner access.');
    expect((await update(owner, [{ id: 999999, accessLevel: 'editor' }])).status).toBe(404);
    // The user made owner may now hand out owner access too.
    expect((await assign(observer, { accessLevel: 'owner', assigneeType: 'User', assigneeId: vendorOwner.sub })).status).toBe(200);
  });
});
