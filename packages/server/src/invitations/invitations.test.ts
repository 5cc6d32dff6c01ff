// Invitations through the API (SPEC §4.4, §7.5), route by route: user invitations with the mailed link
// and temporary password, the vendor onboarding steps, custom onboarding by e-mail domain, wallet
// shares, guest access and compliance requests; the pending and todo lists; who may do what.
import { INVITE_STATUS, REQUEST_STATUS, SHARING_STATUS } from '@permitdesk/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

describe.each(databaseTargets())('invitations on %s', (target) => {
  let t: TestContext;
  let owner: TestUser; // Owner of Acme Builders
  let pm: TestUser; // PM of Acme Builders
  let outsider: TestUser; // Owner of Outside Co
  let vendor: TestUser; // Owner of Volt Electric
  let acme: number;
  let outside: number;
  let volt: number;

  const call = (user: TestUser | null, method: string, path: string, body?: unknown) =>
    t.request(method, path, { token: user?.accessToken ?? null, ...(body === undefined ? {} : { body }) });
  const newCompany = async (user: TestUser, name: string) => (await t.services.companies.create({ name }, user.sub)).id;
  /** The newest mail to an address, and the first dashboard link in it. */
  const lastMail = async (to: string) => {
    const [mail] = await t.mailbox(to);
    if (!mail) throw new Error(`no mail to ${to}`);
    return { ...mail, link: mail.links.find((l) => l.startsWith('http://permitdesk.test/')) ?? '' };
  };

  beforeAll(async () => {
    t = await createTestContext({ target });
    owner = await t.createUser({ name: 'Olive Owner', email: t.email('olive') });
    pm = await t.createUser({ name: 'Pat Manager' });
    outsider = await t.createUser({ name: 'Otto Outsider' });
    vendor = await t.createUser({ name: 'Vera Vendor', email: t.email('vera') });
    acme = await newCompany(owner, 'Acme Builders');
    outside = await newCompany(outsider, 'Outside Co');
    volt = await newCompany(vendor, 'Volt Electric');
    await t.services.companies.addMember(acme, pm.sub, 'pm');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('user invitations', () => {
    it('invites a new e-mail with a role: an account with a temporary password, a mailed link, accepted after the first sign-in', async () => {
      const email = t.email('newhire');
      const sent = await call(owner, 'POST', '/v4/invitations/user-type', { companyId: acme, email: email.toUpperCase(), role: 'pm' });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ kind: 'USER_TYPE', status: REQUEST_STATUS.UserType_Pending, source: 7, email, role: 'pm', fromCompany: { id: acme, name: 'Acme Builders' }, side: 'sender', actions: [] });
      const id = sent.body.invitationId;

      const mail = await lastMail(email);
      expect(mail.template).toBe('invitation');
      expect(mail.subject).toBe('Olive Owner invited you to Acme Builders');
      expect(mail.text).toContain('as Project Manager');
      expect(mail.link).toBe(`http://permitdesk.test/invite-user-type/${id}/accept?email_address=${encodeURIComponent(email)}`);
      const temporary = mail.text.match(/temporary password is (\S+);/)?.[1];
      expect(temporary).toBeTruthy();

      // First sign-in: the temporary password asks for a new one (FORCE_CHANGE_PASSWORD).
      const first = await t.request('POST', '/auth/authenticate', { body: { email, password: temporary } });
      expect(first.body.status).toBe('new_password_required');
      const done = await t.request('POST', '/auth/complete-new-password', { body: { session: first.body.session, newPassword: 'Fresh-pass1' } });
      expect(done.status).toBe(200);
      const invitee = await t.signIn(email, 'Fresh-pass1');
      expect(invitee.profile.permissions[String(acme)]).toBeUndefined();

      const lookedUp = await call(invitee, 'GET', `/v4/invitations/lookup?type=USER_TYPE&id=${id}`);
      expect(lookedUp.body).toMatchObject({ side: 'recipient', actions: ['accept', 'decline'] });
      // Someone else cannot answer it; nobody answers without a token.
      expect((await call(outsider, 'PUT', `/v4/invitations/accept/${id}/user-type`)).status).toBe(404);
      expect((await call(null, 'PUT', `/v4/invitations/accept/${id}/user-type`)).status).toBe(401);

      const accepted = await call(invitee, 'PUT', `/v4/invitations/accept/${id}/user-type`);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ status: INVITE_STATUS.Approved, actions: [] });
      const permissions = await call(invitee, 'GET', '/v4/permissions');
      expect(permissions.body[String(acme)]).toEqual({ name: 'Acme Builders', role: 'pm' });

      const again = await call(invitee, 'PUT', `/v4/invitations/accept/${id}/user-type`);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: 'This invitation is no longer open.', code: 'INVITATION_CLOSED' });
    });

    it('mails an existing user the link only, and lets them decline', async () => {
      const existing = await t.createUser({ email: t.email('existing') });
      const sent = await call(owner, 'POST', '/v4/invitations/user-type', { companyId: acme, email: existing.email, role: 'user' });
      expect(sent.status).toBe(200);
      expect((await lastMail(existing.email)).text).not.toContain('temporary password');
      const declined = await call(existing, 'PUT', `/v4/invitations/decline/${sent.body.invitationId}`);
      expect(declined.body).toMatchObject({ status: INVITE_STATUS.Declined });
      expect((await call(existing, 'GET', '/v4/permissions')).body[String(acme)]).toBeUndefined();
    });

    it('lets only an owner or administrator invite, never a member twice nor oneself', async () => {
      const body = { companyId: acme, email: t.email('x'), role: 'user' };
      const byPm = await call(pm, 'POST', '/v4/invitations/user-type', body);
      expect(byPm.status).toBe(403);
      expect(byPm.body.code).toBe('ROLE_FORBIDDEN');
      expect((await call(outsider, 'POST', '/v4/invitations/user-type', body)).body.code).toBe('COMPANY_FORBIDDEN');
      const member = await call(owner, 'POST', '/v4/invitations/user-type', { ...body, email: pm.email });
      expect(member.status).toBe(409);
      expect(member.body.message).toBe('This user is already a member of the company.');
      expect((await call(owner, 'POST', '/v4/invitations/user-type', { ...body, email: owner.email })).status).toBe(400);
      const invalid = await call(owner, 'POST', '/v4/invitations/user-type', { ...body, email: 'not-an-email' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toBe('Invalid email address.');
      expect((await call(owner, 'POST', '/v4/invitations/user-type', { ...body, role: 'owner' })).status).toBe(400);
    });
  });

  describe('vendor onboarding', () => {
    let id: number;

    it('invites a vendor by e-mail, marks it Viewed when the vendor opens it, and lists it', async () => {
      const checked = await call(owner, 'POST', '/v4/invitations/validate-vendor-onboarding', { companyId: acme, email: vendor.email });
      expect(checked.body).toEqual({ valid: true, message: null });
      const sent = await call(owner, 'POST', '/v4/invitations/vendor-onboarding', { companyId: acme, email: vendor.email, companyName: 'Volt', message: 'Welcome aboard' });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ kind: 'VENDOR_ONBOARDING', status: INVITE_STATUS.Pending, source: 5, actions: ['withdraw', 'resend'], steps: { company: null, contact: null, compliance: null } });
      id = sent.body.invitationId;
      const mail = await lastMail(vendor.email);
      expect(mail.link).toBe(`http://permitdesk.test/vendor-onboarding/${id}?email_address=${encodeURIComponent(vendor.email)}`);
      expect(mail.text).toContain('Welcome aboard');

      const again = await call(owner, 'POST', '/v4/invitations/validate-vendor-onboarding', { companyId: acme, email: vendor.email });
      expect(again.body).toEqual({ valid: false, message: 'A vendor invitation to this e-mail is already open.' });
      expect((await call(owner, 'POST', '/v4/invitations/vendor-onboarding', { companyId: acme, email: vendor.email })).status).toBe(409);

      const opened = await call(vendor, 'GET', `/v4/invitations/lookup?type=VENDOR_ONBOARDING&id=${id}`);
      expect(opened.body).toMatchObject({ status: INVITE_STATUS.Viewed, side: 'recipient', actions: ['submit', 'decline'] });
      expect((await call(outsider, 'GET', `/v4/invitations/lookup?type=VENDOR_ONBOARDING&id=${id}`)).status).toBe(404);
      expect((await call(vendor, 'GET', `/v4/invitations/lookup?type=SHARE_WALLET&id=${id}`)).status).toBe(404);

      const pending = await call(owner, 'GET', '/v4/invitations/pending');
      expect(pending.body.vendorOnboarding.map((i: { invitationId: number }) => i.invitationId)).toContain(id);
      const todo = await call(vendor, 'GET', '/v4/invitations/todo');
      expect(todo.body.documentRequest.map((i: { invitationId: number }) => i.invitationId)).toContain(id);
    });

    it('saves the steps, refuses a submit before they are all done, then goes under review', async () => {
      const early = await call(vendor, 'PUT', `/v4/invitations/submit/${id}/vendor-onboarding`);
      expect(early.status).toBe(400);
      expect(early.body.message).toBe('Complete every step before submitting.');
      expect((await call(vendor, 'PUT', `/v4/invitations/step/${id}/vendor-onboarding`, { step: 'company', companyId: acme })).body.message).toBe('A company cannot be its own vendor.');
      expect((await call(vendor, 'PUT', `/v4/invitations/step/${id}/vendor-onboarding`, { step: 'company', companyId: outside })).status).toBe(403);
      const company = await call(vendor, 'PUT', `/v4/invitations/step/${id}/vendor-onboarding`, { step: 'company', companyId: volt });
      expect(company.body).toMatchObject({ toCompany: { id: volt, name: 'Volt Electric' }, steps: { company: { id: volt, name: 'Volt Electric' } } });
      const badPhone = await call(vendor, 'PUT', `/v4/invitations/step/${id}/vendor-onboarding`, { step: 'contact', contactName: 'Vera Vendor', phoneNumber: '(155) 234-5678' });
      expect(badPhone.status).toBe(400);
      expect(badPhone.body.message).toBe('Invalid format, Area Code (XXX) must be different 0 and 1 ');
      await call(vendor, 'PUT', `/v4/invitations/step/${id}/vendor-onboarding`, { step: 'contact', contactName: 'Vera Vendor', phoneNumber: '(555) 234-5678' });
      const compliance = await call(vendor, 'PUT', `/v4/invitations/step/${id}/vendor-onboarding`, { step: 'compliance', licenses: true, insurances: false, certificates: true });
      expect(compliance.body.steps).toEqual({
        company: { id: volt, name: 'Volt Electric' },
        contact: { contactName: 'Vera Vendor', phoneNumber: '+15552345678', title: null },
        compliance: { licenses: true, insurances: false, certificates: true },
      });
      // The client may not fill the vendor's steps.
      expect((await call(owner, 'PUT', `/v4/invitations/step/${id}/vendor-onboarding`, { step: 'compliance', licenses: true, insurances: true, certificates: true })).status).toBe(403);

      const submitted = await call(vendor, 'PUT', `/v4/invitations/submit/${id}/vendor-onboarding`);
      expect(submitted.body).toMatchObject({ status: INVITE_STATUS.UnderReview, actions: [] });
      expect((await lastMail(owner.email)).subject).toBe('Volt Electric submitted its vendor onboarding');
      const todo = await call(owner, 'GET', '/v4/invitations/todo');
      expect(todo.body.vendorReview.map((i: { invitationId: number }) => i.invitationId)).toContain(id);
      // Resending is over once submitted; the vendor cannot approve its own onboarding.
      expect((await call(owner, 'PATCH', `/v4/invitations/${id}/resend-invitation-for-vendor`)).status).toBe(409);
      expect((await call(vendor, 'PUT', `/v4/invitations/approve/${id}/vendor-onboarding`)).status).toBe(403);
      expect((await call(pm, 'PUT', `/v4/invitations/approve/${id}/vendor-onboarding`)).status).toBe(403);
    });

    it('approves: the vendor is linked to the client and shares the wallet parts it chose', async () => {
      await t.services.db.insertInto('company_licenses').values({ company_id: volt, license_type: 'state', name: 'Electrical Contractor', number: 'EC-1', state_code: 'CO' }).execute();
      const approved = await call(owner, 'PUT', `/v4/invitations/approve/${id}/vendor-onboarding`);
      expect(approved.body).toMatchObject({ status: INVITE_STATUS.Approved, actions: [] });
      const links = await sql<{ status: number }>`SELECT status FROM company_vendors WHERE company_id = ${acme} AND vendor_id = ${volt}`.execute(t.services.db);
      expect(links.rows.map((r) => Number(r.status))).toEqual([INVITE_STATUS.Approved]);
      const share = await sql<{ licenses: boolean; insurances: boolean; certificates: boolean; status: number }>`
        SELECT licenses, insurances, certificates, status FROM wallet_shares WHERE owner_company_id = ${volt} AND viewer_company_id = ${acme}`.execute(t.services.db);
      expect(share.rows).toEqual([{ licenses: true, insurances: false, certificates: true, status: 1 }]);
      expect((await lastMail(vendor.email)).subject).toBe('Acme Builders approved your vendor onboarding');
      const pending = await call(owner, 'GET', '/v4/invitations/pending');
      expect(pending.body.vendorOnboarding.map((i: { invitationId: number }) => i.invitationId)).not.toContain(id);
    });

    it('withdraws and resends an open vendor invitation; a withdrawn one leaves the pending list', async () => {
      // Its own domain: an example.com address would belong to the other test companies (a custom onboarding).
      const other = `office.${Date.now().toString(36)}@second-vendor.example`;
      const sent = await call(owner, 'POST', '/v4/invitations/vendor-onboarding', { companyId: acme, email: other });
      const second = sent.body.invitationId;
      const before = (await t.mailbox(other)).length;
      const resent = await call(owner, 'PATCH', `/v4/invitations/${second}/resend-invitation-for-vendor`);
      expect(resent.status).toBe(200);
      expect((await t.mailbox(other)).length).toBe(before + 1);
      expect((await call(pm, 'PUT', `/v4/invitations/withdraw/${second}/vendor-onboarding`)).status).toBe(403);
      const withdrawn = await call(owner, 'PUT', `/v4/invitations/withdraw/${second}/vendor-onboarding`);
      expect(withdrawn.body).toMatchObject({ status: INVITE_STATUS.Withdrawn, actions: [] });
      expect((await call(owner, 'PUT', `/v4/invitations/withdraw/${second}/vendor-onboarding`)).status).toBe(409);
      const pending = await call(owner, 'GET', '/v4/invitations/pending');
      expect(pending.body.vendorOnboarding.map((i: { invitationId: number }) => i.invitationId)).not.toContain(second);
      // A share-wallet route does not touch a vendor invitation.
      expect((await call(owner, 'PUT', `/v4/invitations/withdraw/${second}/share-wallet`)).status).toBe(404);
    });

    it('sends a custom onboarding to the company behind the e-mail domain, which approves before the invitee onboards it', async () => {
      const deltaOwner = await t.createUser({ email: `dana.${Date.now().toString(36)}@delta-roofing.example` });
      const delta = await newCompany(deltaOwner, 'Delta Roofing');
      const crew = await t.createUser({ email: `crew.${Date.now().toString(36)}@delta-roofing.example` });
      const note = await call(owner, 'POST', '/v4/invitations/validate-vendor-onboarding', { companyId: acme, email: crew.email });
      expect(note.body).toEqual({ valid: true, message: 'Delta Roofing uses this e-mail domain: an owner or administrator of Delta Roofing will approve the onboarding first.' });
      // A free mail domain says nothing about a company.
      expect((await call(owner, 'POST', '/v4/invitations/validate-vendor-onboarding', { companyId: acme, email: 'someone@gmail.com' })).body).toEqual({ valid: true, message: null });

      const sent = await call(owner, 'POST', '/v4/invitations/vendor-onboarding', { companyId: acme, email: crew.email });
      expect(sent.body).toMatchObject({ kind: 'CUSTOM_VENDOR_ONBOARDING', status: INVITE_STATUS.CustomVendorOnboardingPending, toCompany: { id: delta } });
      const cid = sent.body.invitationId;
      expect((await lastMail(deltaOwner.email)).link).toBe(`http://permitdesk.test/custom-vendor-onboarding/${cid}/approve`);
      expect(await t.mailbox(crew.email)).toEqual([]);

      const seen = await call(crew, 'GET', `/v4/invitations/lookup?type=VENDOR_ONBOARDING&id=${cid}`);
      expect(seen.body).toMatchObject({ side: 'recipient', actions: [] });
      expect((await call(crew, 'PUT', `/v4/invitations/approve/${cid}/custom-vendor-onboarding`)).status).toBe(403);
      const todo = await call(deltaOwner, 'GET', '/v4/invitations/todo');
      expect(todo.body.vendorReview.map((i: { invitationId: number }) => i.invitationId)).toContain(cid);

      const approved = await call(deltaOwner, 'PUT', `/v4/invitations/approve/${cid}/custom-vendor-onboarding`);
      expect(approved.body).toMatchObject({ status: INVITE_STATUS.Pending, steps: { company: { id: delta, name: 'Delta Roofing' } } });
      expect((await lastMail(crew.email)).link).toBe(`http://permitdesk.test/vendor-onboarding/${cid}?email_address=${encodeURIComponent(crew.email)}`);

      const crewCompany = await newCompany(crew, 'Crew Side Co');
      const wrong = await call(crew, 'PUT', `/v4/invitations/step/${cid}/vendor-onboarding`, { step: 'company', companyId: crewCompany });
      expect(wrong.body.message).toBe('This onboarding is for Delta Roofing.');
      await call(crew, 'PUT', `/v4/invitations/step/${cid}/vendor-onboarding`, { step: 'contact', contactName: 'Crew Lead', phoneNumber: '555-234-5678', title: 'Foreman' });
      await call(crew, 'PUT', `/v4/invitations/step/${cid}/vendor-onboarding`, { step: 'compliance', licenses: true, insurances: true, certificates: true });
      expect((await call(crew, 'PUT', `/v4/invitations/submit/${cid}/vendor-onboarding`)).body.status).toBe(INVITE_STATUS.UnderReview);
      expect((await call(owner, 'PUT', `/v4/invitations/approve/${cid}/vendor-onboarding`)).body.status).toBe(INVITE_STATUS.Approved);
      const vendors = await call(owner, 'GET', `/v4/companies/${acme}/vendors`);
      expect(vendors.status, JSON.stringify(vendors.body)).toBe(200);
      expect(vendors.body.map((v: { vendorId: number }) => v.vendorId)).toEqual(expect.arrayContaining([volt, delta]));
    });

    it('lets an invitee with no company create it by invitation: the new company is the company step, written with it', async () => {
      const newcomer = await t.createUser({ name: 'Nia Newcomer', email: `nia.${Date.now().toString(36)}@newcomer-plumbing.example` });
      const sent = await call(owner, 'POST', '/v4/invitations/vendor-onboarding', { companyId: acme, email: newcomer.email });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const nid = sent.body.invitationId as number;
      const name = `Newcomer Plumbing ${Date.now().toString(36)}`;
      // Only the invitee may; someone else's attempt creates nothing.
      const stranger = await call(outsider, 'POST', `/v4/companies?invitation=${nid}`, { name });
      expect(stranger.status, JSON.stringify(stranger.body)).toBe(404);
      expect((await call(newcomer, 'POST', '/v4/companies?invitation=999999', { name })).status).toBe(404);
      expect((await call(owner, 'GET', `/v4/lookup/company-info?key=${encodeURIComponent(name)}`)).body).toEqual([]);

      const created = await call(newcomer, 'POST', `/v4/companies?invitation=${nid}`, { name, address: '12 Pipe St, Denver, CO' });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ name, role: 'owner' });
      const seen = await call(newcomer, 'GET', `/v4/invitations/lookup?type=VENDOR_ONBOARDING&id=${nid}`);
      expect(seen.body).toMatchObject({ status: INVITE_STATUS.Viewed, toCompany: { id: created.body.id, name }, steps: { company: { id: created.body.id, name } } });
      // A name already taken is refused before anything is written.
      const taken = await call(newcomer, 'POST', `/v4/companies?invitation=${nid}`, { name });
      expect(taken.status).toBe(409);
    });
  });

  describe('wallet shares', () => {
    it('shares, accepts for the only company, approves, reads, revokes', async () => {
      const sent = await call(owner, 'POST', '/v4/invitations/share-wallet', { companyId: acme, email: vendor.email });
      expect(sent.body).toMatchObject({ kind: 'SHARE_WALLET', status: SHARING_STATUS.Pending, source: 6, actions: ['withdraw'] });
      const id = sent.body.invitationId;
      expect((await lastMail(vendor.email)).link).toBe(`http://permitdesk.test/compliance-wallet-share/${id}/accept?email_address=${encodeURIComponent(vendor.email)}`);
      // Nothing to approve before the recipient accepts.
      expect((await call(owner, 'PUT', `/v4/invitations/approve/${id}/share-wallet`)).status).toBe(409);

      const accepted = await call(vendor, 'PUT', `/v4/invitations/accept/${id}/share-wallet`, {});
      expect(accepted.body).toMatchObject({ status: SHARING_STATUS.Accepted, toCompany: { id: volt, name: 'Volt Electric' }, actions: [] });
      expect((await lastMail(owner.email)).subject).toBe('Volt Electric accepted your wallet share');
      const approved = await call(owner, 'PUT', `/v4/invitations/approve/${id}/share-wallet`);
      expect(approved.body).toMatchObject({ status: SHARING_STATUS.Approved, actions: ['revoke'] });

      const list = await call(owner, 'GET', `/v4/invitations/share-wallet?company=${acme}&include-outbound=true&include-inbound=true`);
      expect(list.body.outbound.map((i: { invitationId: number }) => i.invitationId)).toContain(id);
      const inbound = await call(vendor, 'GET', `/v4/invitations/share-wallet?company=${volt}&include-outbound=false&include-inbound=true`);
      expect(inbound.body).toMatchObject({ outbound: [] });
      expect(inbound.body.inbound.map((i: { invitationId: number }) => i.invitationId)).toContain(id);
      expect((await call(outsider, 'GET', `/v4/invitations/share-wallet?company=${acme}`)).status).toBe(403);

      const revoked = await call(owner, 'PUT', `/v4/invitations/revoke/${id}/share-wallet`);
      expect(revoked.body).toMatchObject({ status: SHARING_STATUS.Revoked, actions: [] });
      const share = await sql<{ status: number }>`SELECT status FROM wallet_shares WHERE owner_company_id = ${acme} AND viewer_company_id = ${volt}`.execute(t.services.db);
      expect(share.rows.map((r) => Number(r.status))).toEqual([SHARING_STATUS.Revoked]);
      expect((await call(owner, 'PUT', `/v4/invitations/revoke/${id}/share-wallet`)).status).toBe(409);
    });

    it('asks which company answers when the recipient runs several; withdraws and declines', async () => {
      const multi = await t.createUser({ email: t.email('multi') });
      const one = await newCompany(multi, 'Multi One');
      await newCompany(multi, 'Multi Two');
      const sent = await call(owner, 'POST', '/v4/invitations/share-wallet', { companyId: acme, email: multi.email });
      const id = sent.body.invitationId;
      const unsure = await call(multi, 'PUT', `/v4/invitations/accept/${id}/share-wallet`, {});
      expect(unsure.status).toBe(400);
      expect(unsure.body.message).toBe('Choose the company that answers this invitation.');
      expect((await call(multi, 'PUT', `/v4/invitations/accept/${id}/share-wallet`, { companyId: acme })).status).toBe(403);
      expect((await call(multi, 'PUT', `/v4/invitations/accept/${id}/share-wallet`, { companyId: one })).body.toCompany).toEqual({ id: one, name: 'Multi One' });
      expect((await call(owner, 'PUT', `/v4/invitations/withdraw/${id}/share-wallet`)).body.status).toBe(SHARING_STATUS.Withdrawn);

      const second = (await call(owner, 'POST', '/v4/invitations/share-wallet', { companyId: acme, email: multi.email })).body.invitationId;
      expect((await call(multi, 'PUT', `/v4/invitations/decline/${second}`)).body.status).toBe(SHARING_STATUS.Declined);
    });
  });

  describe('guest access and compliance requests', () => {
    it('makes the recipient\'s company a guest of the sender when the recipient approves (issue 13: the inviter grants)', async () => {
      const sent = await call(outsider, 'POST', '/v4/invitations/guest-access', { companyId: outside, email: vendor.email, scope: { vault: true, projectIds: [] } });
      expect(sent.body).toMatchObject({ kind: 'GUEST_ACCESS', status: INVITE_STATUS.Pending, source: 7 });
      const id = sent.body.invitationId;
      expect((await lastMail(vendor.email)).link).toBe(`http://permitdesk.test/guest-access/${id}/approve?email_address=${encodeURIComponent(vendor.email)}`);
      expect((await call(owner, 'PUT', `/v4/invitations/guest-access/${id}/approve`, {})).status).toBe(404);
      const approved = await call(vendor, 'PUT', `/v4/invitations/guest-access/${id}/approve`, {});
      expect(approved.body).toMatchObject({ status: INVITE_STATUS.Approved, toCompany: { id: volt } });
      const guests = await sql<{ host_company_id: number; guest_company_id: number }>`SELECT host_company_id, guest_company_id FROM company_guests WHERE invitation_id = ${id}`.execute(t.services.db);
      expect(guests.rows.map((r) => [Number(r.host_company_id), Number(r.guest_company_id)])).toEqual([[outside, volt]]);
    });

    it('shares the recipient wallet on a sharing request, links a vendor on a claiming request', async () => {
      const sharing = await call(owner, 'POST', '/v4/invitations/compliance-request/sharing', { companyId: acme, email: outsider.email });
      expect(sharing.body).toMatchObject({ kind: 'COMPLIANCE_REQUEST', requestType: 'sharing', status: REQUEST_STATUS.Pending, source: 7 });
      const todo = await call(outsider, 'GET', '/v4/invitations/todo');
      expect(todo.body.documentRequest.map((i: { invitationId: number }) => i.invitationId)).toContain(sharing.body.invitationId);
      expect((await call(owner, 'GET', '/v4/invitations/pending')).body.complianceRequest.map((i: { invitationId: number }) => i.invitationId)).toContain(sharing.body.invitationId);
      const done = await call(outsider, 'PUT', `/v4/invitations/accept/${sharing.body.invitationId}/share-wallet`, {});
      expect(done.body.status).toBe(REQUEST_STATUS.Approved);
      const shared = await sql<{ status: number }>`SELECT status FROM wallet_shares WHERE owner_company_id = ${outside} AND viewer_company_id = ${acme}`.execute(t.services.db);
      expect(shared.rows.map((r) => Number(r.status))).toEqual([1]);

      const claiming = await call(outsider, 'POST', '/v4/invitations/compliance-request/claiming', { companyId: outside, email: owner.email });
      const claimed = await call(owner, 'PUT', `/v4/invitations/accept/${claiming.body.invitationId}/share-wallet`, {});
      expect(claimed.body.status).toBe(REQUEST_STATUS.Approved);
      const link = await sql<{ status: number }>`SELECT status FROM company_vendors WHERE company_id = ${acme} AND vendor_id = ${outside}`.execute(t.services.db);
      expect(link.rows.map((r) => Number(r.status))).toEqual([1]);
    });
  });

  it('lists a company’s sent invitations for its members only', async () => {
    const mine = await call(pm, 'GET', `/v4/companies/${acme}/invitations`);
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(5);
    expect(mine.body.every((i: { fromCompany: { id: number } }) => i.fromCompany.id === acme)).toBe(true);
    expect((await call(outsider, 'GET', `/v4/companies/${acme}/invitations`)).status).toBe(403);
  });

  it('answers 401 without a token on every invitation route', async () => {
    const routes: [string, string][] = [
      ['GET', '/v4/invitations/pending'], ['GET', '/v4/invitations/todo'], ['GET', '/v4/invitations/lookup?type=SHARE_WALLET&id=1'],
      ['POST', '/v4/invitations/vendor-onboarding'], ['POST', '/v4/invitations/validate-vendor-onboarding'], ['PUT', '/v4/invitations/withdraw/1/share-wallet'],
      ['PUT', '/v4/invitations/withdraw/1/vendor-onboarding'], ['PATCH', '/v4/invitations/1/resend-invitation-for-vendor'], ['POST', '/v4/invitations/user-type'],
      ['PUT', '/v4/invitations/accept/1/user-type'], ['PUT', '/v4/invitations/revoke/1/share-wallet'], ['PUT', '/v4/invitations/approve/1/share-wallet'],
      ['PUT', '/v4/invitations/approve/1/vendor-onboarding'], ['PUT', '/v4/invitations/approve/1/custom-vendor-onboarding'], ['GET', '/v4/invitations/share-wallet?company=1'],
      ['POST', '/v4/invitations/compliance-request/sharing'], ['POST', '/v4/invitations/share-wallet'], ['POST', '/v4/invitations/guest-access'],
      ['POST', '/v4/invitations/compliance-request/claiming'], ['PUT', '/v4/invitations/guest-access/1/approve'], ['PUT', '/v4/invitations/submit/1/vendor-onboarding'],
      ['PUT', '/v4/invitations/step/1/vendor-onboarding'], ['PUT', '/v4/invitations/decline/1'], ['PUT', '/v4/invitations/accept/1/share-wallet'], ['GET', '/v4/companies/1/invitations'],
    ];
    for (const [method, path] of routes) expect([method, path, (await t.request(method, path)).status]).toEqual([method, path, 401]);
  });
});
