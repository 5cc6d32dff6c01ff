// The compliance vault through the API: licenses, insurances, certificates and documentation (list by
// status and keyword, create, update, archive, restore), files through the storage, indicators and
// credentials, compliance types, assigned projects, guest-fors and vendor-fors; roles (Owner and
// Administrator change, PM and User read) and another company's data kept out of reach, route by route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOf, jobSite, requestPermit } from '../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

const FORBIDDEN = { message: 'You do not have access to this company.', code: 'COMPANY_FORBIDDEN' };
const DAY = 86_400_000;
const isoDay = (offsetDays: number, from = new Date()) => new Date(from.getTime() + offsetDays * DAY).toISOString().slice(0, 10);

describe.each(databaseTargets())('compliance center on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let admin: TestUser;
  let pm: TestUser;
  let observer: TestUser;
  let outsider: TestUser;
  let companyId: number;
  let otherCompanyId: number;

  const as = (user: TestUser) => ({ token: user.accessToken });
  const post = (user: TestUser, path: string, body: unknown) => t.request('POST', path, { token: user.accessToken, body });
  const license = (user: TestUser, body: Record<string, unknown>, company = companyId) => post(user, `/v4/companies/${company}/licenses`, { licenseType: 'state', ...body });

  /** Registers a file for something of the company and PUTs its bytes to the presigned URL. */
  async function upload(user: TestUser, body: Record<string, unknown>, bytes = new TextEncoder().encode('%PDF-1.4 license scan'), company = companyId) {
    const registered = await post(user, `/v4/companies/${company}/documents`, { fileName: 'license.pdf', contentType: 'application/pdf', size: bytes.byteLength, ...body });
    if (registered.status !== 200) return { registered, put: null };
    const url = new URL(registered.body.uploadUrl);
    const put = await t.app.request(url.pathname + url.search, { method: 'PUT', headers: registered.body.headers, body: bytes });
    return { registered, put };
  }

  beforeAll(async () => {
    t = await createTestContext({ target });
    [owner, admin, pm, observer, outsider] = await Promise.all([
      t.createUser({ name: 'Olive Owner' }),
      t.createUser({ name: 'Adam Admin' }),
      t.createUser({ name: 'Pat Manager' }),
      t.createUser({ name: 'Oscar Observer' }),
      t.createUser({ name: 'Otto Outsider' }),
    ]);
    companyId = await companyOf(t, owner, 'Summit Roofing');
    otherCompanyId = await companyOf(t, outsider, 'Valley Electric');
    await t.services.companies.addMember(companyId, admin.sub, 'administrator');
    await t.services.companies.addMember(companyId, pm.sub, 'pm');
    await t.services.companies.addMember(companyId, observer.sub, 'user');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds, lists by status and keyword, updates, archives and restores licenses', async () => {
    const created = await license(owner, { name: 'General Contractor', number: 'GC-1001', issuer: 'Colorado DORA', stateCode: 'CO', issuedOn: '2024-01-15', expiresOn: isoDay(400) });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ companyId, licenseType: 'state', name: 'General Contractor', number: 'GC-1001', stateCode: 'CO', issuedOn: '2024-01-15', status: 'active', documentId: null, fileName: null });
    const id = created.body.licenseId as number;
    await license(admin, { name: 'Roofing Contractor', number: 'RC-77', stateCode: 'CO' });

    const all = await t.request('GET', `/v4/companies/${companyId}/licenses`, as(observer));
    expect(all.status).toBe(200);
    expect(all.body.map((l: { name: string }) => l.name)).toEqual(['General Contractor', 'Roofing Contractor']);
    const byNumber = await t.request('GET', `/v4/companies/${companyId}/licenses`, { ...as(pm), query: { keyword: 'rc-7' } });
    expect(byNumber.body.map((l: { number: string }) => l.number)).toEqual(['RC-77']);
    const wildcard = await t.request('GET', `/v4/companies/${companyId}/licenses`, { ...as(pm), query: { keyword: '%' } });
    expect(wildcard.body).toEqual([]);

    const updated = await t.request('PUT', `/v4/companies/${companyId}/licenses/${id}`, { ...as(admin), body: { licenseType: 'state', name: 'General Contractor', number: 'GC-2002', expiresOn: null } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ number: 'GC-2002', expiresOn: null, issuer: 'Colorado DORA', issuedOn: '2024-01-15' });

    const archived = await t.request('DELETE', `/v4/companies/${companyId}/licenses/${id}`, as(owner));
    expect(archived.status).toBe(200);
    expect(archived.body.status).toBe('archived');
    const active = await t.request('GET', `/v4/companies/${companyId}/licenses`, { ...as(owner), query: { status: 'active' } });
    expect(active.body.map((l: { name: string }) => l.name)).toEqual(['Roofing Contractor']);
    const inArchive = await t.request('GET', `/v4/companies/${companyId}/licenses`, { ...as(owner), query: { status: 'archived' } });
    expect(inArchive.body.map((l: { licenseId: number }) => l.licenseId)).toEqual([id]);
    const restored = await t.request('POST', `/v4/companies/${companyId}/licenses/${id}/restore`, as(admin));
    expect(restored.body.status).toBe('active');
    expect((await t.request('GET', `/v4/companies/${companyId}/licenses/${id}`, as(pm))).body.status).toBe('active');
  });

  it('keeps insurances and certificates with their own fields', async () => {
    const insurance = await post(owner, `/v4/companies/${companyId}/insurances`, { name: 'General Liability', issuer: 'Acme Mutual', coverageAmount: 2_000_000, expiresOn: isoDay(200) });
    expect(insurance.status, insurance.text).toBe(200);
    expect(insurance.body).toMatchObject({ name: 'General Liability', coverageAmount: 2_000_000, status: 'active' });
    const certificate = await post(admin, `/v4/companies/${companyId}/certificates`, { name: 'OSHA 30-Hour', number: 'OSHA-30-99' });
    expect(certificate.body).toMatchObject({ certificateId: expect.any(Number), name: 'OSHA 30-Hour' });
    const missingName = await post(owner, `/v4/companies/${companyId}/certificates`, { name: '  ' });
    expect(missingName.status).toBe(400);
    expect(missingName.body.message).toBe('Name is required.');
    const archived = await t.request('DELETE', `/v4/companies/${companyId}/insurances/${insurance.body.insuranceId}`, as(admin));
    expect(archived.body.status).toBe('archived');
    const restored = await t.request('POST', `/v4/companies/${companyId}/insurances/${insurance.body.insuranceId}/restore`, as(owner));
    expect(restored.body.status).toBe('active');
  });

  it('serves the vault licenses to the permit form license lookup (one table)', async () => {
    const site = await jobSite(t);
    const state = (await t.services.db.selectFrom('municipalities').select('state_code').where('id', '=', site.municipalityId).executeTakeFirstOrThrow()).state_code;
    const company = await companyOf(t, owner, 'Lookup Builders');
    const local = await license(owner, { licenseType: 'local', name: 'Business License', number: 'BL-42', municipalityId: site.municipalityId }, company);
    expect(local.body.municipalityId).toBe(site.municipalityId);
    await license(owner, { name: 'Home Improvement', number: 'HIC-9', stateCode: state }, company);
    const lookup = await t.request('GET', `/v4/companies/${company}/data-collection/licenses-fors`, { ...as(owner), query: { municipalityID: site.municipalityId } });
    expect(lookup.body).toEqual({ stateLicense: { companyId: company, licenseNo: 'HIC-9' }, localLicense: { companyId: company, licenseNo: 'BL-42' } });
    // Archived in the vault: gone from the lookup.
    await t.request('DELETE', `/v4/companies/${company}/licenses/${local.body.licenseId}`, as(owner));
    const after = await t.request('GET', `/v4/companies/${company}/data-collection/licenses-fors`, { ...as(owner), query: { municipalityID: site.municipalityId } });
    expect(after.body.localLicense).toBeNull();
  });

  it('lets PMs and Observers read but not change, with 403 ROLE_FORBIDDEN', async () => {
    const item = (await license(owner, { name: 'Plumbing Contractor' })).body.licenseId as number;
    for (const reader of [pm, observer]) {
      expect((await t.request('GET', `/v4/companies/${companyId}/licenses/${item}`, as(reader))).status).toBe(200);
      const attempts = await Promise.all([
        license(reader, { name: 'Sneaky' }),
        t.request('PUT', `/v4/companies/${companyId}/licenses/${item}`, { ...as(reader), body: { licenseType: 'state', name: 'Renamed' } }),
        t.request('DELETE', `/v4/companies/${companyId}/licenses/${item}`, as(reader)),
        t.request('POST', `/v4/companies/${companyId}/licenses/${item}/restore`, as(reader)),
        post(reader, `/v4/companies/${companyId}/documentations`, { name: 'Nope' }),
        post(reader, `/v4/companies/${companyId}/documents`, { fileName: 'x.pdf', contentType: 'application/pdf', size: 10, documentableType: 'Company' }),
        t.request('POST', '/v4/compliance-types', { ...as(reader), query: { type: 'license', companyId }, body: { name: 'Mine' } }),
      ]);
      for (const res of attempts) {
        expect(res.status, res.text).toBe(403);
        expect(res.body.code).toBe('ROLE_FORBIDDEN');
      }
    }
    expect((await t.request('GET', `/v4/companies/${companyId}/licenses/${item}`, as(owner))).body.name).toBe('Plumbing Contractor');
  });

  it("keeps another company's data out of reach, route by route", async () => {
    const item = (await license(owner, { name: 'Electrical Contractor' })).body.licenseId as number;
    const documentation = (await post(owner, `/v4/companies/${companyId}/documentations`, { name: 'W-9' })).body.documentId as number;
    const reads = [
      `/v4/companies/${companyId}/licenses`, `/v4/companies/${companyId}/licenses/${item}`, `/v4/companies/${companyId}/insurances`,
      `/v4/companies/${companyId}/certificates`, `/v4/companies/${companyId}/documentations`, `/v4/companies/${companyId}/documentations/${documentation}`,
      `/v4/companies/${companyId}/documents`, `/v4/companies/${companyId}/assigned-projects`, `/v4/companies/${companyId}/guest-fors`,
      `/v4/companies/${companyId}/vendor-fors`, `/v4/credentials?companyId=${companyId}`, `/v4/indicators/companies?ids=${companyId}`,
      `/v4/indicators/companies?ids=${otherCompanyId},${companyId}`, `/v4/compliance-types?type=license&companyId=${companyId}`,
    ];
    for (const path of reads) {
      const res = await t.request('GET', path, as(outsider));
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    const writes = await Promise.all([
      license(outsider, { name: 'Hijack' }),
      t.request('PUT', `/v4/companies/${companyId}/licenses/${item}`, { ...as(outsider), body: { licenseType: 'state', name: 'Hijack' } }),
      t.request('DELETE', `/v4/companies/${companyId}/licenses/${item}`, as(outsider)),
      t.request('POST', `/v4/companies/${companyId}/licenses/${item}/restore`, as(outsider)),
      t.request('DELETE', `/v4/companies/${companyId}/documentations/${documentation}`, as(outsider)),
      post(outsider, `/v4/companies/${companyId}/documents`, { fileName: 'x.pdf', contentType: 'application/pdf', size: 10, documentableType: 'License', documentableId: item }),
    ]);
    for (const res of writes) expect(res.body).toEqual(FORBIDDEN);
    // Through the outsider's own company, this company's items do not exist.
    const throughOwn = await Promise.all([
      t.request('GET', `/v4/companies/${otherCompanyId}/licenses/${item}`, as(outsider)),
      t.request('PUT', `/v4/companies/${otherCompanyId}/licenses/${item}`, { ...as(outsider), body: { licenseType: 'state', name: 'Hijack' } }),
      t.request('DELETE', `/v4/companies/${otherCompanyId}/licenses/${item}`, as(outsider)),
      t.request('DELETE', `/v4/companies/${otherCompanyId}/documentations/${documentation}`, as(outsider)),
      post(outsider, `/v4/companies/${otherCompanyId}/documents`, { fileName: 'x.pdf', contentType: 'application/pdf', size: 10, documentableType: 'License', documentableId: item }),
    ]);
    for (const res of throughOwn) expect(res.status, res.text).toBe(404);
    expect((await license(outsider, { name: 'Theirs', documentId: documentation }, otherCompanyId)).status).toBe(400);
    const unseen = await t.request('GET', '/v4/documents', { ...as(outsider), query: { documentable_type: 'License', documentable_id: item } });
    expect(unseen.status).toBe(404);
    expect((await t.request('GET', `/v4/companies/${companyId}/licenses/${item}`, as(owner))).body.name).toBe('Electrical Contractor');
    expect((await t.request('GET', `/v4/companies/${companyId}/licenses`)).status).toBe(401);
  });

  it('attaches a file to a license through a presigned upload, lists and downloads it, and refuses outsiders', async () => {
    const item = (await license(owner, { name: 'Mechanical Contractor', expiresOn: isoDay(90) })).body.licenseId as number;
    const bytes = new TextEncoder().encode('%PDF-1.4 mechanical');
    const { registered, put } = await upload(admin, { documentableType: 'License', documentableId: item, fileName: 'mechanical.pdf' }, bytes);
    expect(registered.status, registered.text).toBe(200);
    expect(registered.body).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf' } });
    expect(put?.status).toBe(200);
    // The company's trail: who filed which file for which item.
    const filed = await t.services.db.selectFrom('audit_events').selectAll().where('action', '=', 'file_uploaded').where('entity_id', '=', `license:${item}`).execute();
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ entity: 'vault_item', actor_user_id: admin.sub, company_id: companyId, after: { fileName: 'mechanical.pdf', documentId: registered.body.documentId } });
    const withFile = (await t.request('GET', `/v4/companies/${companyId}/licenses/${item}`, as(observer))).body;
    expect(withFile).toMatchObject({ documentId: registered.body.documentId, fileName: 'mechanical.pdf', file: expect.stringMatching(/^companies\/\d+\/.+\/mechanical\.pdf$/) });

    const listed = await t.request('GET', '/v4/documents', { ...as(pm), query: { documentable_type: 'License', documentable_id: item } });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ documentId: registered.body.documentId, documentableType: 'License', documentableId: String(item), fileName: 'mechanical.pdf', size: bytes.byteLength, uploaded: true, file: withFile.file })]);
    const all = await t.request('GET', `/v4/companies/${companyId}/documents`, as(observer));
    expect(all.body.map((d: { documentId: number }) => d.documentId)).toContain(registered.body.documentId);

    const link = await t.request('GET', '/v4/s3/presigned', { ...as(observer), query: { file: withFile.file } });
    expect(link.status, link.text).toBe(200);
    const url = new URL(link.body.url);
    const download = await t.app.request(url.pathname + url.search);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('%PDF-1.4 mechanical');
    const refused = await t.request('GET', '/v4/s3/presigned', { ...as(outsider), query: { file: withFile.file } });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'Document not found.', code: 'DOCUMENT_NOT_FOUND' });

    const tooLarge = await post(owner, `/v4/companies/${companyId}/documents`, { fileName: 'huge.pdf', contentType: 'application/pdf', size: 50_000_001, documentableType: 'License', documentableId: item });
    expect(tooLarge.status).toBe(413);
    const noItem = await post(owner, `/v4/companies/${companyId}/documents`, { fileName: 'a.pdf', contentType: 'application/pdf', size: 5, documentableType: 'Certificate' });
    expect(noItem.status).toBe(400);
    const notUploaded = await post(owner, `/v4/companies/${companyId}/documents`, { fileName: 'later.pdf', contentType: 'application/pdf', size: 5, documentableType: 'License', documentableId: item });
    const pending = (await t.request('GET', `/v4/companies/${companyId}/licenses/${item}`, as(owner))).body;
    expect(pending.documentId).toBe(notUploaded.body.documentId);
    expect((await t.request('GET', '/v4/s3/presigned', { ...as(owner), query: { file: pending.file } })).body.code).toBe('FILE_NOT_UPLOADED');
  });

  it('keeps documentation with the Sorted / Unneeded / Unsorted categories; a file alone starts an Unsorted one', async () => {
    const { registered } = await upload(owner, { documentableType: 'Company', fileName: 'w9-2026.pdf' });
    expect(registered.status, registered.text).toBe(200);
    const started = (await t.request('GET', `/v4/companies/${companyId}/documentations/${registered.body.documentId}`, as(pm))).body;
    expect(started).toMatchObject({ name: 'w9-2026.pdf', category: 'Unsorted', status: 'active', fileName: 'w9-2026.pdf' });
    const sorted = await post(admin, `/v4/companies/${companyId}/documentations`, { name: 'W-9 Form', category: 'Sorted', documentId: registered.body.documentId });
    expect(sorted.body).toMatchObject({ documentId: registered.body.documentId, name: 'W-9 Form', category: 'Sorted' });
    const bare = await post(owner, `/v4/companies/${companyId}/documentations`, { name: 'Safety Manual' });
    expect(bare.body).toMatchObject({ category: 'Unsorted', fileName: null, file: null });
    await upload(owner, { documentableType: 'Company', documentableId: bare.body.documentId, fileName: 'manual.pdf' });
    const withFile = (await t.request('GET', `/v4/companies/${companyId}/documentations/${bare.body.documentId}`, as(owner))).body;
    expect(withFile).toMatchObject({ name: 'Safety Manual', fileName: 'manual.pdf' });
    const unneeded = await t.request('PUT', `/v4/companies/${companyId}/documentations/${bare.body.documentId}`, { ...as(owner), body: { name: 'Safety Manual', category: 'Unneeded' } });
    expect(unneeded.body.category).toBe('Unneeded');
    expect((await t.request('PUT', `/v4/companies/${companyId}/documentations/${bare.body.documentId}`, { ...as(owner), body: { name: 'X', category: 'Bogus' } })).status).toBe(400);
    await t.request('DELETE', `/v4/companies/${companyId}/documentations/${bare.body.documentId}`, as(owner));
    const archived = await t.request('GET', `/v4/companies/${companyId}/documentations`, { ...as(owner), query: { status: 'archived' } });
    expect(archived.body.map((d: { name: string }) => d.name)).toEqual(['Safety Manual']);
    const restored = await t.request('POST', `/v4/companies/${companyId}/documentations/${bare.body.documentId}/restore`, as(owner));
    expect(restored.body.status).toBe('active');
    const companyFiles = await t.request('GET', '/v4/documents', { ...as(observer), query: { documentable_type: 'Company', documentable_id: companyId } });
    expect(companyFiles.body.map((d: { fileName: string }) => d.fileName).sort()).toEqual(['manual.pdf', 'w9-2026.pdf']);
  });

  it('answers the indicators by kind: true with a current item, false with only expired or archived ones, null with none', async () => {
    const fresh = await companyOf(t, owner, 'Indicator Works');
    const indicators = async (user = owner) => (await t.request('GET', '/v4/indicators/companies', { ...as(user), query: { ids: `${fresh},${companyId}` } })).body;
    expect((await indicators())[0]).toEqual({ companyId: fresh, license: null, insurance: null, certificate: null, agreement: null, colours: { license: 'green', insurance: 'green', certificate: 'green', agreement: 'green' } });

    const current = await license(owner, { name: 'General Contractor', expiresOn: isoDay(30) }, fresh);
    await post(owner, `/v4/companies/${fresh}/insurances`, { name: 'General Liability', expiresOn: isoDay(-1) });
    await post(owner, `/v4/companies/${fresh}/documentations`, { name: 'No file yet' });
    expect((await indicators())[0]).toEqual({ companyId: fresh, license: true, insurance: false, certificate: null, agreement: null, colours: { license: 'amber', insurance: 'red', certificate: 'green', agreement: 'green' } });

    await t.request('DELETE', `/v4/companies/${fresh}/licenses/${current.body.licenseId}`, as(owner));
    await upload(owner, { documentableType: 'Company', fileName: 'agreement.pdf' }, undefined, fresh);
    const [freshNow, main] = await indicators();
    expect(freshNow).toEqual({ companyId: fresh, license: false, insurance: false, certificate: null, agreement: true, colours: { license: 'red', insurance: 'red', certificate: 'green', agreement: 'green' } });
    expect(main.companyId).toBe(companyId);
    // Expiry is checked against the server's clock: a license expiring in 30 days is expired after 31.
    await t.request('POST', `/v4/companies/${fresh}/licenses/${current.body.licenseId}/restore`, as(owner));
    expect((await indicators())[0].license).toBe(true);
    t.advanceTime(31 * DAY);
    try {
      // (A token signed a month ago has expired by then: sign in again.)
      const later = await t.signIn(owner.email, owner.password);
      expect((await indicators(later))[0].license).toBe(false);
    } finally {
      t.advanceTime(-31 * DAY);
    }
  });

  it('lists expiration credentials soonest first, active only', async () => {
    const company = await companyOf(t, owner, 'Credential Co');
    await license(owner, { name: 'Late', expiresOn: isoDay(300) }, company);
    await post(owner, `/v4/companies/${company}/certificates`, { name: 'Never expires' });
    await post(owner, `/v4/companies/${company}/insurances`, { name: 'Soon', expiresOn: isoDay(10) });
    const archived = await license(owner, { name: 'Archived', expiresOn: isoDay(1) }, company);
    await t.request('DELETE', `/v4/companies/${company}/licenses/${archived.body.licenseId}`, as(owner));
    const res = await t.request('GET', '/v4/credentials', { ...as(owner), query: { companyId: company } });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { kind: string; name: string; expiresOn: string | null }) => [c.kind, c.name, c.expiresOn])).toEqual([
      ['insurance', 'Soon', isoDay(10)],
      ['license', 'Late', isoDay(300)],
      ['certificate', 'Never expires', null],
    ]);
  });

  it('lists common compliance types and adds a company its own', async () => {
    const common = await t.request('GET', '/v4/compliance-types', { ...as(pm), query: { type: 'insurance' } });
    expect(common.body.map((c: { name: string }) => c.name)).toContain("Workers' Compensation");
    const added = await t.request('POST', '/v4/compliance-types', { ...as(admin), query: { type: 'license', companyId }, body: { name: 'Fire Sprinkler' } });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toMatchObject({ type: 'license', name: 'Fire Sprinkler' });
    const again = await t.request('POST', '/v4/compliance-types', { ...as(owner), query: { type: 'license', companyId }, body: { name: 'fire sprinkler' } });
    expect(again.body.id).toBe(added.body.id);
    const mine = await t.request('GET', '/v4/compliance-types', { ...as(observer), query: { type: 'license', companyId } });
    expect(mine.body.map((c: { name: string }) => c.name)).toContain('Fire Sprinkler');
    const theirs = await t.request('GET', '/v4/compliance-types', { ...as(outsider), query: { type: 'license', companyId: otherCompanyId } });
    expect(theirs.body.map((c: { name: string }) => c.name)).not.toContain('Fire Sprinkler');
    expect(theirs.body.map((c: { name: string }) => c.name)).toContain('General Contractor');
  });

  it('pages the projects assigned to the company from elsewhere by the x-pagination headers', async () => {
    const site = await jobSite(t);
    const client = await t.createUser({ name: 'Clara Client' });
    const clientCompany = await companyOf(t, client, 'Client Homes');
    const first = await requestPermit(t, client, site, { companyId: clientCompany, answers: { CustomerName: 'Baker' } });
    const second = await requestPermit(t, client, site, { companyId: clientCompany, answers: { CustomerName: 'Adams' } });
    await requestPermit(t, client, site, { companyId: clientCompany, answers: { CustomerName: 'Unassigned' } });
    for (const { projectId } of [first, second]) {
      const assigned = await post(client, `/v4/projects/${projectId}/assignments`, { projectId, postData: { accessLevel: 'view-only', assigneeType: 'Vendor', assigneeId: String(companyId) } });
      expect(assigned.status, assigned.text).toBe(200);
    }
    const page1 = await t.request('GET', `/v4/companies/${companyId}/assigned-projects`, { ...as(observer), query: { page: 1, size: 1 } });
    expect(page1.status, page1.text).toBe(200);
    expect(page1.headers.get('x-pagination-totalcount')).toBe('2');
    expect(page1.headers.get('x-pagination-size')).toBe('1');
    expect(page1.body.map((p: { customerName: string }) => p.customerName)).toEqual(['Adams']);
    const page2 = await t.request('GET', `/v4/companies/${companyId}/assigned-projects`, { ...as(observer), query: { page: 2, size: 1 } });
    expect(page2.headers.get('x-pagination-index')).toBe('2');
    expect(page2.body.map((p: { permitId: number }) => p.permitId)).toEqual([first.permitId]);
    const past = await t.request('GET', `/v4/companies/${companyId}/assigned-projects`, { ...as(observer), query: { page: 5, size: 1 } });
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-pagination-totalcount')).toBe('2');
    // The client's own projects are not "assigned" to it.
    const own = await t.request('GET', `/v4/companies/${clientCompany}/assigned-projects`, as(client));
    expect(own.body).toEqual([]);
  });

  it('lists guest-fors and vendor-fors from the company relations, and vendor indicators for the client only', async () => {
    const db = t.services.db;
    const host = await companyOf(t, outsider, 'Host Builders');
    const client = await companyOf(t, outsider, 'Client Corp');
    const ended = await companyOf(t, outsider, 'Former Client');
    expect((await t.request('GET', `/v4/companies/${companyId}/guest-fors`, as(pm))).body).toEqual([]);
    await db.insertInto('company_guests').values({ host_company_id: host, guest_company_id: companyId, status: 1 }).execute();
    await db.insertInto('company_vendors').values([
      { company_id: client, vendor_id: companyId, status: 1 },
      { company_id: ended, vendor_id: companyId, status: 12 },
    ]).execute();
    const guestFors = await t.request('GET', `/v4/companies/${companyId}/guest-fors`, as(pm));
    expect(guestFors.body).toEqual([expect.objectContaining({ id: host, name: 'Host Builders', guestAccess: true, role: null })]);
    const current = await t.request('GET', `/v4/companies/${companyId}/vendor-fors`, as(observer));
    expect(current.body.map((c: { name: string }) => c.name)).toEqual(['Client Corp']);
    const all = await t.request('GET', `/v4/companies/${companyId}/vendor-fors`, { ...as(observer), query: { all: 'true' } });
    expect(all.body.map((c: { name: string }) => c.name)).toEqual(['Client Corp', 'Former Client']);

    // The client (the outsider owns it) sees its vendor's indicators in vendor mode; a former client does not.
    const vendorView = await t.request('GET', '/v4/indicators/companies', { ...as(outsider), query: { ids: String(companyId), 'vendor-for': String(client) } });
    expect(vendorView.status, vendorView.text).toBe(200);
    expect(vendorView.body[0]).toMatchObject({ companyId, license: true });
    const formerView = await t.request('GET', '/v4/indicators/companies', { ...as(outsider), query: { ids: String(companyId), 'vendor-for': String(ended) } });
    expect(formerView.body).toEqual(FORBIDDEN);
    const notTheirClient = await t.request('GET', '/v4/indicators/companies', { ...as(pm), query: { ids: String(companyId), 'vendor-for': String(client) } });
    expect(notTheirClient.status).toBe(403);
  });
});
