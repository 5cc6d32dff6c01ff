// The permit desk over HTTP (issue 12): refusals first (403 for customers and, on templates, for
// operators; 401 anonymous; 404 unknown permit; 409 stale version), then the desk's data, the permit
// number and fees, stage templates, inspections with their mails, the team's replies with attachments
// and documents for the customer, and the assigned operator's mail when the customer writes.
import { fillTemplate, PERMIT_CHANGED_MESSAGE, STAGE, type Permit, type PermitDesk, type StageTemplate } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStaffRole } from '../../staff/staff.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../../test/harness.js';
import { companyOf, jobSite, operator, requestPermit, type JobSite } from '../../test/permit-fixtures.js';

describe.each(databaseTargets())('the permit desk on %s', (target) => {
  let t: TestContext;
  let customer: TestUser;
  let team: TestUser;
  let admin: TestUser;
  let companyId: number;
  let site: JobSite;

  const desk = (permitId: number, user = team) => t.request<PermitDesk>('GET', `/v4/operator/permits/${permitId}/desk`, { token: user.accessToken });
  const audit = (permitId: number) =>
    t.services.db.selectFrom('audit_events').selectAll().where('permit_id', '=', permitId).orderBy('id').execute();
  const putBytes = async (upload: { uploadUrl: string; headers: Record<string, string> }, text: string) => {
    const url = new URL(upload.uploadUrl);
    const res = await t.app.request(url.pathname + url.search, { method: 'PUT', headers: upload.headers, body: new TextEncoder().encode(text) });
    expect(res.status).toBeLessThan(300);
  };
  const upload = async (permitId: number, fileName: string, documentType: string) => {
    const registered = await t.request('POST', `/v4/operator/permits/${permitId}/documents`, {
      token: team.accessToken,
      body: { fileName, contentType: 'application/pdf', size: 13, documentType },
    });
    expect(registered.status, registered.text).toBe(200);
    await putBytes(registered.body, '%PDF-1.4 test');
    return registered.body.documentId as number;
  };

  beforeAll(async () => {
    t = await createTestContext({ target });
    customer = await t.createUser({ name: 'Carla Customer' });
    team = await operator(t);
    admin = await t.createUser({ name: 'Ada Admin' });
    await setStaffRole(t.services.db, admin.email, 'service_admin');
    companyId = await companyOf(t, customer, 'Carla Construction');
    site = await jobSite(t);
  });
  afterAll(() => t?.close());

  it('refuses customers (403) and anonymous callers (401) on every desk call', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const calls: [string, string, unknown?][] = [
      ['GET', `/v4/operator/permits/${permitId}/desk`],
      ['PATCH', `/v4/operator/permits/${permitId}`, { version: 1, permitNumber: 'X-1' }],
      ['POST', `/v4/operator/permits/${permitId}/documents`, { fileName: 'permit.pdf', contentType: 'application/pdf', size: 10 }],
      ['POST', `/v4/operator/permits/${permitId}/messages`, { body: 'Hello' }],
      ['GET', '/v4/operator/templates'],
      ['PUT', `/v4/operator/templates/${STAGE.Processing}`, { subject: 'S', body: 'B' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(method, path, { token: customer.accessToken, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ message: 'Only the permit team can do this.', code: 'STAFF_ONLY' });
      expect((await t.request(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
    }
    // Nothing was changed by the refused calls.
    const after = await desk(permitId);
    expect(after.body.version).toBe(1);
    expect(after.body.permit.permitNumber).toBeNull();
    expect(after.body.documents).toEqual([]);
  });

  it('answers 404 for a permit that does not exist', async () => {
    expect((await desk(987654)).status).toBe(404);
    const patched = await t.request('PATCH', '/v4/operator/permits/987654', { token: team.accessToken, body: { version: 1, permitNumber: 'X' } });
    expect(patched.status).toBe(404);
    expect(patched.body.code).toBe('PERMIT_NOT_FOUND');
    expect((await t.request('POST', '/v4/operator/permits/987654/messages', { token: team.accessToken, body: { body: 'Hi' } })).status).toBe(404);
    expect((await t.request('POST', '/v4/operator/permits/987654/documents', { token: team.accessToken, body: { fileName: 'a.pdf', contentType: 'application/pdf', size: 3 } })).status).toBe(404);
  });

  it('shows everything about the permit on one page', async () => {
    const license = await t.request('POST', `/v4/companies/${companyId}/licenses`, {
      token: customer.accessToken,
      body: { licenseType: 'state', name: 'General Contractor', number: 'GC-7', stateCode: 'NY', expiresOn: '2020-01-31' },
    });
    expect(license.status, license.text).toBe(200);
    const insurance = await t.request('POST', `/v4/companies/${companyId}/insurances`, {
      token: customer.accessToken,
      body: { name: 'General Liability', number: 'GL-7', coverageAmount: 1000000, expiresOn: '2099-12-31' },
    });
    expect(insurance.status, insurance.text).toBe(200);
    const { permitId, projectId } = await requestPermit(t, customer, site, { companyId });
    const quote = await t.request('PUT', `/v1/permit-quote/Q-DESK-${permitId}`, { token: team.accessToken, body: { total: 1250, agentId: 'agent-7', orgId: 'org-42', permitId } });
    expect(quote.status, quote.text).toBe(200);
    expect((await t.request('PUT', `/v4/operator/permits/${permitId}/stage`, { token: team.accessToken, body: { stage: STAGE.Processing, note: 'On it.', version: 1 } })).status).toBe(200);

    const res = await desk(permitId);
    expect(res.status, res.text).toBe(200);
    const d = res.body;
    expect(d.permit.id).toBe(permitId);
    expect(d.permit.projectId).toBe(projectId);
    expect(d.version).toBe(2);
    expect(d.requester).toEqual({ name: 'Carla Customer', email: customer.email });
    expect(d.company).toEqual({ id: companyId, name: 'Carla Construction', owner: { name: 'Carla Customer', email: customer.email } });
    expect(d.request?.formId).toBe(52);
    expect(d.request?.answers).toEqual(
      expect.arrayContaining([
        { name: 'CustomerName', label: 'Customer Name', value: 'Hannah Homeowner' },
        { name: 'DescriptionOfWork', label: 'Description of Work', value: 'Replace the 40 gallon gas water heater in the basement.' },
        { name: 'ProjectIdentifier', label: 'Project Identifier', value: 'PO-1001' },
      ]),
    );
    expect(d.request?.answers[0]).toMatchObject({ name: 'JobSiteAddress', label: 'Job Site Address' });
    expect(d.compliance.licenses).toEqual([expect.objectContaining({ name: 'General Contractor', number: 'GC-7', expiresOn: '2020-01-31', status: 'active' })]);
    expect(d.compliance.insurances).toEqual([expect.objectContaining({ name: 'General Liability', expiresOn: '2099-12-31' })]);
    expect(d.quotes).toEqual([expect.objectContaining({ quoteId: `Q-DESK-${permitId}`, total: 1250 })]);
    expect(d.stageHistory.at(-1)).toMatchObject({ stage: STAGE.Processing, note: 'On it.', changedBy: 'permit_team', changedByName: 'Olga Operator' });
    expect(d.cancellation).toBeNull();
    expect(d.fees).toEqual([]);
    expect(d.assignee).toBeNull();
  });

  it('records the permit number and fees on the current version, refuses a stale one with 409, and audits the change', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const patch = (body: Record<string, unknown>) => t.request<PermitDesk>('PATCH', `/v4/operator/permits/${permitId}`, { token: team.accessToken, body });

    const bad = await patch({ version: 1, fees: [{ label: 'Plan review', amount: -5 }] });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Amount cannot be negative.');

    const saved = await patch({ version: 1, permitNumber: 'NYC-B-2026-77', fees: [{ label: 'Plan review', amount: 120.5 }, { label: 'Filing', amount: 35 }] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.version).toBe(2);
    expect(saved.body.permit.permitNumber).toBe('NYC-B-2026-77');
    expect(saved.body.fees.map(({ label, amount }) => ({ label, amount }))).toEqual([{ label: 'Plan review', amount: 120.5 }, { label: 'Filing', amount: 35 }]);

    // A colleague opened version 1 too: their change is refused and nothing is overwritten.
    const stale = await patch({ version: 1, permitNumber: 'OTHER' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: PERMIT_CHANGED_MESSAGE, code: 'PERMIT_CHANGED' });
    expect((await desk(permitId)).body.permit.permitNumber).toBe('NYC-B-2026-77');

    const events = (await audit(permitId)).filter((e) => e.action === 'updated');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ entity: 'permit', entity_id: String(permitId), actor_role: 'permit_team', actor_user_id: team.sub, customer_visible: true, company_id: companyId });
    expect(events[0]!.before).toEqual({ permitNumber: null, fees: [] });
    expect(events[0]!.after).toEqual({ permitNumber: 'NYC-B-2026-77', fees: [{ label: 'Plan review', amount: 120.5 }, { label: 'Filing', amount: 35 }] });
    expect(events[0]!.request_id).toBeTruthy();

    // Clearing the number and the fees on the new version.
    const cleared = await patch({ version: 2, permitNumber: '', fees: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.permit.permitNumber).toBeNull();
    expect(cleared.body.fees).toEqual([]);
    expect(cleared.body.version).toBe(3);
  });

  it('serves stage templates to operators; only a service admin changes one, audited as a setting', async () => {
    const list = await t.request<StageTemplate[]>('GET', '/v4/operator/templates', { token: team.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.map((x) => x.stage)).toEqual([10, 20, 30, 40, 50, 52, 55, 60, 70, 71, 72, 75]);
    const processing = list.body.find((x) => x.stage === STAGE.Processing)!;
    expect(processing.body).toContain('{customerName}');
    expect(fillTemplate(processing.body, { customerName: 'Hannah', taskName: 'Water Heater', municipality: 'New York' })).toBe(
      'Hello Hannah, we are preparing your Water Heater permit application for New York. We will tell you as soon as it is submitted.',
    );

    const asOperator = await t.request('PUT', `/v4/operator/templates/${STAGE.Processing}`, { token: team.accessToken, body: { subject: 'S', body: 'B' } });
    expect(asOperator.status).toBe(403);
    expect(asOperator.body).toEqual({ message: 'Only a service admin can do this.', code: 'SERVICE_ADMIN_ONLY' });
    expect((await t.request('PUT', '/v4/operator/templates/999', { token: admin.accessToken, body: { subject: 'S', body: 'B' } })).status).toBe(400);
    expect((await t.request('PUT', `/v4/operator/templates/${STAGE.Processing}`, { token: admin.accessToken, body: { subject: '', body: 'B' } })).status).toBe(400);

    const changed = await t.request<StageTemplate>('PUT', `/v4/operator/templates/${STAGE.Processing}`, {
      token: admin.accessToken,
      body: { subject: 'Working on {taskName}', body: 'Hi {customerName}, {operatorName} is on it.' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ stage: 20, stageName: 'Processing', subject: 'Working on {taskName}', updatedBy: 'Ada Admin' });
    const events = await t.services.db.selectFrom('audit_events').selectAll().where('entity', '=', 'setting').execute();
    expect(events).toEqual([
      expect.objectContaining({ entity_id: 'stage_template:20', action: 'updated', actor_role: 'service_admin', actor_user_id: admin.sub, before: { subject: processing.subject, body: processing.body } }),
    ]);
  });

  it('mails the customer when an inspection is scheduled and when it is resulted, with the inspector notes', async () => {
    const { permitId, projectId } = await requestPermit(t, customer, site, { companyId });
    const inspectionMails = async () => (await t.mailbox(customer.email)).filter((m) => m.template === 'inspection_update' && m.data.permitId === permitId);

    const added = await t.request('POST', `/v4/operator/permits/${permitId}/inspections`, { token: team.accessToken, body: { inspectionName: 'Rough-in' } });
    expect(added.status, added.text).toBe(201 === added.status ? 201 : 200);
    expect(await inspectionMails()).toHaveLength(0); // no date yet: nothing to tell
    const id = added.body.id as number;
    const inspection = (body: Record<string, unknown>) => t.request('PATCH', `/v4/operator/permits/${permitId}/inspections/${id}`, { token: team.accessToken, body });

    expect((await inspection({ status: 'scheduled', scheduledAt: '2026-12-03T00:00:00.000Z' })).status).toBe(200);
    let mails = await inspectionMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ event: 'scheduled', scheduledOn: '2026-12-03', inspectionName: 'Rough-in' });
    expect(mails[0]!.links).toContain(`${t.config.PUBLIC_URL}/projects/${projectId}/${permitId}`);

    expect((await inspection({ resultNotes: 'Bring the plans.' })).status).toBe(200);
    expect(await inspectionMails()).toHaveLength(1); // notes alone: no mail

    const failed = await inspection({ status: 'failed', resultNotes: 'Missing GFCI by the sink.' });
    expect(failed.status).toBe(200);
    expect(failed.body.resultNotes).toBe('Missing GFCI by the sink.');
    mails = await inspectionMails();
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe(`Permit ${permitId}: Rough-in inspection failed`);
    expect(mails[0]!.text).toContain('Missing GFCI by the sink.');

    const seen = await t.request<Permit>('GET', `/v3/permits/${permitId}`, { token: customer.accessToken });
    expect(seen.body.permitInspections[0]).toMatchObject({ status: 'failed', resultNotes: 'Missing GFCI by the sink.' });
    const events = (await audit(permitId)).filter((e) => e.action.startsWith('inspection_'));
    expect(events.map((e) => e.action)).toEqual(['inspection_added', 'inspection_updated', 'inspection_updated', 'inspection_updated']);
    expect(events.at(-1)!.after).toMatchObject({ inspection: 'Rough-in', status: 'failed', resultNotes: 'Missing GFCI by the sink.' });
    // Every change moved the version on.
    expect((await desk(permitId)).body.version).toBe(5);

    const unknown = await t.request('PATCH', `/v4/operator/permits/${permitId}/inspections/999999`, { token: team.accessToken, body: { status: 'passed' } });
    expect(unknown.status).toBe(404);
  });

  it('replies with attachments: the customer gets the files, the message and a mail with the permit page link', async () => {
    const { permitId, projectId } = await requestPermit(t, customer, site, { companyId });
    const first = await upload(permitId, 'checklist.pdf', 'attachment');
    const second = await upload(permitId, 'site-plan.pdf', 'attachment');

    const reply = await t.request('POST', `/v4/operator/permits/${permitId}/messages`, {
      token: team.accessToken,
      body: { body: 'Please sign the checklist.', attachmentIds: [first, second] },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.messages.at(-1)).toMatchObject({
      body: 'Please sign the checklist.',
      author: { name: 'Permit Team', role: 'permit_team' },
      attachments: [{ documentId: first, fileName: 'checklist.pdf' }, { documentId: second, fileName: 'site-plan.pdf' }],
    });

    const seen = await t.request<Permit>('GET', `/v3/permits/${permitId}`, { token: customer.accessToken });
    expect(seen.body.conversations![0]!.messages.at(-1)!.attachments).toHaveLength(2);
    const download = await t.request('GET', '/v4/s3/presigned', { token: customer.accessToken, query: { file: String(first) } });
    expect(download.status, download.text).toBe(200);

    const mail = (await t.mailbox(customer.email)).find((m) => m.template === 'team_reply' && m.data.permitId === permitId);
    expect(mail?.text).toContain('Please sign the checklist.');
    expect(mail?.text).toContain('Attached: checklist.pdf, site-plan.pdf');
    expect(mail?.links).toContain(`${t.config.PUBLIC_URL}/projects/${projectId}/${permitId}`);
    expect((await audit(permitId)).find((e) => e.action === 'message_added' && (e.after as { attachments?: string[] }).attachments)?.after).toMatchObject({ author: 'Permit Team', attachments: ['checklist.pdf', 'site-plan.pdf'] });

    // An attachment goes with one message; another permit's document is not this permit's.
    const again = await t.request('POST', `/v4/operator/permits/${permitId}/messages`, { token: team.accessToken, body: { body: 'Again', attachmentIds: [first] } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('ATTACHMENT_TAKEN');
    const other = await requestPermit(t, customer, site, { companyId });
    const foreign = await upload(other.permitId, 'other.pdf', 'attachment');
    const wrong = await t.request('POST', `/v4/operator/permits/${permitId}/messages`, { token: team.accessToken, body: { body: 'Wrong', attachmentIds: [foreign] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('ATTACHMENT_NOT_FOUND');
    // The refused replies left no message behind.
    const after = await t.request<Permit>('GET', `/v3/permits/${permitId}`, { token: customer.accessToken });
    expect(after.body.conversations![0]!.messages).toHaveLength(1);
  });

  it("uploads the issued permit for the customer: it shows in the customer's documents", async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const bad = await t.request('POST', `/v4/operator/permits/${permitId}/documents`, { token: team.accessToken, body: { fileName: 'x.pdf', contentType: 'application/pdf', size: 3, documentType: 'nonsense' } });
    expect(bad.status).toBe(400);
    const documentId = await upload(permitId, 'issued-permit.pdf', 'permit');
    const listed = await t.request('GET', '/v4/documents', { token: customer.accessToken, query: { documentable_id: String(permitId), documentable_type: 'Permit' } });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ documentId, documentType: 'permit', fileName: 'issued-permit.pdf' })]);
    expect((await desk(permitId)).body.documents).toEqual([expect.objectContaining({ documentId, uploaded: true })]);
    expect((await audit(permitId)).find((e) => e.action === 'document_added')).toMatchObject({ customer_visible: true, after: { fileName: 'issued-permit.pdf', documentType: 'permit' } });
  });

  it('mails the assigned operator when the customer writes, with the link to the permit desk', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const write = (body: string) => t.request('POST', `/v3/permits/${permitId}/conversations`, { token: customer.accessToken, body: { body } });
    expect((await write('Unassigned question')).status).toBe(200);
    expect((await t.mailbox(team.email)).filter((m) => m.template === 'customer_message')).toHaveLength(0);

    await t.services.db.updateTable('permits').set({ assigned_to: team.sub }).where('id', '=', permitId).execute();
    expect((await write('When is the inspection?')).status).toBe(200);
    const mails = (await t.mailbox(team.email)).filter((m) => m.template === 'customer_message' && m.data.permitId === permitId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('When is the inspection?');
    expect(mails[0]!.links).toContain(`${t.config.PUBLIC_URL}/ops/permits/${permitId}`);
    expect((await desk(permitId)).body.assignee).toMatchObject({ id: team.sub, email: team.email });
  });
});
