// The notice walls a service admin edits (PUT /v4/operator/notice-walls/{kind}): who may, what bad input
// answers, and that the widget's read (/global-setting) carries the change, audited once.
import { editableNoticeWalls, notificationWall, signupSettings, type GlobalSetting } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStaffRole } from '../../staff/staff.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../../test/harness.js';
import { operator } from '../../test/permit-fixtures.js';

const wall = {
  titleHeaderForm: 'Read this first',
  descriptionsHeaderForm: 'We file with {municipalityName} for you.',
  textCheckBox: 'I understand {municipalityName} is not PermitDesk.',
  descriptionsFooterForm: 'Questions about {municipalityName}? Ask us.',
  titleFooterForm: 'Contact us',
};

describe.each(databaseTargets())('notice walls on %s', (target) => {
  let t: TestContext;
  let customer: TestUser;
  let team: TestUser;
  let admin: TestUser;
  const put = (user: TestUser | null, kind: string, body: unknown) =>
    t.request('PUT', `/v4/operator/notice-walls/${kind}`, { token: user?.accessToken, body });
  const settings = async () => (await t.request<GlobalSetting[]>('GET', '/global-setting')).body;

  beforeAll(async () => {
    t = await createTestContext({ target });
    customer = await t.createUser({ name: 'Carla Customer' });
    team = await operator(t);
    admin = await t.createUser({ name: 'Sam Serviceadmin' });
    await setStaffRole(t.services.db, admin.email, 'service_admin');
  });
  afterAll(() => t?.close());

  it('lets only a service admin change a wall; the others change nothing', async () => {
    const before = await settings();
    expect((await put(null, 'company', { enabled: false, wall })).status).toBe(401);
    expect((await put(customer, 'company', { enabled: false, wall })).body.code).toBe('STAFF_ONLY');
    const byOperator = await put(team, 'company', { enabled: false, wall });
    expect(byOperator.status).toBe(403);
    expect(byOperator.body.code).toBe('SERVICE_ADMIN_ONLY');
    expect(await settings()).toEqual(before);
  });

  it('answers 400 with the field\'s message for an empty text, an unknown wall or a missing flag', async () => {
    const empty = await put(admin, 'company', { enabled: true, wall: { ...wall, textCheckBox: '   ' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Please enter this text');
    expect((await put(admin, 'everyone', { enabled: true, wall })).status).toBe(400);
    expect((await put(admin, 'company', { wall })).status).toBe(400);
  });

  it('saves the flag and the texts the widget reads, and audits a change once', async () => {
    const res = await put(admin, 'doItYourself', { enabled: false, wall });
    expect(res.status, res.text).toBe(200);
    const read = await settings();
    expect(res.body).toEqual(read);
    expect(signupSettings(read).notificationWallDoItYourself).toBe(false);
    expect(signupSettings(read).notificationWallCompany).toBe(true);
    expect(notificationWall(read, 'doItYourself', 'City of Austin').textCheckBox).toBe('I understand City of Austin is not PermitDesk.');
    expect(editableNoticeWalls(read).find((w) => w.kind === 'doItYourself')).toEqual({ kind: 'doItYourself', enabled: false, wall });

    expect((await put(admin, 'doItYourself', { enabled: false, wall })).status).toBe(200); // the same again: no new entry
    const audits = await t.services.db.selectFrom('audit_events').selectAll().where('entity', '=', 'setting').where('entity_id', '=', 'EDIT_NOTIFICATION_WALL_DO_IT_YOURSELF').execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'updated', actor_role: 'service_admin', actor_user_id: admin.sub });
    expect(audits[0]!.after).toMatchObject({ NOTIFICATION_WALL_DO_IT_YOURSELF: 'false' });
  });
});
