// The whole main path over HTTP (issue 3 "Done when"): a new user signs up through the verification
// flow, verifies by the mailed link, signs in, requests a permit with form 52 and finds it by search.
import { formChoices, STAGE, statusMessage } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';
import { COMPANY_ANSWERS, FORM_52_ANSWERS, jobSite } from '../test/permit-fixtures.js';

describe.each(databaseTargets())('main path on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  });
  afterAll(() => t?.close());

  it('signs up, verifies by the mailed link, signs in, requests a permit and finds it', async () => {
    const email = t.email('newcomer');
    const site = await jobSite(t, '742 Evergreen Terrace, Springfield, IL');

    // Verification flow: check the address, open the mailed link, create the account with the flow key.
    const check = await t.request('GET', `/verify-reoon/${encodeURIComponent(email)}`, { query: { firstName: 'Nora', location: 'https://partner.example/permits' } });
    expect(check.status, check.text).toBe(200);
    const [mail] = await t.mailbox(email);
    const link = new URL(mail!.links.find((href) => href.includes('accepted=1'))!);
    expect(link.searchParams.get('email')).toBe(email);
    const confirmed = await t.request('POST', '/confirmVerifiedUrl', { body: { email, token: link.searchParams.get('token') } });
    expect(confirmed.status, confirmed.text).toBe(200);
    const created = await t.request('POST', '/create-user-app', {
      body: {
        email,
        fullName: 'Nora Newcomer',
        firstName: 'Nora',
        lastName: 'Newcomer',
        password: 'Secret-pass1',
        phoneNumber: '+12175550142',
        companyName: 'Newcomer Renovations',
        companyAddress: '1 Main St, Springfield, IL 62701',
        // Opening the link hands this device the flow's key (earlier keys stop working).
        totp: confirmed.body.signupFlow.totp,
      },
    });
    expect(created.status, created.text).toBe(200);
    const user = await t.signIn(email, 'Secret-pass1');
    const companyId = Number(Object.keys(user.profile.permissions ?? {})[0]);
    expect(companyId).toBeGreaterThan(0);

    // The entry prefill: municipality, task, job site, contact, company and ApplicantType.
    const entry = await t.request('GET', '/v4/forms/52/entry-data', {
      token: user.accessToken,
      query: { taskId: site.taskId, municipalityId: site.municipalityId, addressId: site.addressId, addressLine2: 'Unit 2', companyId },
    });
    expect(entry.status, entry.text).toBe(200);
    expect(entry.body).toMatchObject({
      MunicipalityID: site.municipalityId,
      MunicipalityName: site.municipalityName,
      TaskID: site.taskId,
      TaskName: site.taskName,
      JobSiteAddress: { Line1: '742 Evergreen Terrace', Line2: 'Unit 2', State: 'IL', Country: 'US' },
      AddressID: site.addressId,
      UserID: user.sub,
      ContactEmail: email,
      ContactPhoneNumber: '+12175550142',
      FullName: 'Nora Newcomer',
      CompanyName: 'Newcomer Renovations',
      CompanyID: companyId,
      ApplicantType: 'Company',
      IsReadOnlyAddressPermit: false,
    });

    const before = (await t.request('GET', `/address-count/${encodeURIComponent(site.addressId)}`, { token: user.accessToken })).body.count as number;
    const submitted = await t.request('POST', '/v4/forms/52/entries', {
      token: user.accessToken,
      // The new company's vault is empty: filed past the pre-filing gate (gate/gate.test.ts).
      body: { formId: 52, ...formChoices(entry.body), answers: { ...FORM_52_ANSWERS, ...COMPANY_ANSWERS, CustomerName: 'Marge Simpson' }, acknowledgeGate: true },
    });
    expect(submitted.status, submitted.text).toBe(200);
    const { projectId, permitId, session } = submitted.body;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    // The widget sends the user to /success?type=APPLY_FOR_PROJECT_PERMIT&session=...; the session finds the permit.
    const bySession = await t.request('GET', '/v4/permits', { token: user.accessToken, query: { session } });
    expect(bySession.status).toBe(200);
    expect(bySession.body).toMatchObject({ id: permitId, projectId, stage: STAGE.Requested, customerName: 'Marge Simpson', companyId, scopeOfWork: FORM_52_ANSWERS.DescriptionOfWork, projectValue: 2450, orderNumber: 'PO-1001' });
    expect(bySession.body.stageHistory).toMatchObject([{ stage: 10, name: 'Requested', fromStage: null, changedBy: 'customer' }]);
    expect(bySession.body.address).toMatchObject({ streetAddress: '742 Evergreen Terrace', streetModifier: 'Unit 2', state: 'IL' });
    // The company owns the project: its main owner, shown '(self assigned)' on the radar.
    expect(bySession.body.projectsAssignments).toMatchObject([{ assigneeType: 'Company', accessLevel: 'owner', assignName: 'Newcomer Renovations' }]);

    // The address was counted, and the customer got a confirmation.
    expect((await t.request('GET', `/address-count/${encodeURIComponent(site.addressId)}`, { token: user.accessToken })).body.count).toBe(before + 1);
    const confirmation = (await t.mailbox(email)).find((m) => m.template === 'permit_stage_update');
    expect(confirmation?.subject).toBe(`Permit ${permitId} for Marge Simpson: Requested`);
    expect(confirmation?.text).toContain(statusMessage('requested'));

    // Found by search: keyword over customer name and address, with the paging headers.
    const search = await t.request('GET', '/v4/projects/search', { token: user.accessToken, query: { keyword: 'marge', companyId } });
    expect(search.status, search.text).toBe(200);
    expect(search.body.map((row: { id: number }) => row.id)).toEqual([permitId]);
    expect(search.headers.get('x-pagination-totalcount')).toBe('1');
    expect(search.headers.get('x-pagination-index')).toBe('1');
    expect(search.headers.get('x-pagination-size')).toBe('20');
    const byAddress = await t.request('GET', '/v4/projects/search', { token: user.accessToken, query: { keyword: 'evergreen', searchFields: 'jobAddress', companyId } });
    expect(byAddress.body.map((row: { id: number }) => row.id)).toEqual([permitId]);
    const defaults = await t.request('GET', '/v4/projects/default-search', { token: user.accessToken });
    expect(defaults.status).toBe(200);
    expect(defaults.body.map((row: { id: number }) => row.id)).toEqual([permitId]);
  });
});
