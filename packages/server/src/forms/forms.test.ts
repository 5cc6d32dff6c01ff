// The form engine over HTTP: definitions as data, the entry prefill (individual and company, license
// lookup), validation errors per field, form 31 (on a stage-70 project and as a new permit), form 32
// (integration records) and the license lookup call.
import { FORM_IDS, MESSAGES, STAGE, formChoices, formDefinitionSchema, type Permit } from '@permitdesk/core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, entryData, FORM_52_ANSWERS, jobSite, operator, requestPermit, type JobSite } from '../test/permit-fixtures.js';

describe.each(databaseTargets())('forms on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let diy: TestUser;
  let companyId: number;
  let site: JobSite;

  beforeAll(async () => {
    t = await createTestContext({ target });
    owner = await t.createUser({ name: 'Finn Former' });
    diy = await t.createUser({ name: 'Dee Yourself' });
    companyId = await companyOf(t, owner, 'Former Builders');
    site = await jobSite(t);
  });
  afterAll(() => t?.close());

  it('serves the four definitions as data, publicly', async () => {
    for (const id of Object.values(FORM_IDS)) {
      const res = await t.request('GET', `/v4/forms/${id}`);
      expect(res.status).toBe(200);
      expect(v.safeParse(formDefinitionSchema, res.body).success).toBe(true);
      expect(res.body.id).toBe(id);
    }
    const form52 = (await t.request('GET', '/v4/forms/52')).body;
    expect(form52.fields.find((f: { name: string }) => f.name === 'DescriptionOfWork')).toMatchObject({ type: 'textarea', required: true, maxLength: 2000 });
    expect(form52.fields.find((f: { name: string }) => f.name === 'JobSiteAddress')).toMatchObject({ type: 'address', readOnly: true });
    expect((await t.request('GET', '/v4/forms/33')).status).toBe(400);
  });

  it('prefills an individual applicant and creates a personal project owned by the user', async () => {
    const entry = await entryData(t, diy, site);
    expect(entry).toMatchObject({ ApplicantType: 'Individual', CompanyID: null, FullName: 'Dee Yourself', ApplicantName: 'Dee Yourself', CustomerName: 'Dee Yourself', ContactEmail: diy.email });
    expect(entry.CompanyName).toBeUndefined();
    // A homeowner is not asked for contractor licenses or a purchase order: such answers are refused.
    const licensed = await t.request('POST', '/v4/forms/52/entries', { token: diy.accessToken, body: { formId: 52, ...formChoices(entry), answers: { ...FORM_52_ANSWERS, StateLicenseNumber: 'HIC-1', ProjectIdentifier: 'PO-9' } } });
    expect(licensed.body.fields).toEqual({ StateLicenseNumber: 'Unknown field: StateLicenseNumber.', ProjectIdentifier: 'Unknown field: ProjectIdentifier.' });
    // A contractor's customer is the property owner, not the contractor: no name is prefilled for them.
    expect((await entryData(t, owner, site, { companyId })).CustomerName).toBeUndefined();
    // The address is geocoded once per submission (a street geocoder is a call over the network).
    const geocode = vi.spyOn(t.services.geo.addresses, 'geocode');
    const sent = await t.request('POST', '/v4/forms/52/entries', { token: diy.accessToken, body: { formId: 52, ...formChoices(entry), answers: FORM_52_ANSWERS, acknowledgeGate: true } });
    expect(sent.status, sent.text).toBe(200);
    expect(geocode).toHaveBeenCalledTimes(1);
    geocode.mockRestore();
    const made = sent.body as { permitId: number };
    const permit = (await t.request<Permit>('GET', `/v3/permits/${made.permitId}`, { token: diy.accessToken })).body;
    expect(permit.companyId).toBeNull();
    expect(permit.projectsAssignments).toMatchObject([{ assigneeType: 'User', assigneeId: diy.sub, accessLevel: 'owner', assignName: 'Dee Yourself' }]);
    const mine = await t.request('GET', '/v4/projects/search', { token: diy.accessToken });
    expect(mine.body.map((row: Permit) => row.id)).toEqual([made.permitId]);
  });

  it('refuses bad answers with 400 and a message per field', async () => {
    const entry = await entryData(t, owner, site, { companyId });
    const submit = (answers: Record<string, unknown>, body: Record<string, unknown> = {}) =>
      t.request('POST', '/v4/forms/52/entries', { token: owner.accessToken, body: { formId: 52, ...formChoices(entry), answers, ...body } });
    const bad = await submit({ ...FORM_52_ANSWERS, DescriptionOfWork: '  ', ContactEmail: 'nope', ContactPhoneNumber: '(123) 555-0100', JobValue: 'lots', EstimatedStartDate: '2026-13-01', Colour: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(bad.body.fields).toEqual({
      ContactEmail: MESSAGES.emailInvalid,
      ContactPhoneNumber: MESSAGES.phoneAreaCode,
      DescriptionOfWork: 'Description of Work is required.',
      JobValue: 'Job Value must be an amount in dollars.',
      EstimatedStartDate: 'Estimated Start Date must be a date.',
      Colour: 'Unknown field: Colour.',
    });
    expect(bad.body.message).toBe(MESSAGES.emailInvalid);
    const long = await submit({ ...FORM_52_ANSWERS, CustomerName: 'x'.repeat(201) });
    expect(long.body).toMatchObject({ message: 'Customer Name is too long.', fields: { CustomerName: 'Customer Name is too long.' } });
    expect((await submit(FORM_52_ANSWERS, { formId: 31 })).body.code).toBe('FORM_MISMATCH');
    const noTask = await submit(FORM_52_ANSWERS, { taskId: 999999 });
    expect(noTask.body.message).toBe('The selected project type does not exist.');
    const unknownChoice = await submit(FORM_52_ANSWERS, { addressId: 'us.nothing.00000.eA' });
    expect(unknownChoice.body).toMatchObject({ code: 'ADDRESS_NOT_FOUND', fields: { addressId: expect.any(String) } });
    // Nothing was created by the refused submissions.
    const count = await t.services.db.selectFrom('form_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', owner.sub).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    const missing = await t.request('GET', '/v4/forms/52/entry-data', { token: owner.accessToken, query: { taskId: site.taskId, municipalityId: site.municipalityId } });
    expect(missing.body.message).toBe('Job site address is required.');
    const unknownAddress = await t.request('GET', '/v4/forms/52/entry-data', { token: owner.accessToken, query: { taskId: site.taskId, municipalityId: site.municipalityId, addressId: 'us.nothing.00000.eA' } });
    expect(unknownAddress.status).toBe(400);
  });

  it('takes choices only: the server derives the job site and municipality from the address id', async () => {
    const entry = await entryData(t, owner, site, { companyId });
    const submit = (body: Record<string, unknown>) =>
      t.request('POST', '/v4/forms/52/entries', { token: owner.accessToken, body: { formId: 52, ...formChoices(entry), answers: FORM_52_ANSWERS, ...body } });
    const elsewhere = await t.services.db.selectFrom('municipalities').select('id').where('id', '<>', site.municipalityId).orderBy('id').executeTakeFirstOrThrow();
    // A municipality that is not the chosen address's, on the prefill or on the request: refused.
    const mismatch = await submit({ municipalityId: elsewhere.id });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ code: 'MUNICIPALITY_MISMATCH', message: 'The municipality does not match the job site address. Please search for the address again.' });
    const prefill = await t.request('GET', '/v4/forms/52/entry-data', { token: owner.accessToken, query: { taskId: site.taskId, municipalityId: elsewhere.id, addressId: site.addressId } });
    expect(prefill.body.code).toBe('MUNICIPALITY_MISMATCH');
    // A copy of the server's data (the old entry, or an address of the caller's own) is not accepted at all.
    for (const extra of [{ entry }, { JobSiteAddress: { ...entry.JobSiteAddress, Line1: '1 Elsewhere Rd' } }, { MunicipalityID: elsewhere.id }]) {
      const refused = await submit(extra);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('carries choices only');
    }
    expect((await t.services.db.selectFrom('form_entries').select('id').where('user_id', '=', owner.sub).execute()).length).toBe(0);

    // The accepted request stores what the server derived, line 2 as typed.
    const made = await submit({ addressLine2: 'Suite 4200', acknowledgeGate: true });
    expect(made.status, made.text).toBe(200);
    const stored = await t.services.db.selectFrom('form_entries').select('entry').where('id', '=', made.body.entryId).executeTakeFirstOrThrow();
    const kept = (typeof stored.entry === 'string' ? JSON.parse(stored.entry) : stored.entry) as typeof entry;
    expect(kept).toMatchObject({ MunicipalityID: site.municipalityId, AddressID: site.addressId, TaskID: site.taskId, CompanyID: companyId });
    expect(kept.JobSiteAddress).toEqual({ ...entry.JobSiteAddress, Line2: 'Suite 4200' });
    const permit = (await t.request<Permit>('GET', `/v3/permits/${made.body.permitId}`, { token: owner.accessToken })).body;
    expect(permit.municipalityId).toBe(site.municipalityId);

    // Form 31 applies where its project is.
    const other = await t.request('POST', '/v4/forms/31/entries', {
      token: owner.accessToken,
      body: { formId: 31, projectId: made.body.projectId, taskId: site.taskId, municipalityId: elsewhere.id, answers: { JobSiteAddress: '350 5th Ave', CustomerName: 'Hannah Homeowner', DescriptionOfWork: 'More work.', JobValue: 100 } },
    });
    expect(other.body.code).toBe('MUNICIPALITY_MISMATCH');
  });

  it('prefills the licenses of the company for the municipality, and answers the license lookup', async () => {
    const db = t.services.db;
    const state = (await db.selectFrom('municipalities').select('state_code').where('id', '=', site.municipalityId).executeTakeFirstOrThrow()).state_code;
    await db
      .insertInto('company_licenses')
      .values([
        { company_id: companyId, license_type: 'state', name: 'Home Improvement Contractor', number: 'HIC-778812', state_code: state },
        { company_id: companyId, license_type: 'state', name: 'Expired', number: 'OLD-1', state_code: state, expires_on: '2001-01-01' },
        { company_id: companyId, license_type: 'state', name: 'Elsewhere', number: 'CA-1', state_code: state === 'CA' ? 'TX' : 'CA' },
        { company_id: companyId, license_type: 'local', name: 'Business License', number: 'BL-2024-55', municipality_id: site.municipalityId },
      ])
      .execute();
    const entry = await entryData(t, owner, site, { companyId });
    expect(entry).toMatchObject({
      StateLicense: 'Home Improvement Contractor',
      StateLicenseNumber: 'HIC-778812',
      LocalBusinessLicense: 'Business License',
      LocalBusinessLicenseNumber: 'BL-2024-55',
    });
    const lookup = await t.request('GET', `/v4/companies/${companyId}/data-collection/licenses-fors`, { token: owner.accessToken, query: { municipalityID: site.municipalityId } });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({ stateLicense: { companyId, licenseNo: 'HIC-778812' }, localLicense: { companyId, licenseNo: 'BL-2024-55' } });
    const otherState = await t.request('GET', `/v4/companies/${companyId}/data-collection/licenses-fors`, { token: owner.accessToken, query: { municipalityID: site.municipalityId, stateID: 'WY' } });
    expect(otherState.body.stateLicense).toBeNull();
    expect((await t.request('GET', `/v4/companies/${companyId}/data-collection/licenses-fors`, { token: diy.accessToken, query: { municipalityID: site.municipalityId } })).status).toBe(403);
    expect((await t.request('GET', '/v4/forms/52/entry-data', { token: diy.accessToken, query: { taskId: site.taskId, municipalityId: site.municipalityId, addressId: site.addressId, companyId } })).status).toBe(403);
  });

  it('applies for a permit with form 31: a stage-70 project becomes Requested, a permit project gets a new permit', async () => {
    const team = await operator(t);
    const { permitId, projectId } = await requestPermit(t, owner, site, { companyId });
    await t.request('PUT', `/v4/operator/permits/${permitId}/stage`, { token: team.accessToken, body: { stage: STAGE.Unsorted, version: (await t.request('GET', `/v4/operator/permits/${permitId}`, { token: team.accessToken })).body.version } });
    const entry = await t.request('GET', '/v4/forms/31/entry-data', { token: owner.accessToken, query: { permitId } });
    expect(entry.body).toMatchObject({ ProjectId: projectId, PermitId: permitId, IsReadOnlyAddressPermit: true, CompanyID: companyId, CustomerName: 'Hannah Homeowner', JobValue: '2450' });
    const answers = { JobSiteAddress: '350 5th Ave', CustomerName: 'Hannah Homeowner', DescriptionOfWork: 'Replace the water heater.', JobValue: 2600 };
    const applied = await t.request('POST', '/v4/forms/31/entries', { token: owner.accessToken, body: { formId: 31, ...formChoices(entry.body), answers, acknowledgeGate: true } });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toMatchObject({ formId: 31, projectId, permitId });
    const permit = (await t.request<Permit>('GET', `/v3/permits/${permitId}`, { token: owner.accessToken })).body;
    expect(permit).toMatchObject({ stage: STAGE.Requested, projectValue: 2600, scopeOfWork: 'Replace the water heater.' });

    const again = await t.request('POST', '/v4/forms/31/entries', { token: owner.accessToken, body: { formId: 31, ...formChoices(entry.body), answers, acknowledgeGate: true } });
    expect(again.status).toBe(200);
    expect(again.body.permitId).not.toBe(permitId);
    const project = await t.request('GET', `/v3/projects/${projectId}`, { token: owner.accessToken });
    expect(project.body.permits.map((p: Permit) => p.id)).toEqual([permitId, again.body.permitId]);
    const bad = await t.request('POST', '/v4/forms/31/entries', { token: owner.accessToken, body: { formId: 31, ...formChoices(entry.body), answers: { ...answers, JobValue: -5 } } });
    expect(bad.body.fields).toEqual({ JobValue: 'Job Value must be an amount in dollars.' });
    expect((await t.request('POST', '/v4/forms/31/entries', { token: diy.accessToken, body: { formId: 31, ...formChoices(entry.body), answers } })).status).toBe(404);
  });

  it('records integration entries with form 32 and serves them back', async () => {
    const { permitId } = await requestPermit(t, owner, site, { companyId });
    const entry = await t.request('GET', '/v4/forms/32/entry-data', { token: owner.accessToken, query: { permitId } });
    const answers = { IntegrationID: 'proj-4471-permit', Platform: 'construction-platform', ExternalProjectId: '4471' };
    const saved = await t.request('POST', '/v4/forms/32/entries', { token: owner.accessToken, body: { formId: 32, ...formChoices(entry.body), answers } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ formId: 32, permitId });
    const record = await t.request('GET', '/webhooks/integrations/proj-4471-permit', { token: owner.accessToken });
    expect(record.body).toMatchObject({ integrationId: 'proj-4471-permit', permitId });
    expect((await t.request('GET', '/webhooks/integrations/proj-4471-permit', { token: diy.accessToken })).status).toBe(404);
    const twice = await t.request('POST', '/v4/forms/32/entries', { token: owner.accessToken, body: { formId: 32, ...formChoices(entry.body), answers } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This integration record already exists.');
  });
});
