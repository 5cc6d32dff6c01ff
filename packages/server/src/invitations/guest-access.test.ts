// Guest access that grants something (issue 13), played by an attacker first: a guest writing, a guest
// reading outside its scope (other projects, users and roles, the radar, another host's data), a member
// with only a 'guest' role in the guest company, a guest after the grant ended (from either side), and the
// bad scopes a host might send. Then what works: exactly the granted vault and projects, read-only.
import { GUEST_MESSAGES, GUEST_SCOPE_MESSAGES, INVITE_STATUS } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOf, jobSite, requestPermit, type JobSite } from '../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

describe.each(databaseTargets())('guest grants on %s', (target) => {
  let t: TestContext;
  let site: JobSite;
  let host: TestUser; // Owner of Harbor Builders (A), the host
  let hostPm: TestUser;
  let guestOwner: TestUser; // Owner of Gull Electric (G), the guest
  let guestPm: TestUser; // PM of Gull Electric
  let guestRoleOnly: TestUser; // holds only a 'guest' role in Gull Electric
  let stranger: TestUser;
  let A: number;
  let G: number;
  let S: number;
  let granted: { projectId: number; permitId: number };
  let other: { projectId: number; permitId: number };
  let strangerProject: { projectId: number; permitId: number };
  let licenseId: number;
  let documentId: number;
  let companyFile: string;

  const call = (user: TestUser | null, method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    t.request(method, path, { token: user?.accessToken ?? null, body, query });
  const ok = async (promise: ReturnType<typeof call>) => {
    const res = await promise;
    expect(res.status, res.text).toBeLessThan(300);
    return res.body;
  };
  const putBytes = async (upload: { uploadUrl: string; headers: Record<string, string> }, bytes: Uint8Array) => {
    const url = new URL(upload.uploadUrl);
    expect((await t.app.request(url.pathname + url.search, { method: 'PUT', headers: upload.headers, body: bytes })).status).toBeLessThan(300);
  };
  /** Host invites the guest owner's company with `scope`; the guest owner approves for G. Answers the grant id. */
  const grant = async (scope: { vault: boolean; projectIds: number[] }): Promise<number> => {
    const sent = await ok(call(host, 'POST', '/v4/invitations/guest-access', { companyId: A, email: guestOwner.email, scope }));
    await ok(call(guestOwner, 'PUT', `/v4/invitations/guest-access/${sent.invitationId}/approve`, { companyId: G }));
    const list = await ok(call(host, 'GET', '/v4/invitations/guest-access', undefined, { company: A }));
    return list.granted.find((g: { guest: { id: number }; active: boolean }) => g.guest.id === G && g.active).id;
  };
  const end = (user: TestUser, grantId: number) => call(user, 'PUT', `/v4/invitations/guest-access/grants/${grantId}/end`);

  beforeAll(async () => {
    t = await createTestContext({ target });
    site = await jobSite(t);
    host = await t.createUser({ name: 'Hana Host' });
    hostPm = await t.createUser({ name: 'Hugo Hostpm' });
    guestOwner = await t.createUser({ name: 'Gia Guest' });
    guestPm = await t.createUser({ name: 'Gus Guestpm' });
    guestRoleOnly = await t.createUser({ name: 'Gwen Guestrole' });
    stranger = await t.createUser({ name: 'Sam Stranger' });
    A = await companyOf(t, host, 'Harbor Builders');
    G = await companyOf(t, guestOwner, 'Gull Electric');
    S = await companyOf(t, stranger, 'Stranger Co');
    await t.services.companies.addMember(A, hostPm.sub, 'pm');
    await t.services.companies.addMember(G, guestPm.sub, 'pm');
    await t.services.companies.addMember(G, guestRoleOnly.sub, 'guest');
    granted = await requestPermit(t, host, site, { companyId: A, answers: { CustomerName: 'Granted Greta' } });
    other = await requestPermit(t, host, site, { companyId: A, answers: { CustomerName: 'Hidden Hank' } });
    strangerProject = await requestPermit(t, stranger, site, { companyId: S, answers: { CustomerName: 'Stranger Stan' } });
    await ok(call(host, 'POST', `/v3/permits/${granted.permitId}/conversations`, { body: 'When is the inspection?' }));
    const bytes = new TextEncoder().encode('%PDF-1.4 plan');
    const upload = await ok(call(host, 'POST', `/v4/permits/${granted.permitId}/upload-document`, { fileName: 'plan.pdf', contentType: 'application/pdf', size: bytes.byteLength }));
    await putBytes(upload, bytes);
    documentId = upload.documentId;
    licenseId = (await ok(call(host, 'POST', `/v4/companies/${A}/licenses`, { licenseType: 'state', name: 'General Contractor', number: 'GC-HARBOR', stateCode: 'NY' }))).licenseId;
    const file = await ok(call(host, 'POST', `/v4/companies/${A}/documents`, { fileName: 'coi.pdf', contentType: 'application/pdf', size: bytes.byteLength, documentableType: 'Company' }));
    await putBytes(file, bytes);
    companyFile = (await ok(call(host, 'GET', `/v4/companies/${A}/documents`))).find((d: { documentId: number }) => d.documentId === file.documentId).file;
  }, 120_000);
  afterAll(() => t?.close());

  describe('inviting', () => {
    it('refuses a scope that grants nothing, or a project of another company', async () => {
      const empty = await call(host, 'POST', '/v4/invitations/guest-access', { companyId: A, email: guestOwner.email, scope: { vault: false, projectIds: [] } });
      expect(empty.status).toBe(400);
      expect(empty.text).toContain(GUEST_SCOPE_MESSAGES.empty);
      const foreign = await call(host, 'POST', '/v4/invitations/guest-access', { companyId: A, email: guestOwner.email, scope: { vault: false, projectIds: [strangerProject.projectId] } });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toMatchObject({ code: 'GUEST_SCOPE_INVALID', message: GUEST_MESSAGES.projectNotHosts });
      // A PM may not grant (SPEC §6: Owner or Administrator create access); a stranger may not name A's projects.
      expect((await call(hostPm, 'POST', '/v4/invitations/guest-access', { companyId: A, email: guestOwner.email, scope: { vault: true, projectIds: [] } })).status).toBe(403);
      expect((await call(stranger, 'POST', '/v4/invitations/guest-access', { companyId: A, email: guestOwner.email, scope: { vault: true, projectIds: [granted.projectId] } })).status).toBe(403);
    });

    it('grants nothing before the guest approves', async () => {
      const sent = await ok(call(host, 'POST', '/v4/invitations/guest-access', { companyId: A, email: guestOwner.email, scope: { vault: true, projectIds: [granted.projectId] } }));
      expect((await t.mailbox(guestOwner.email))[0]!.subject).toBe('Harbor Builders invited your company as a guest');
      expect((await call(guestOwner, 'GET', `/v3/permits/${granted.permitId}`)).status).toBe(404);
      expect((await call(guestOwner, 'GET', `/v4/companies/${A}/licenses`)).status).toBe(403);
      expect((await call(guestOwner, 'PUT', `/v4/invitations/decline/${sent.invitationId}`)).status).toBe(200);
    });
  });

  describe('a guest granted the vault and one project', () => {
    let grantId: number;
    beforeAll(async () => {
      grantId = await grant({ vault: true, projectIds: [granted.projectId] });
    });

    it('reads the granted project: permit, conversation, documents and their files', async () => {
      for (const member of [guestOwner, guestPm]) {
        const permit = await ok(call(member, 'GET', `/v3/permits/${granted.permitId}`));
        expect(permit.customerName).toBe('Granted Greta');
        expect(JSON.stringify(permit.conversations)).toContain('When is the inspection?');
        const docs = await ok(call(member, 'GET', '/v4/documents', undefined, { documentable_id: granted.permitId, documentable_type: 'Permit' }));
        expect(docs.map((d: { documentId: number }) => d.documentId)).toContain(documentId);
        expect((await call(member, 'GET', '/v4/s3/presigned', undefined, { file: String(documentId) })).status).toBe(200);
        expect(await ok(call(member, 'GET', `/v4/projects/${granted.projectId}/access`))).toEqual({ level: 'view-only', guest: true });
      }
    });

    it('reads the vault: items, their files and the company files', async () => {
      expect((await ok(call(guestPm, 'GET', `/v4/companies/${A}/licenses`))).map((l: { licenseId: number }) => l.licenseId)).toContain(licenseId);
      expect((await call(guestPm, 'GET', `/v4/companies/${A}/licenses/${licenseId}`)).status).toBe(200);
      expect((await call(guestPm, 'GET', `/v4/companies/${A}/documents`)).status).toBe(200);
      expect((await call(guestPm, 'GET', '/v4/s3/presigned', undefined, { file: companyFile })).status).toBe(200);
    });

    it('changes nothing: every write answers 403 with the read-only message', async () => {
      const writes: [string, string, unknown][] = [
        ['POST', `/v3/permits/${granted.permitId}/conversations`, { body: 'A guest writes' }],
        ['POST', `/v4/permits/${granted.permitId}/upload-document`, { fileName: 'x.pdf', contentType: 'application/pdf', size: 10 }],
        ['PATCH', `/v3/projects/${granted.projectId}`, { customerName: 'Changed by a guest' }],
        ['POST', `/v4/projects/${granted.projectId}/assignments`, { projectId: granted.projectId, postData: { accessLevel: 'owner', assigneeType: 'Company', assigneeId: String(G) } }],
        ['POST', `/v4/permits/${granted.permitId}/dismiss`, undefined],
        ['POST', `/v4/companies/${A}/licenses`, { licenseType: 'state', name: 'Forged', number: 'GC-FORGED', stateCode: 'NY' }],
        ['PUT', `/v4/companies/${A}/licenses/${licenseId}`, { licenseType: 'state', name: 'Forged', number: 'GC-FORGED', stateCode: 'NY' }],
        ['DELETE', `/v4/companies/${A}/licenses/${licenseId}`, undefined],
        ['POST', `/v4/companies/${A}/documents`, { fileName: 'x.pdf', contentType: 'application/pdf', size: 10, documentableType: 'Company' }],
      ];
      for (const [method, path, body] of writes) {
        const res = await call(guestOwner, method, path, body);
        expect([method, path, res.status, res.body.code]).toEqual([method, path, 403, 'GUEST_READ_ONLY']);
      }
      expect((await ok(call(host, 'GET', `/v3/projects/${granted.projectId}`))).customerName).toBe('Granted Greta');
      expect((await ok(call(host, 'GET', `/v4/companies/${A}/licenses/${licenseId}`))).number).toBe('GC-HARBOR');
    });

    it('sees nothing outside the scope: other projects, users and roles, the radar, messages of other projects', async () => {
      expect((await call(guestOwner, 'GET', `/v3/permits/${other.permitId}`)).status).toBe(404);
      expect((await call(guestOwner, 'GET', `/v3/projects/${other.projectId}`)).status).toBe(404);
      expect((await call(guestOwner, 'GET', '/v4/documents', undefined, { documentable_id: other.permitId, documentable_type: 'Permit' })).status).toBe(404);
      expect((await call(guestOwner, 'GET', `/v4/companies/${A}/roles`)).status).toBe(403);
      expect((await call(guestOwner, 'GET', `/v4/companies/${A}`)).status).toBe(403);
      expect((await call(guestOwner, 'GET', '/v4/projects/search', undefined, { companyId: A })).status).toBe(403);
      expect((await call(guestOwner, 'GET', `/v4/companies/${A}/project-updates`)).status).toBe(403);
      expect((await call(guestOwner, 'GET', `/v4/companies/${A}/invitations`)).status).toBe(403);
      expect((await call(guestOwner, 'GET', `/v4/companies/${A}/vendors`)).status).toBe(403);
      // Another company's data stays closed too.
      expect((await call(guestOwner, 'GET', `/v3/permits/${strangerProject.permitId}`)).status).toBe(404);
      expect((await call(guestOwner, 'GET', `/v4/companies/${S}/licenses`)).status).toBe(403);
    });

    it('keeps the host out of the guest\'s company lists and switcher (SPEC §6)', async () => {
      const companies = await ok(call(guestPm, 'GET', '/v4/companies'));
      expect(companies.map((c: { id: number }) => c.id)).toEqual([G]);
      expect(Object.keys(await ok(call(guestPm, 'GET', '/v4/permissions')))).toEqual([String(G)]);
    });

    it('opens nothing to a member holding only a guest role in the guest company', async () => {
      expect((await call(guestRoleOnly, 'GET', `/v3/permits/${granted.permitId}`)).status).toBe(404);
      expect((await call(guestRoleOnly, 'GET', `/v4/companies/${A}/licenses`)).status).toBe(403);
    });

    it('lists the grant on both sides, the guest\'s with links to what it may open', async () => {
      const received = (await ok(call(guestPm, 'GET', '/v4/invitations/guest-access', undefined, { company: G }))).received;
      expect(received).toEqual([
        expect.objectContaining({ id: grantId, host: { id: A, name: 'Harbor Builders' }, vault: true, active: true, projects: [{ projectId: granted.projectId, name: 'Granted Greta', permitId: granted.permitId }] }),
      ]);
      expect((await call(stranger, 'GET', '/v4/invitations/guest-access', undefined, { company: A })).status).toBe(403);
    });

    it('is ended only by the managers of either side; the host revoking ends the access at once', async () => {
      expect((await end(stranger, grantId)).status).toBe(404);
      expect((await end(guestPm, grantId)).status).toBe(403);
      expect((await end(hostPm, grantId)).status).toBe(403);
      const ended = await ok(end(host, grantId));
      expect(ended).toMatchObject({ id: grantId, active: false });
      expect((await t.mailbox(guestOwner.email))[0]!.subject).toBe('Harbor Builders ended your guest access');
      expect((await end(host, grantId)).status).toBe(409);

      expect((await call(guestPm, 'GET', `/v3/permits/${granted.permitId}`)).status).toBe(404);
      expect((await call(guestPm, 'GET', '/v4/s3/presigned', undefined, { file: String(documentId) })).status).toBe(404);
      expect((await call(guestPm, 'GET', `/v4/companies/${A}/licenses`)).status).toBe(403);
      expect((await call(guestPm, 'GET', '/v4/s3/presigned', undefined, { file: companyFile })).status).toBe(404);
      expect((await ok(call(guestPm, 'GET', '/v4/invitations/guest-access', undefined, { company: G }))).received).toEqual([]);
      const audit = await t.services.db.selectFrom('audit_events').selectAll().where('action', '=', 'guest_access_ended').execute();
      expect(audit.length).toBe(1);
      const invitation = await t.services.db.selectFrom('invitations').select('status').where('kind', '=', 'GUEST_ACCESS').where('to_company_id', '=', G).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(invitation.status).toBe(INVITE_STATUS.Revoked);
    });
  });

  describe('a guest granted one project only', () => {
    it('does not read the vault, and leaving ends the access and tells the host', async () => {
      const grantId = await grant({ vault: false, projectIds: [granted.projectId] });
      expect((await call(guestPm, 'GET', `/v3/permits/${granted.permitId}`)).status).toBe(200);
      expect((await call(guestPm, 'GET', `/v4/companies/${A}/licenses`)).status).toBe(403);
      expect((await call(guestPm, 'GET', '/v4/s3/presigned', undefined, { file: companyFile })).status).toBe(404);
      const left = await ok(end(guestOwner, grantId));
      expect(left.active).toBe(false);
      expect((await t.mailbox(host.email))[0]!.subject).toBe('Gull Electric left your guest access');
      expect((await call(guestPm, 'GET', `/v3/permits/${granted.permitId}`)).status).toBe(404);
    });

    it('stops showing a granted project that moved to another company', async () => {
      await grant({ vault: false, projectIds: [other.projectId] });
      expect((await call(guestPm, 'GET', `/v3/permits/${other.permitId}`)).status).toBe(200);
      await t.services.db.updateTable('projects').set({ company_id: S }).where('id', '=', other.projectId).execute();
      expect((await call(guestPm, 'GET', `/v3/permits/${other.permitId}`)).status).toBe(404);
      await t.services.db.updateTable('projects').set({ company_id: A }).where('id', '=', other.projectId).execute();
    });
  });
});
