// Vendors and shared compliance through the API: vendor links made by real invitations, the client's
// record of a vendor, the vendor search, e-mail domain lookups, the wallet a share opens (and closes),
// the documents an invitation may see, and who may read each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

describe.each(databaseTargets())('vendors on %s', (target) => {
  let t: TestContext;
  let client: TestUser; // Owner of Harbor Homes
  let observer: TestUser; // User (Observer) of Harbor Homes
  let vendor: TestUser; // Owner of Spark Electric
  let stranger: TestUser;
  let homeowner: TestUser; // no company
  let harbor: number;
  let spark: number;
  let claimId: number;

  const call = (user: TestUser | null, method: string, path: string, body?: unknown) =>
    t.request(method, path, { token: user?.accessToken ?? null, ...(body === undefined ? {} : { body }) });
  const ids = (list: { id: number }[]) => list.map((c) => c.id);

  beforeAll(async () => {
    t = await createTestContext({ target });
    const stamp = Date.now().toString(36);
    client = await t.createUser({ name: 'Cora Client', email: `cora.${stamp}@harbor-homes.example` });
    observer = await t.createUser({ name: 'Oscar Observer', email: `oscar.${stamp}@harbor-homes.example` });
    vendor = await t.createUser({ name: 'Sam Spark', email: `sam.${stamp}@spark-electric.example` });
    stranger = await t.createUser({ name: 'Stan Stranger' });
    homeowner = await t.createUser({ name: 'Hana Homeowner' });
    harbor = (await t.services.companies.create({ name: 'Harbor Homes', address: '1 Dock St, Boston, MA 02110' }, client.sub)).id;
    spark = (await t.services.companies.create({ name: 'Spark Electric', address: '9 Volt Ave, Austin, TX 78701' }, vendor.sub)).id;
    await t.services.companies.addMember(harbor, observer.sub, 'user');
    await t.services.companies.create({ name: 'Stranger Things Co' }, stranger.sub);

    // Spark asks Harbor to recognise it as a vendor (a claiming request); Harbor accepts.
    const claim = await call(vendor, 'POST', '/v4/invitations/compliance-request/claiming', { companyId: spark, email: client.email });
    claimId = claim.body.invitationId;
    expect((await call(client, 'PUT', `/v4/invitations/accept/${claimId}/share-wallet`, {})).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the company vendors for its members, one link, and refuses others', async () => {
    const list = await call(observer, 'GET', `/v4/companies/${harbor}/vendors`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { companyId: harbor, vendorId: spark, vendor: { id: spark, name: 'Spark Electric', address: '9 Volt Ave, Austin, TX 78701' }, status: 1, createdAt: expect.any(String) },
    ]);
    expect((await call(stranger, 'GET', `/v4/companies/${harbor}/vendors`)).status).toBe(403);
    expect((await call(null, 'GET', `/v4/companies/${harbor}/vendors`)).status).toBe(401);
    expect((await call(vendor, 'GET', `/v4/companies/${harbor}/vendors/${spark}`)).body.vendorId).toBe(spark);
    expect((await call(stranger, 'GET', `/v4/companies/${harbor}/vendors/${spark}`)).status).toBe(403);
    expect((await call(client, 'GET', `/v4/companies/${harbor}/vendors/${harbor}`)).status).toBe(404);
  });

  it("updates the client's own record of a vendor (owner or administrator), not the vendor company", async () => {
    expect((await call(observer, 'PATCH', `/v4/companies/${harbor}/vendors/${spark}`, { name: 'Sparky' })).status).toBe(403);
    expect((await call(vendor, 'PATCH', `/v4/companies/${harbor}/vendors/${spark}`, { name: 'Sparky' })).status).toBe(403);
    const updated = await call(client, 'PATCH', `/v4/companies/${harbor}/vendors/${spark}`, { name: 'Sparky (electrician)', address: '9 Volt Ave, Suite 2, Austin, TX 78701' });
    expect(updated.status).toBe(200);
    expect(updated.body.vendor).toEqual({ id: spark, name: 'Sparky (electrician)', address: '9 Volt Ave, Suite 2, Austin, TX 78701' });
    expect((await call(vendor, 'GET', `/v4/companies/${spark}`)).body.name).toBe('Spark Electric');
    const blank = await call(client, 'PATCH', `/v4/companies/${harbor}/vendors/${spark}`, { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Company name is required.');
    // A blank address goes back to the vendor company's own.
    const reset = await call(client, 'PATCH', `/v4/companies/${harbor}/vendors/${spark}`, { address: '' });
    expect(reset.body.vendor).toEqual({ id: spark, name: 'Sparky (electrician)', address: '9 Volt Ave, Austin, TX 78701' });
  });

  it('searches vendors by name, paged by headers, for the user or one client', async () => {
    const all = await t.request('GET', '/v4/lookup/vendors', { token: client.accessToken, query: { keyword: 'spark' } });
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([spark]);
    expect(all.headers.get('x-pagination-totalcount')).toBe('1');
    expect(all.headers.get('x-pagination-size')).toBe('20');
    expect(all.headers.get('x-pagination-index')).toBe('1');
    expect(ids((await t.request('GET', '/v4/lookup/vendors', { token: client.accessToken, query: { keyword: 'nothing-like-it' } })).body)).toEqual([]);
    expect(ids((await t.request('GET', '/v4/lookup/vendors', { token: client.accessToken, query: { 'vendor-for': harbor } })).body)).toEqual([spark]);
    expect((await t.request('GET', '/v4/lookup/vendors', { token: stranger.accessToken, query: { 'vendor-for': harbor } })).status).toBe(403);
    expect(ids((await t.request('GET', '/v4/lookup/vendors', { token: stranger.accessToken })).body)).toEqual([]);
  });

  it('finds the companies behind an e-mail domain, excluding free mail, the caller’s own and a vendor', async () => {
    const lookup = (user: TestUser, query: Record<string, string | number>) => t.request('GET', '/v4/lookup/email-domain', { token: user.accessToken, query });
    expect((await lookup(stranger, { email: 'new.hire@harbor-homes.example' })).body).toEqual([{ id: harbor, name: 'Harbor Homes' }]);
    expect((await lookup(client, { email: 'new.hire@harbor-homes.example', 'exclude-owner': 'true' })).body).toEqual([]);
    expect((await lookup(stranger, { email: 'sam@spark-electric.example', 'exclude-vendor': spark })).body).toEqual([]);
    expect((await lookup(stranger, { email: 'someone@gmail.com' })).body).toEqual([]);
  });

  it('shows the shared wallet to the client and the vendor, nothing archived, nothing the other way', async () => {
    const license = await call(vendor, 'POST', `/v4/companies/${spark}/licenses`, { licenseType: 'state', name: 'Master Electrician', number: 'ME-77', stateCode: 'TX' });
    expect(license.status).toBe(200);
    const archivedOne = await call(vendor, 'POST', `/v4/companies/${spark}/certificates`, { name: 'Old OSHA card' });
    await call(vendor, 'DELETE', `/v4/companies/${spark}/certificates/${archivedOne.body.certificateId}`);
    const upload = await call(vendor, 'POST', `/v4/companies/${spark}/documents`, { fileName: 'license.pdf', contentType: 'application/pdf', size: 1200, documentableType: 'License', documentableId: license.body.licenseId });
    expect(upload.status).toBe(200);

    const shared = await call(observer, 'GET', `/v4/companies/${spark}/compliance/shared?vendor-for=${harbor}&include-version=true`);
    expect(shared.status).toBe(200);
    expect(shared.body.licenses.map((l: { name: string }) => l.name)).toEqual(['Master Electrician']);
    expect(shared.body.certificates).toEqual([]);
    expect((await call(vendor, 'GET', `/v4/companies/${spark}/compliance/shared?vendor-for=${harbor}`)).status).toBe(200);
    expect((await call(stranger, 'GET', `/v4/companies/${spark}/compliance/shared?vendor-for=${harbor}`)).status).toBe(404);
    expect((await call(client, 'GET', `/v4/companies/${spark}/compliance/shared?vendor-for=abc`)).status).toBe(400);
    // Harbor shared nothing with Spark.
    const reverse = await call(vendor, 'GET', `/v4/companies/${harbor}/compliance/shared?vendor-for=${spark}`);
    expect(reverse.status).toBe(404);
    expect(reverse.body).toEqual({ message: 'Nothing is shared with this company.', code: 'NOT_SHARED' });

    const docs = await call(client, 'GET', `/v4/lookup/compliance-permission-documents?invitation=${claimId}`);
    expect(docs.status).toBe(200);
    expect(docs.body.map((d: { fileName: string; documentableType: string }) => [d.fileName, d.documentableType])).toEqual([['license.pdf', 'License']]);
    expect((await call(stranger, 'GET', `/v4/lookup/compliance-permission-documents?invitation=${claimId}`)).status).toBe(404);
  });

  it('links a vendor to a homeowner’s personal account (vendor-for=Individual)', async () => {
    const claim = await call(vendor, 'POST', '/v4/invitations/compliance-request/claiming', { companyId: spark, email: homeowner.email });
    expect((await call(homeowner, 'PUT', `/v4/invitations/accept/${claim.body.invitationId}/share-wallet`, {})).status).toBe(200);
    const mine = await call(homeowner, 'GET', '/v4/companies/individual/vendors');
    expect(mine.status).toBe(200);
    expect(mine.body.map((v: { companyId: number | null; vendorId: number }) => [v.companyId, v.vendorId])).toEqual([[null, spark]]);
    expect((await call(client, 'GET', '/v4/companies/individual/vendors')).body).toEqual([]);
    const wallet = await call(homeowner, 'GET', `/v4/companies/${spark}/compliance/shared?vendor-for=Individual`);
    expect(wallet.body.licenses.map((l: { name: string }) => l.name)).toEqual(['Master Electrician']);
    expect((await call(stranger, 'GET', `/v4/companies/${spark}/compliance/shared?vendor-for=Individual`)).status).toBe(404);
    expect(ids((await t.request('GET', '/v4/lookup/vendors', { token: homeowner.accessToken, query: { 'vendor-for': 'Individual' } })).body)).toEqual([spark]);
  });
});
