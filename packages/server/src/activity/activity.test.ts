// The audit trail's reads and the permit team's roles over HTTP (issue 12): refusals first (customers 403
// on the team's calls, operators 403 on the service admin's, a member who is not the owner 403 on the
// company's trail), then what each caller reads: the permit team every entry, the customer the
// customer-safe ones with the team shown as 'PermitDesk permit team', the owner the company's trail,
// the service admin a CSV of any trail; and roles granted, changed and revoked with an audit entry each.
import { AUDIT_CSV_COLUMNS, PAGINATION_HEADERS, PERMIT_TEAM_ACTOR_NAME, STAGE, type AuditEntry, type Permit, type TeamMember } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, jobSite, operator, requestPermit, type JobSite } from '../test/permit-fixtures.js';
import { recordAudit } from '../audit/audit.js';
import { runOperatorCommand } from '../operator/cli.js';
import { setStaffRole } from '../staff/staff.js';

describe.each(databaseTargets())('the audit trail and the team on %s', (target) => {
  let t: TestContext;
  let customer: TestUser;
  let pm: TestUser;
  let team: TestUser;
  let admin: TestUser;
  let companyId: number;
  let site: JobSite;
  let permitId: number;

  beforeAll(async () => {
    t = await createTestContext({ target });
    customer = await t.createUser({ name: 'Ola Owner' });
    pm = await t.createUser({ name: 'Pat Manager' });
    team = await operator(t);
    admin = await t.createUser({ name: 'Ada Admin' });
    await setStaffRole(t.services.db, admin.email, 'service_admin');
    companyId = await companyOf(t, customer, 'Ola Homes');
    await t.services.db.insertInto('company_users').values({ company_id: companyId, user_id: pm.sub, role: 'pm', active: true }).execute();
    site = await jobSite(t);
    ({ permitId } = await requestPermit(t, customer, site, { companyId }));
    const opened = await t.request<Permit>('GET', `/v4/operator/permits/${permitId}`, { token: team.accessToken });
    const moved = await t.request('PUT', `/v4/operator/permits/${permitId}/stage`, { token: team.accessToken, body: { stage: STAGE.Processing, version: opened.body.version, note: 'Filing.' } });
    expect(moved.status, moved.text).toBe(200);
    // An internal note of the team: not for the customer's eyes.
    await recordAudit(t.services.db, { userId: team.sub, role: 'permit_team', requestId: 'req-internal' }, {
      entity: 'permit', entityId: permitId, action: 'assigned', companyId, permitId, customerVisible: false, before: { assignedTo: null }, after: { assignedTo: team.email },
    });
  });
  afterAll(() => t?.close());

  it('refuses: customers on the team calls, operators on the service admin calls, non-owners on the company trail', async () => {
    for (const [method, path, body] of [
      ['GET', `/v4/operator/permits/${permitId}/activity`],
      ['GET', '/v4/operator/activity.csv'],
      ['GET', '/v4/operator/team'],
      ['PUT', '/v4/operator/team', { email: customer.email, role: 'operator' }],
    ] as [string, string, unknown?][]) {
      const res = await t.request(method, path, { token: customer.accessToken, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('STAFF_ONLY');
      expect((await t.request(method, path, { body })).status).toBe(401);
    }
    for (const [method, path, body] of [
      ['GET', '/v4/operator/activity.csv'],
      ['GET', '/v4/operator/team'],
      ['PUT', '/v4/operator/team', { email: customer.email, role: 'operator' }],
    ] as [string, string, unknown?][]) {
      const res = await t.request(method, path, { token: team.accessToken, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ message: 'Only a service admin can do this.', code: 'SERVICE_ADMIN_ONLY' });
    }
    expect(await t.services.db.selectFrom('users').select('staff').where('id', '=', customer.sub).executeTakeFirstOrThrow()).toEqual({ staff: false });
    const notOwner = await t.request('GET', `/v4/companies/${companyId}/activity`, { token: pm.accessToken });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.code).toBe('OWNER_ONLY');
    const stranger = await t.request('GET', `/v4/companies/${companyId}/activity`, { token: team.accessToken });
    expect(stranger.status).toBe(403);
    const outsider = await t.createUser({ name: 'Otto Outsider' });
    expect((await t.request('GET', `/v4/permits/${permitId}/activity`, { token: outsider.accessToken })).status).toBe(404);
    expect((await t.request('GET', '/v4/operator/permits/99999999/activity', { token: team.accessToken })).status).toBe(404);
  });

  it('the permit team reads every entry; the customer the customer-safe ones, the team as the permit team', async () => {
    const full = await t.request<AuditEntry[]>('GET', `/v4/operator/permits/${permitId}/activity`, { token: team.accessToken });
    expect(full.status, full.text).toBe(200);
    expect(full.body.map((e) => e.action)).toEqual(['created', 'stage_changed', 'assigned']);
    const change = full.body[1]!;
    expect(change).toMatchObject({ entity: 'permit', entityId: String(permitId), actor: { email: team.email, role: 'permit_team', name: 'Olga Operator' }, customerVisible: true });
    expect(change.before).toEqual({ stage: STAGE.Requested, version: 1 });
    expect(change.after).toEqual({ stage: STAGE.Processing, version: 2, note: 'Filing.' });
    expect(change.requestId).toBeTruthy();

    const seen = await t.request<AuditEntry[]>('GET', `/v4/permits/${permitId}/activity`, { token: customer.accessToken });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.map((e) => e.action)).toEqual(['created', 'stage_changed']);
    expect(seen.body[0]!.actor).toEqual({ name: 'Ola Owner', email: customer.email, role: 'customer' });
    expect(seen.body[1]!.actor).toEqual({ name: PERMIT_TEAM_ACTOR_NAME, email: null, role: 'permit_team' });
    expect(seen.text).not.toContain(team.email);
    expect(seen.body.every((e) => e.requestId === null)).toBe(true);
    // The PM reads the permit, so the permit's trail too.
    expect((await t.request('GET', `/v4/permits/${permitId}/activity`, { token: pm.accessToken })).status).toBe(200);
  });

  it("the owner pages through the company's trail, newest first", async () => {
    const page = await t.request<AuditEntry[]>('GET', `/v4/companies/${companyId}/activity`, { token: customer.accessToken, query: { size: 2 } });
    expect(page.status, page.text).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(page.body[0]!.action).toBe('assigned');
    expect(Number(page.headers.get(PAGINATION_HEADERS.totalCount))).toBeGreaterThanOrEqual(4);
    const second = await t.request<AuditEntry[]>('GET', `/v4/companies/${companyId}/activity`, { token: customer.accessToken, query: { size: 2, page: 2 } });
    expect(second.body[0]!.id).toBeLessThan(page.body[1]!.id);
  });

  it("records the company's changes on its trail: profile, licenses, invitations, member roles", async () => {
    const as = { token: customer.accessToken };
    expect((await t.request('PATCH', `/v4/companies/${companyId}`, { ...as, body: { name: 'Ola Homes & Sons' } })).status).toBe(200);
    const license = await t.request('POST', `/v4/companies/${companyId}/licenses`, { ...as, body: { licenseType: 'state', name: 'General Contractor', number: 'GC-1', stateCode: 'CO' } });
    expect(license.status, license.text).toBe(200);
    const licenseId = license.body.licenseId as number;
    expect((await t.request('PUT', `/v4/companies/${companyId}/licenses/${licenseId}`, { ...as, body: { licenseType: 'state', name: 'General Contractor', number: 'GC-2' } })).status).toBe(200);
    expect((await t.request('DELETE', `/v4/companies/${companyId}/licenses/${licenseId}`, as)).status).toBe(200);
    const invited = await t.request('POST', '/v4/invitations/user-type', { ...as, body: { companyId, email: 'new.member@example.com', role: 'pm' } });
    expect(invited.status, invited.text).toBe(200);
    const roles = await t.request('GET', `/v4/companies/${companyId}/roles`, as);
    const pmRole = roles.body.roles.find((r: { userId: string }) => r.userId === pm.sub);
    expect((await t.request('PUT', `/v4/roles/user-types/${pmRole.id}`, { ...as, body: { role: 'user', active: true } })).status).toBeLessThan(300);

    const trail = await t.request<AuditEntry[]>('GET', `/v4/companies/${companyId}/activity`, { ...as, query: { size: 20 } });
    const byAction = (entity: string, action: string) => trail.body.find((e) => e.entity === entity && e.action === action);
    expect(byAction('company', 'updated')).toMatchObject({ before: { name: 'Ola Homes' }, after: { name: 'Ola Homes & Sons' }, actor: { email: customer.email } });
    expect(byAction('vault_item', 'created')).toMatchObject({ entityId: `license:${licenseId}`, after: { kind: 'license', number: 'GC-1' } });
    expect(byAction('vault_item', 'updated')).toMatchObject({ before: { kind: 'license', number: 'GC-1' }, after: { kind: 'license', number: 'GC-2' } });
    expect(byAction('vault_item', 'archived')).toMatchObject({ before: { status: 'active' }, after: { status: 'archived' } });
    expect(byAction('invitation', 'sent')).toMatchObject({ after: { kind: 'USER_TYPE', email: 'new.member@example.com', role: 'pm' } });
    expect(byAction('company', 'member_role_changed')).toMatchObject({ before: { role: 'pm' }, after: { role: 'user' } });
    expect(trail.body.every((e) => e.requestId)).toBe(true);
  });

  it('a service admin downloads any trail as CSV', async () => {
    const res = await t.request('GET', '/v4/operator/activity.csv', { token: admin.accessToken, query: { permitId } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(`attachment; filename="audit-trail-permit-${permitId}.csv"`);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(`${team.email},permit_team,permit,${permitId},stage_changed,`);
    expect(lines[2]).toContain('"{""stage"":10,""version"":1}"');
    const none = await t.request('GET', '/v4/operator/activity.csv', { token: admin.accessToken, query: { entity: 'quote', entityId: 'nothing' } });
    expect(none.text.trim()).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect((await t.request('GET', '/v4/operator/activity.csv', { token: admin.accessToken, query: { entity: 'nope' } })).status).toBe(400);
  });

  it('a service admin grants, changes and revokes roles, each an audit entry; never their own admin role', async () => {
    const newcomer = await t.createUser({ name: 'Nina New' });
    const set = (body: unknown, token = admin.accessToken) => t.request('PUT', '/v4/operator/team', { token, body });
    const granted = await set({ email: newcomer.email.toUpperCase(), role: 'operator' });
    expect(granted.status, granted.text).toBe(200);
    expect((granted.body as TeamMember[]).find((m) => m.email === newcomer.email)).toMatchObject({ role: 'operator', name: 'Nina New' });
    expect((await t.request('GET', '/v4/operator/status', { token: newcomer.accessToken })).body).toEqual({ staff: true, role: 'operator' });
    expect((await set({ email: newcomer.email, role: 'service_admin' })).status).toBe(200);
    expect(((await set({ email: newcomer.email, role: null })).body as TeamMember[]).some((m) => m.email === newcomer.email)).toBe(false);
    const entries = await t.services.db.selectFrom('audit_events').selectAll().where('entity', '=', 'role').where('entity_id', '=', newcomer.sub).orderBy('id').execute();
    expect(entries.map((e) => [e.action, e.actor_user_id, e.actor_role])).toEqual([
      ['role_granted', admin.sub, 'service_admin'],
      ['role_changed', admin.sub, 'service_admin'],
      ['role_revoked', admin.sub, 'service_admin'],
    ]);
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(json(entries[1]!.before)).toEqual({ email: newcomer.email, role: 'operator' });
    expect(json(entries[1]!.after)).toEqual({ email: newcomer.email, role: 'service_admin' });

    const self = await set({ email: admin.email, role: 'operator' });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('LAST_ADMIN');
    expect((await set({ email: admin.email, role: null })).status).toBe(409);
    expect((await t.request('GET', '/v4/operator/status', { token: admin.accessToken })).body.role).toBe('service_admin');
    const unknown = await set({ email: 'nobody-here@example.com', role: 'operator' });
    expect(unknown.status).toBe(404);
    expect((await set({ email: 'not an email', role: 'operator' })).status).toBe(400);
    expect((await set({ email: newcomer.email, role: 'boss' })).status).toBe(400);
    const list = await t.request<TeamMember[]>('GET', '/v4/operator/team', { token: admin.accessToken });
    expect(list.body.map((m) => [m.email, m.role])).toEqual(
      expect.arrayContaining([
        [team.email, 'operator'],
        [admin.email, 'service_admin'],
      ]),
    );
  });

  it('the CLI explains grant <email> [--admin], revoke <email> and list', async () => {
    // Usage errors answer before the CLI opens the configured database.
    const lines: string[] = [];
    expect(await runOperatorCommand(['revoke', 'x@example.com', '--admin'], (line) => lines.push(line))).toBe(2);
    expect(await runOperatorCommand(['list', 'extra'], (line) => lines.push(line))).toBe(2);
    expect(lines.every((line) => line.includes('grant <email> [--admin]'))).toBe(true);
  });
});
