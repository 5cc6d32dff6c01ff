// The customer's permit calls over HTTP: get, stage-70 triage and undo, cancellation request and its
// status, uploads (presigned PUT, list, download; oversize refused), project name, dismissal.
import { cancellationLabel, formChoices, STAGE, TRIAGE, TRIAGE_MARKED_NO_PERMIT_MESSAGE, triageMessage, type Permit } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, jobSite, operator, requestPermit, type JobSite } from '../test/permit-fixtures.js';

describe.each(databaseTargets())('permits on %s', (target) => {
  let t: TestContext;
  let customer: TestUser;
  let team: TestUser;
  let companyId: number;
  let site: JobSite;

  const get = (permitId: number) => t.request<Permit>('GET', `/v3/permits/${permitId}`, { token: customer.accessToken });
  const setStage = (permitId: number, stage: number) => t.request<Permit>('PUT', `/v3/permits/${permitId}`, { token: customer.accessToken, body: { stage } });

  beforeAll(async () => {
    t = await createTestContext({ target });
    customer = await t.createUser({ name: 'Pia Permit' });
    team = await operator(t);
    companyId = await companyOf(t, customer, 'Pia Plumbing');
    site = await jobSite(t);
  });
  afterAll(() => t?.close());

  it('answers a permit with inspections, assignments, conversations and its timeline', async () => {
    const { permitId, projectId } = await requestPermit(t, customer, site, { companyId });
    const res = await get(permitId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: permitId, permitId, projectId, municipalityId: site.municipalityId, municipality: { id: site.municipalityId, name: site.municipalityName }, taskName: site.taskName, conversations: [], cancellationRequested: false });
    expect(res.body.stageHistory).toHaveLength(1);
    expect((await t.request('GET', '/v3/permits/999999', { token: customer.accessToken })).status).toBe(404);
    expect((await t.request('GET', '/v3/permits/abc', { token: customer.accessToken })).status).toBe(400);
    expect((await t.request('GET', `/v3/permits/${permitId}`)).status).toBe(401);
  });

  it('triages a stage-70 project with Yes, No and Undo (core TRIAGE values) and nothing else', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    // A project imported at the 'permit needed?' question.
    expect((await t.request('PUT', `/v4/operator/permits/${permitId}/stage`, { token: team.accessToken, body: { stage: STAGE.Unsorted, version: (await t.request('GET', `/v4/operator/permits/${permitId}`, { token: team.accessToken })).body.version } })).status).toBe(200);
    const mails = (await t.mailbox(customer.email)).length;

    const no = await setStage(permitId, TRIAGE.no);
    expect(no.status, no.text).toBe(200);
    expect(no.body.stage).toBe(STAGE.NoPermitNeeded);
    expect(triageMessage('no')).toBe(TRIAGE_MARKED_NO_PERMIT_MESSAGE);
    const undo = await setStage(permitId, TRIAGE.undo);
    expect(undo.body.stage).toBe(STAGE.Unsorted);
    const yes = await setStage(permitId, TRIAGE.yes);
    expect(yes.body.stage).toBe(STAGE.NoPermit);
    expect((await setStage(permitId, TRIAGE.undo)).body.stage).toBe(70);
    const history = (await get(permitId)).body.stageHistory!;
    expect(history.slice(-4).map((h) => [h.fromStage, h.stage, h.changedBy])).toEqual([
      [70, 72, 'customer'],
      [72, 70, 'customer'],
      [70, 71, 'customer'],
      [71, 70, 'customer'],
    ]);
    // The customer's own answers send no stage mail.
    expect((await t.mailbox(customer.email)).length).toBe(mails);

    const open = await setStage(permitId, STAGE.Open);
    expect(open.status).toBe(403);
    const { permitId: requested } = await requestPermit(t, customer, site, { companyId });
    const late = await setStage(requested, TRIAGE.no);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: 'This permit is no longer waiting for the permit-needed answer.', code: 'NOT_AT_TRIAGE' });
    expect((await t.request('PUT', `/v3/permits/${requested}`, { token: customer.accessToken, body: { stage: 'open' } })).status).toBe(400);
  });

  it('requests cancellation with form 50; the status then answers isSubmitted', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const before = await t.request('GET', `/v4/permits/${permitId}/request-cancellation`, { token: customer.accessToken });
    expect(before.body).toEqual({ isSubmitted: false, submittedAt: null });
    expect(cancellationLabel((await get(permitId)).body.cancellationRequested)).toBe('Request Cancellation');

    const noPermit = await t.request('GET', '/v4/forms/50/entry-data', { token: customer.accessToken });
    expect(noPermit.status).toBe(400);
    expect(noPermit.body.message).toBe('PermitId is required.');
    const entry = await t.request('GET', '/v4/forms/50/entry-data', { token: customer.accessToken, query: { permitId } });
    expect(entry.body).toMatchObject({ PermitId: permitId, IsReadOnlyAddressPermit: true, CompanyID: companyId, ApplicantType: 'Company' });
    const submit = (answers: Record<string, unknown>) =>
      t.request('POST', '/v4/forms/50/entries', { token: customer.accessToken, body: { formId: 50, ...formChoices(entry.body), answers } });

    const invalid = await submit({ Reason: 'because', Acknowledge: false });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      message: 'Reason for Cancellation must be one of the listed options.',
      code: 'VALIDATION_ERROR',
      fields: {
        Reason: 'Reason for Cancellation must be one of the listed options.',
        Acknowledge: 'I understand that fees already paid to the municipality may not be refundable. is required.',
      },
    });
    const done = await submit({ Reason: 'duplicate', Acknowledge: true });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ formId: 50, permitId, session: null });
    const after = await t.request('GET', `/v4/permits/${permitId}/request-cancellation`, { token: customer.accessToken });
    expect(after.body.isSubmitted).toBe(true);
    expect(Date.parse(after.body.submittedAt)).not.toBeNaN();
    const permit = (await get(permitId)).body;
    expect(permit.stage).toBe(STAGE.PendingCancellation);
    expect(cancellationLabel(permit.cancellationRequested)).toBe('View Project (Requested cancellation)');
    expect(permit.stageHistory!.at(-1)).toMatchObject({ stage: 75, note: 'This request is a duplicate', changedBy: 'customer' });
    const again = await submit({ Reason: 'duplicate', Acknowledge: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A cancellation has already been requested for this permit.');
  });

  it('uploads a document through a presigned PUT, lists it and downloads it; refuses oversize files', async () => {
    const { permitId, projectId } = await requestPermit(t, customer, site, { companyId });
    const bytes = new TextEncoder().encode('%PDF-1.4 site plan');
    const upload = await t.request('POST', `/v4/permits/${permitId}/upload-document`, {
      token: customer.accessToken,
      body: { fileName: 'Site plan.pdf', contentType: 'application/pdf', size: bytes.length },
    });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.body).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf' } });
    const documentId = upload.body.documentId as number;
    // Before the bytes arrive there is nothing to download.
    const early = await t.request('GET', '/v4/s3/presigned', { token: customer.accessToken, query: { file: String(documentId) } });
    expect(early.status).toBe(404);
    expect(early.body.message).toBe('The file has not been uploaded yet.');

    const target = new URL(upload.body.uploadUrl);
    const put = await t.app.request(target.pathname + target.search, { method: 'PUT', headers: upload.body.headers, body: bytes });
    expect(put.status).toBe(200);

    const list = await t.request('GET', '/v4/documents', { token: customer.accessToken, query: { documentable_id: permitId, documentable_type: 'Permit' } });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject([{ documentId, fileName: 'Site plan.pdf', contentType: 'application/pdf', size: bytes.length, uploaded: true, documentableType: 'Permit', documentableId: String(permitId), documentType: 'permit' }]);
    const ofProject = await t.request('GET', '/v4/documents', { token: customer.accessToken, query: { documentable_id: projectId, documentable_type: 'Project' } });
    expect(ofProject.body.map((d: { documentId: number }) => d.documentId)).toEqual([documentId]);

    const download = await t.request('GET', '/v4/s3/presigned', { token: customer.accessToken, query: { file: list.body[0].file } });
    expect(download.status, download.text).toBe(200);
    const url = new URL(download.body.url);
    const fetched = await t.app.request(url.pathname + url.search);
    expect(fetched.status).toBe(200);
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(bytes);

    const big = await t.request('POST', `/v4/permits/${permitId}/upload-document`, {
      token: customer.accessToken,
      body: { fileName: 'drone-survey.pdf', contentType: 'application/pdf', size: 50_000_001 },
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'The file is too large: the limit is 50,000,000 bytes.', code: 'FILE_TOO_LARGE' });
    const atLimit = await t.request('POST', `/v4/permits/${permitId}/upload-document`, {
      token: customer.accessToken,
      body: { fileName: 'survey.pdf', contentType: 'application/pdf', size: 50_000_000 },
    });
    expect(atLimit.status).toBe(200);
    expect((await t.request('GET', '/v4/s3/presigned', { token: customer.accessToken, query: { file: 'permits/1/nothing.pdf' } })).status).toBe(404);
  });

  it('turns the lasting address of a stored file into a download URL (POST /app/cloudfront/presigned)', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId });
    const bytes = new TextEncoder().encode('%PDF-1.4 framing plan');
    const upload = await t.request('POST', `/v4/permits/${permitId}/upload-document`, {
      token: customer.accessToken,
      body: { fileName: 'Framing plan.pdf', contentType: 'application/pdf', size: bytes.length },
    });
    const target = new URL(upload.body.uploadUrl);
    expect((await t.app.request(target.pathname + target.search, { method: 'PUT', headers: upload.body.headers, body: bytes })).status).toBe(200);
    // The storage key: the path of the presigned upload under the local files route.
    const key = decodeURIComponent(target.pathname.replace(/^\/files\//, ''));
    expect(key).toMatch(new RegExp(`^permits/${permitId}/`));
    const presign = (originalUrl: string, token = customer.accessToken) => t.request('POST', '/app/cloudfront/presigned', { token, body: { originalUrl } });

    // The unsigned address of the file (what a link kept in an e-mail or a record carries), or its key.
    for (const originalUrl of [`${target.origin}/files/${key}`, `https://files.example.com/${encodeURI(key)}`, key]) {
      const answer = await presign(originalUrl);
      expect(answer.status, `${originalUrl}: ${answer.text}`).toBe(200);
      const url = new URL(answer.body.url);
      expect(new Uint8Array(await (await t.app.request(url.pathname + url.search)).arrayBuffer())).toEqual(bytes);
    }
    const missing = await presign(`${target.origin}/files/permits/${permitId}/nothing.pdf`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Document not found.', code: 'DOCUMENT_NOT_FOUND' });
    // A document id is not a file address, and someone else's file does not exist for a stranger.
    expect((await presign(String(upload.body.documentId))).status).toBe(404);
    const stranger = await t.createUser({ name: 'Stan Stranger' });
    expect((await presign(key, stranger.accessToken)).status).toBe(404);
    expect((await t.request('POST', '/app/cloudfront/presigned', { body: { originalUrl: key } })).status).toBe(401);
  });

  it('renames the project of a permit and dismisses a permit from the active radar', async () => {
    const { permitId } = await requestPermit(t, customer, site, { companyId, answers: { CustomerName: 'Dismissed Dora' } });
    const renamed = await t.request('PATCH', `/v4/permits/${permitId}/update-project-name`, { token: customer.accessToken, query: { projectName: '  Basement water heater ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.projectName).toBe('Basement water heater');
    const blank = await t.request('PATCH', `/v4/permits/${permitId}/update-project-name`, { token: customer.accessToken, query: { projectName: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Project name is required.');

    const search = (type: string) => t.request('GET', '/v4/projects/search', { token: customer.accessToken, query: { keyword: 'dora', companyId, type } });
    expect((await search('active')).body).toHaveLength(1);
    expect((await t.request('POST', `/v4/permits/${permitId}/dismiss`, { token: customer.accessToken })).body).toEqual({ ok: true });
    expect((await search('active')).body).toHaveLength(0);
    expect((await search('all')).body).toHaveLength(1);
  });
});
