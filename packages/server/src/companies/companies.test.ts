// Companies and roles through the API: creation and uniqueness, permissions, SPEC §6 role rules, and
// that a user of one company can neither read nor change another company's data, route by route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

describe.each(databaseTargets())('companies on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let outsider: TestUser;
  let companyId: number;
  let otherCompanyId: number;

  const createCompany = (user: TestUser, name: string, extra: Record<string, unknown> = {}) =>
    t.request('POST', '/v4/companies', { token: user.accessToken, body: { name, ...extra } });
  /** Adds a user to a company with a role (what accepting an invitation does) and returns the role id. */
  const join = async (user: TestUser, id: number, role: 'administrator' | 'pm' | 'user' | 'guest' | 'owner') =>
    (await t.services.companies.addMember(id, user.sub, role)).id;

  beforeAll(async () => {
    t = await createTestContext({ target });
    owner = await t.createUser({ name: 'Olive Owner' });
    outsider = await t.createUser({ name: 'Otto Outsider' });
    const created = await createCompany(owner, 'Summit Builders', { address: '12 Peak Rd, Denver, CO 80202', fromURL: 'https://partner.example' });
    expect(created.status).toBe(200);
    companyId = created.body.id;
    otherCompanyId = (await createCompany(outsider, 'Valley Electric')).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes the creator the owner, active, with the address and fromURL', async () => {
    const res = await t.request('GET', `/v4/companies/${companyId}`, { token: owner.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: companyId, name: 'Summit Builders', role: 'owner', status: 1, classification: 1, address: '12 Peak Rd, Denver, CO 80202', fromURL: 'https://partner.example', guestAccess: false });
    const permissions = await t.request('GET', '/v4/permissions', { token: owner.accessToken });
    expect(permissions.body).toEqual({ [String(companyId)]: { name: 'Summit Builders', role: 'owner' } });
    const profile = await t.request('GET', '/auth/profile', { token: owner.accessToken });
    expect(profile.body.permissions).toEqual(permissions.body);
  });

  it('refuses a taken name, ignoring case, with 409 and the SPEC message', async () => {
    const res = await createCompany(outsider, '  summit BUILDERS ');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Company name has already been taken, please try another name!', code: 'COMPANY_NAME_TAKEN' });
    const lookup = await t.request('GET', '/v4/lookup/company-info', { token: outsider.accessToken, query: { key: 'SUMMIT builders' } });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual([{ id: companyId, name: 'Summit Builders' }]);
    const free = await t.request('GET', '/v4/lookup/company-info', { token: outsider.accessToken, query: { key: 'Nobody Inc' } });
    expect(free.body).toEqual([]);
  });

  it('answers a missing company name with 400, never 500', async () => {
    const res = await createCompany(owner, '   ');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const bad = await t.request('GET', '/v4/companies/abc', { token: owner.accessToken });
    expect(bad.status).toBe(400);
  });

  it('lists the user companies without guest roles', async () => {
    const member = await t.createUser();
    await join(member, companyId, 'pm');
    await join(member, otherCompanyId, 'guest');
    const list = await t.request('GET', '/v4/companies', { token: member.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: number; role: string }) => [c.id, c.role])).toEqual([[companyId, 'pm']]);
    const permissions = await t.request('GET', '/v4/permissions', { token: member.accessToken });
    expect(permissions.body[String(otherCompanyId)]).toEqual({ name: 'Valley Electric', role: 'guest' });
    // A guest cannot open the company either.
    expect((await t.request('GET', `/v4/companies/${otherCompanyId}`, { token: member.accessToken })).status).toBe(403);
  });

  it("keeps another company's data out of reach, route by route", async () => {
    const roleId = (await t.request('GET', `/v4/companies/${companyId}/roles`, { token: owner.accessToken })).body.roles[0].id;
    const attempts = [
      t.request('GET', `/v4/companies/${companyId}`, { token: outsider.accessToken }),
      t.request('PATCH', `/v4/companies/${companyId}`, { token: outsider.accessToken, body: { name: 'Hijacked' } }),
      t.request('GET', `/v4/companies/${companyId}/roles`, { token: outsider.accessToken }),
      t.request('PUT', `/v4/roles/user-types/${roleId}`, { token: outsider.accessToken, body: { role: 'user', active: false } }),
      t.request('DELETE', `/v4/roles/user-types/${roleId}`, { token: outsider.accessToken }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You do not have access to this company.', code: 'COMPANY_FORBIDDEN' });
    }
    const still = await t.request('GET', `/v4/companies/${companyId}`, { token: owner.accessToken });
    expect(still.body.name).toBe('Summit Builders');
    // And with no token at all: 401.
    expect((await t.request('GET', `/v4/companies/${companyId}`)).status).toBe(401);
  });

  it('lets the owner and administrators update the profile, not PMs or users', async () => {
    const admin = await t.createUser();
    const pm = await t.createUser();
    await join(admin, companyId, 'administrator');
    await join(pm, companyId, 'pm');
    const byPm = await t.request('PATCH', `/v4/companies/${companyId}`, { token: pm.accessToken, body: { address: 'Nope' } });
    expect(byPm.status).toBe(403);
    const byAdmin = await t.request('PATCH', `/v4/companies/${companyId}`, { token: admin.accessToken, body: { address: '99 Ridge Ave, Denver, CO 80203' } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ address: '99 Ridge Ave, Denver, CO 80203', role: 'administrator' });
    const taken = await t.request('PATCH', `/v4/companies/${companyId}`, { token: owner.accessToken, body: { name: 'VALLEY ELECTRIC' } });
    expect(taken.status).toBe(409);
    // Renaming to its own name in another case is not a clash.
    const same = await t.request('PATCH', `/v4/companies/${companyId}`, { token: owner.accessToken, body: { name: 'Summit Builders' } });
    expect(same.status).toBe(200);
  });

  describe('role rules (SPEC §6)', () => {
    let company: number;
    let boss: TestUser;
    let admin: TestUser;
    let ids: { admin: number; pm: number; user: number; admin2: number; boss: number };

    beforeAll(async () => {
      boss = await t.createUser();
      company = (await createCompany(boss, `Rules Co ${Date.now()}`)).body.id;
      admin = await t.createUser();
      const [pm, user, admin2] = [await t.createUser(), await t.createUser(), await t.createUser()];
      ids = {
        admin: await join(admin, company, 'administrator'),
        pm: await join(pm, company, 'pm'),
        user: await join(user, company, 'user'),
        admin2: await join(admin2, company, 'administrator'),
        boss: (await t.request('GET', `/v4/companies/${company}/roles`, { token: boss.accessToken })).body.roles[0].id,
      };
      await join(await t.createUser(), company, 'guest');
    });

    it('lists roles without guests, with names and e-mails', async () => {
      const res = await t.request('GET', `/v4/companies/${company}/roles`, { token: admin.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.companyId).toBe(company);
      expect(res.body.roles.map((r: { role: string }) => r.role)).toEqual(['owner', 'administrator', 'pm', 'user', 'administrator']);
      expect(res.body.roles[0]).toMatchObject({ userId: boss.sub, email: boss.email, active: true });
    });

    it('lets an administrator disable only User or PM roles', async () => {
      const pm = await t.request('PUT', `/v4/roles/user-types/${ids.pm}`, { token: admin.accessToken, body: { role: 'pm', active: false } });
      expect(pm.status).toBe(200);
      expect(pm.body).toMatchObject({ id: ids.pm, role: 'pm', active: false });
      const user = await t.request('PUT', `/v4/roles/user-types/${ids.user}`, { token: admin.accessToken, body: { role: 'pm', active: true } });
      expect(user.status).toBe(200);
      expect(user.body.role).toBe('pm');
      for (const target of [ids.admin2, ids.boss]) {
        const res = await t.request('PUT', `/v4/roles/user-types/${target}`, { token: admin.accessToken, body: { role: 'user', active: false } });
        expect(res.status).toBe(403);
      }
      // Nor promote a PM to administrator.
      expect((await t.request('PUT', `/v4/roles/user-types/${ids.user}`, { token: admin.accessToken, body: { role: 'administrator', active: true } })).status).toBe(403);
    });

    it('lets the owner disable any role', async () => {
      const res = await t.request('PUT', `/v4/roles/user-types/${ids.admin2}`, { token: boss.accessToken, body: { role: 'administrator', active: false } });
      expect(res.status).toBe(200);
      expect(res.body.active).toBe(false);
    });

    it('lets only the owner remove user roles, and never the last owner', async () => {
      const byAdmin = await t.request('DELETE', `/v4/roles/user-types/${ids.pm}`, { token: admin.accessToken });
      expect(byAdmin.status).toBe(403);
      const byOwner = await t.request('DELETE', `/v4/roles/user-types/${ids.pm}`, { token: boss.accessToken });
      expect(byOwner.status).toBe(200);
      expect(byOwner.body).toEqual({ ok: true });
      const roles = await t.request('GET', `/v4/companies/${company}/roles`, { token: boss.accessToken });
      expect(roles.body.roles.some((r: { id: number }) => r.id === ids.pm)).toBe(false);
      const last = await t.request('DELETE', `/v4/roles/user-types/${ids.boss}`, { token: boss.accessToken });
      expect(last.status).toBe(400);
      expect(last.body.code).toBe('LAST_OWNER');
      expect((await t.request('DELETE', '/v4/roles/user-types/999999', { token: boss.accessToken })).status).toBe(404);
    });

    it('takes a disabled role out of the permissions', async () => {
      const member = await t.createUser();
      const roleId = await join(member, company, 'user');
      expect(Object.keys((await t.request('GET', '/v4/permissions', { token: member.accessToken })).body)).toEqual([String(company)]);
      await t.request('PUT', `/v4/roles/user-types/${roleId}`, { token: boss.accessToken, body: { role: 'user', active: false } });
      expect((await t.request('GET', '/v4/permissions', { token: member.accessToken })).body).toEqual({});
      expect((await t.request('GET', `/v4/companies/${company}`, { token: member.accessToken })).status).toBe(403);
    });
  });

  it('creates an account and its company in one transaction for the sign-up engineer', async () => {
    const email = t.email('tx');
    // A company name that is taken makes the whole transaction roll back: no orphan account.
    await expect(
      t.services.db.transaction().execute(async (trx) => {
        const user = await t.services.identity.createUser({ email, password: 'Some-pass-1', name: 'Tx User', confirmed: true }, { db: trx });
        await t.services.companies.create({ name: 'Summit Builders' }, user.id, { db: trx });
      }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await t.services.identity.findByEmail(email)).toBeNull();
  });
});
