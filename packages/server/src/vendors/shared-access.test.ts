// Issue 13, part 1: files opened by a wallet share or a vendor link, through the API. The attacks first:
// a share's recipient reads nothing before the share is approved, nothing after it is revoked or
// withdrawn (403, the share ended), a URL issued before the end dies with its short life, a stranger
// learns nothing (404); then the owner sees every download in the item's history, and ending a vendor
// relation closes the vendor's wallet to its client.
import { SHARING_STATUS, INVITE_STATUS } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_ENDED } from '../compliance/shared-access.js';
import { companyOf } from '../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { putUploadBytes } from '../test/uploads.js';

describe.each(databaseTargets())('shared wallet files on %s', (target) => {
  let t: TestContext;
  let alma: TestUser; // Owner of Alpha (shares its wallet)
  let bea: TestUser; // Owner of Beta (receives it)
  let bob: TestUser; // Observer (User) of Beta
  let stan: TestUser; // Owner of a stranger company
  let vera: TestUser; // Owner of Vento, Alpha's vendor
  let A: number;
  let B: number;
  let V: number;
  let licenseId: number;
  let licenseFile: string;
  const licenseBytes = new TextEncoder().encode('%PDF-1.4 alpha license');
  let counter = 0;
  const domain = () => `d${Date.now().toString(36)}${++counter}.example`;

  const call = (user: TestUser | null, method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    t.request(method, path, { token: user?.accessToken ?? null, ...(body === undefined ? {} : { body }), ...(query ? { query } : {}) });
  const ok = async (promise: ReturnType<typeof call>) => {
    const res = await promise;
    expect(res.status, res.text).toBeLessThan(300);
    return res.body;
  };
  const presign = (user: TestUser, file: string) => call(user, 'GET', '/v4/s3/presigned', undefined, { file });
  /** A file attached to a vault item; answers its storage key. */
  async function attach(owner: TestUser, companyId: number, documentableType: string, documentableId: number, fileName: string, bytes: Uint8Array): Promise<string> {
    const upload = await ok(call(owner, 'POST', `/v4/companies/${companyId}/documents`, { fileName, contentType: 'application/pdf', size: bytes.byteLength, documentableType, documentableId }));
    await putUploadBytes(t, upload, bytes);
    const files = await ok(call(owner, 'GET', `/v4/companies/${companyId}/documents`));
    return files.find((f: { documentId: number }) => f.documentId === upload.documentId).file;
  }
  /** Alpha shares its wallet with Beta: sent, accepted by Beta; approved when asked. */
  async function share(approve: boolean): Promise<number> {
    const id = (await ok(call(alma, 'POST', '/v4/invitations/share-wallet', { companyId: A, email: bea.email }))).invitationId;
    await ok(call(bea, 'PUT', `/v4/invitations/accept/${id}/share-wallet`, { companyId: B }));
    if (approve) await ok(call(alma, 'PUT', `/v4/invitations/approve/${id}/share-wallet`));
    return id;
  }

  beforeAll(async () => {
    t = await createTestContext({ target });
    alma = await t.createUser({ name: 'Alma Alpha', email: `alma@${domain()}` });
    bea = await t.createUser({ name: 'Bea Beta', email: `bea@${domain()}` });
    bob = await t.createUser({ name: 'Bob Beta', email: `bob@${domain()}` });
    stan = await t.createUser({ name: 'Stan Stranger', email: `stan@${domain()}` });
    vera = await t.createUser({ name: 'Vera Vento', email: `vera@${domain()}` });
    A = await companyOf(t, alma, 'Alpha Roofing');
    B = await companyOf(t, bea, 'Beta Builders');
    V = await companyOf(t, vera, 'Vento Electric');
    await companyOf(t, stan, 'Stranger Co');
    await t.services.companies.addMember(B, bob.sub, 'user');
    licenseId = (await ok(call(alma, 'POST', `/v4/companies/${A}/licenses`, { name: 'Roofing Contractor', licenseType: 'state', number: 'RC-1', stateCode: 'TX' }))).licenseId;
    licenseFile = await attach(alma, A, 'License', licenseId, 'roofing-license.pdf', licenseBytes);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('opens nothing while the share waits (sent, then accepted) and nothing to a stranger', async () => {
    const id = (await ok(call(alma, 'POST', '/v4/invitations/share-wallet', { companyId: A, email: bea.email }))).invitationId;
    expect((await presign(bea, licenseFile)).status).toBe(404);
    await ok(call(bea, 'PUT', `/v4/invitations/accept/${id}/share-wallet`, { companyId: B }));
    expect((await presign(bea, licenseFile)).status).toBe(404);
    expect((await call(bea, 'GET', `/v4/companies/${A}/licenses/${licenseId}`)).status).toBe(403);
    expect((await presign(stan, licenseFile)).status).toBe(404);
    await ok(call(alma, 'PUT', `/v4/invitations/withdraw/${id}/share-wallet`));
  });

  it('an approved share opens the current file to every member of the recipient, logged for the owner; revoking ends it at once', async () => {
    const id = await share(true);
    const wallet = await ok(call(bob, 'GET', `/v4/companies/${A}/compliance/shared`, undefined, { 'vendor-for': String(B) }));
    expect(wallet.licenses.map((l: { licenseId: number; file: string }) => [l.licenseId, l.file])).toEqual([[licenseId, licenseFile]]);
    expect((await ok(call(bob, 'GET', `/v4/companies/${A}/licenses/${licenseId}`))).name).toBe('Roofing Contractor');
    const documents = () => call(bob, 'GET', '/v4/documents', undefined, { documentable_id: licenseId, documentable_type: 'License' });
    expect((await ok(documents())).map((d: { file: string }) => d.file)).toEqual([licenseFile]);
    const issued = await ok(presign(bob, licenseFile));
    const url = new URL(issued.url);
    expect(new Uint8Array(await (await t.app.request(url.pathname + url.search)).arrayBuffer())).toEqual(licenseBytes);
    expect((await presign(stan, licenseFile)).status).toBe(404);

    // The owner sees who downloaded, for which company, when and which version; the recipient does not.
    const history = await ok(call(alma, 'GET', `/v4/companies/${A}/compliance/license/${licenseId}/history`));
    expect(history.versions).toEqual([expect.objectContaining({ fileName: 'roofing-license.pdf', current: true })]);
    expect(history.downloads).toEqual([
      expect.objectContaining({ user: { name: 'Bob Beta', email: bob.email }, company: { id: B, name: 'Beta Builders' }, documentId: history.versions[0].documentId, fileName: 'roofing-license.pdf' }),
    ]);
    expect(history.changes.map((c: { action: string }) => c.action)).toEqual(expect.arrayContaining(['created', 'file_uploaded']));
    expect((await call(bea, 'GET', `/v4/companies/${A}/compliance/license/${licenseId}/history`)).status).toBe(403);

    // Revoked: the next download is refused with the reason; the URL already issued lives out its short life only.
    expect((await ok(call(alma, 'PUT', `/v4/invitations/revoke/${id}/share-wallet`))).status).toBe(SHARING_STATUS.Revoked);
    const refused = await presign(bob, licenseFile);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SHARE_ENDED);
    expect((await call(bob, 'GET', `/v4/companies/${A}/compliance/shared`, undefined, { 'vendor-for': String(B) })).status).toBe(404);
    expect((await call(bob, 'GET', `/v4/companies/${A}/licenses/${licenseId}`)).status).toBe(403);
    expect((await documents()).status).toBe(404);
    expect((await t.app.request(url.pathname + url.search)).status).toBe(200);
    t.advanceTime(16 * 60 * 1000);
    expect((await t.app.request(url.pathname + url.search)).status).toBeGreaterThanOrEqual(400);
    expect((await ok(call(alma, 'GET', `/v4/companies/${A}/compliance/license/${licenseId}/history`))).downloads).toHaveLength(1);
  });

  it('the recipient withdraws from an approved share (only its managers), and reads nothing more', async () => {
    const id = await share(true);
    expect((await ok(call(bea, 'GET', '/v4/invitations/lookup', undefined, { type: 'SHARE_WALLET', id }))).actions).toEqual(['withdraw']);
    await ok(presign(bob, licenseFile));
    expect((await call(bob, 'PUT', `/v4/invitations/withdraw/${id}/share-wallet`)).status).toBe(404);
    expect((await ok(call(bea, 'PUT', `/v4/invitations/withdraw/${id}/share-wallet`))).status).toBe(SHARING_STATUS.Withdrawn);
    expect((await presign(bob, licenseFile)).status).toBe(403);
    // The owner is told.
    expect((await t.mailbox(alma.email)).some((m) => m.subject.includes('withdrew from your wallet share'))).toBe(true);
  });

  it("a homeowner's vendor (vendor-for=Individual) opens its wallet to the personal account, logged with no company", async () => {
    const hana = await t.createUser({ name: 'Hana Home', email: `hana@${domain()}` });
    const claim = (await ok(call(alma, 'POST', '/v4/invitations/compliance-request/claiming', { companyId: A, email: hana.email }))).invitationId;
    expect((await presign(hana, licenseFile)).status).toBe(404);
    await ok(call(hana, 'PUT', `/v4/invitations/accept/${claim}/share-wallet`, {}));
    await ok(presign(hana, licenseFile));
    const downloads = (await ok(call(alma, 'GET', `/v4/companies/${A}/compliance/license/${licenseId}/history`))).downloads;
    expect(downloads[0]).toMatchObject({ user: { name: 'Hana Home', email: hana.email }, company: null });
  });

  it("an approved vendor opens its COI to the client; the client ends the relation and the file closes (Revoked 12)", async () => {
    const id = (await ok(call(alma, 'POST', '/v4/invitations/vendor-onboarding', { companyId: A, email: vera.email }))).invitationId;
    const step = (body: unknown) => ok(call(vera, 'PUT', `/v4/invitations/step/${id}/vendor-onboarding`, body));
    await step({ step: 'company', companyId: V });
    await step({ step: 'contact', contactName: 'Vera Vento', phoneNumber: '(555) 234-5678' });
    await step({ step: 'compliance', licenses: false, insurances: true, certificates: false });
    const coiId = (await ok(call(vera, 'POST', `/v4/companies/${V}/insurances`, { name: 'General Liability', number: 'GL-9' }))).insuranceId;
    const coi = await attach(vera, V, 'Insurance', coiId, 'coi.pdf', new TextEncoder().encode('%PDF-1.4 COI'));
    const veraLicense = (await ok(call(vera, 'POST', `/v4/companies/${V}/licenses`, { name: 'Electrician', licenseType: 'state', number: 'EL-1' }))).licenseId;
    const veraLicenseFile = await attach(vera, V, 'License', veraLicense, 'el.pdf', new TextEncoder().encode('%PDF-1.4 EL'));
    await ok(call(vera, 'PUT', `/v4/invitations/submit/${id}/vendor-onboarding`));
    expect((await presign(alma, coi)).status).toBe(404);
    await ok(call(alma, 'PUT', `/v4/invitations/approve/${id}/vendor-onboarding`));

    await ok(presign(alma, coi));
    // Outside the scope the vendor chose: not shared.
    expect((await presign(alma, veraLicenseFile)).status).toBe(404);
    expect((await ok(call(vera, 'GET', `/v4/companies/${V}/compliance/insurance/${coiId}/history`))).downloads).toEqual([
      expect.objectContaining({ user: { name: 'Alma Alpha', email: alma.email }, company: { id: A, name: 'Alpha Roofing' }, fileName: 'coi.pdf' }),
    ]);

    // The client's (or the vendor's) owner or administrator ends it; not an observer, not a stranger.
    await t.services.companies.addMember(A, bob.sub, 'user');
    expect((await call(bob, 'DELETE', `/v4/companies/${A}/vendors/${V}`)).status).toBe(403);
    expect((await call(stan, 'DELETE', `/v4/companies/${A}/vendors/${V}`)).status).toBe(403);
    expect((await ok(call(alma, 'DELETE', `/v4/companies/${A}/vendors/${V}`))).status).toBe(INVITE_STATUS.Revoked);
    expect((await presign(alma, coi)).status).toBe(403);
    expect((await ok(call(alma, 'GET', `/v4/companies/${A}/vendors`))).map((v: { vendorId: number }) => v.vendorId)).not.toContain(V);
    expect((await call(alma, 'DELETE', `/v4/companies/${A}/vendors/${V}`)).status).toBe(404);
    const onboarding = await ok(call(alma, 'GET', '/v4/invitations/lookup', undefined, { type: 'VENDOR_ONBOARDING', id }));
    expect(onboarding.status).toBe(INVITE_STATUS.Revoked);
    expect((await t.mailbox(vera.email)).some((m) => m.subject.includes('ended its vendor relation'))).toBe(true);
  });

  it('the vendor ends the relation itself: its wallet closes to the client at once, and the client is told', async () => {
    const V2 = await companyOf(t, vera, 'Vento Solar');
    const coiId = (await ok(call(vera, 'POST', `/v4/companies/${V2}/insurances`, { name: 'Workers Comp', number: 'WC-1' }))).insuranceId;
    const coi = await attach(vera, V2, 'Insurance', coiId, 'wc.pdf', new TextEncoder().encode('%PDF-1.4 WC'));
    const id = (await ok(call(alma, 'POST', '/v4/invitations/vendor-onboarding', { companyId: A, email: vera.email }))).invitationId;
    for (const body of [
      { step: 'company', companyId: V2 },
      { step: 'contact', contactName: 'Vera Vento', phoneNumber: '(555) 234-5678' },
      { step: 'compliance', licenses: true, insurances: true, certificates: true },
    ]) await ok(call(vera, 'PUT', `/v4/invitations/step/${id}/vendor-onboarding`, body));
    await ok(call(vera, 'PUT', `/v4/invitations/submit/${id}/vendor-onboarding`));
    await ok(call(alma, 'PUT', `/v4/invitations/approve/${id}/vendor-onboarding`));
    await ok(presign(alma, coi));
    expect((await ok(call(vera, 'DELETE', `/v4/companies/${A}/vendors/${V2}`))).status).toBe(INVITE_STATUS.Revoked);
    expect((await presign(alma, coi)).status).toBe(403);
    expect((await t.mailbox(alma.email)).some((m) => m.subject === `Vento Solar ended its vendor relation with Alpha Roofing`)).toBe(true);
  });
});
