// The municipality directory (issue 12) over HTTP: refusals first (403 customers, 401 anonymous, 404
// unknown, 400 bad input), the keyword search over the seeded municipalities, edits versioned in the audit
// trail (who, when, only the fields that changed), and the public lookups (the widget's 'main phone' and
// cut-off time) showing what the team entered.
import type { DirectoryDetail, DirectoryMunicipality, Municipality } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../../test/harness.js';
import { jobSite, operator, type JobSite } from '../../test/permit-fixtures.js';

describe.each(databaseTargets())('the municipality directory on %s', (target) => {
  let t: TestContext;
  let customer: TestUser;
  let team: TestUser;
  let site: JobSite;

  const put = (id: number, body: unknown, as: TestUser = team) => t.request<DirectoryDetail>('PUT', `/v4/operator/municipalities/${id}`, { token: as.accessToken, body });
  const versions = (id: number) =>
    t.services.db.selectFrom('audit_events').selectAll().where('entity', '=', 'municipality').where('entity_id', '=', String(id)).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestContext({ target });
    customer = await t.createUser({ name: 'Carla Customer' });
    team = await operator(t);
    site = await jobSite(t);
  });
  afterAll(() => t?.close());

  it('refuses customers (403) and anonymous callers (401), and answers 404 for an unknown municipality', async () => {
    const id = site.municipalityId;
    const calls: [string, string, unknown?][] = [
      ['GET', '/v4/operator/municipalities'],
      ['GET', `/v4/operator/municipalities/${id}`],
      ['PUT', `/v4/operator/municipalities/${id}`, { mainPhone: '(212) 555-0100' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(method, path, { token: customer.accessToken, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('STAFF_ONLY');
      expect((await t.request(method, path, { body })).status).toBe(401);
    }
    expect(await versions(id)).toEqual([]);
    expect((await t.request('GET', '/v4/operator/municipalities/99999999', { token: team.accessToken })).status).toBe(404);
    const unknown = await put(99999999, { mainPhone: '(212) 555-0100' });
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as { message: string }).message).toBe('Municipality not found.');
  });

  it('answers 400 with a clear message to a bad phone, hour, method, URL or task', async () => {
    const cases: [unknown, string][] = [
      [{ mainPhone: '555-01' }, 'Invalid format'],
      [{ cutoffHour: 24 }, 'The cut-off hour is a whole hour from 0 to 23.'],
      [{ submissionMethods: ['fax'] }, 'Submission methods are online, email, in_person and mail.'],
      [{ portalUrl: 'javascript:alert(1)' }, 'The portal URL must start with http:// or https://.'],
      [{ turnaround: { '99999999': 10 } }, 'Typical turnaround names a task that does not exist.'],
    ];
    for (const [body, message] of cases) {
      const res = await put(site.municipalityId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text).toContain(message);
    }
    expect(await versions(site.municipalityId)).toEqual([]);
  });

  it('searches the municipalities by keyword and state, with paging headers', async () => {
    const all = await t.request<DirectoryMunicipality[]>('GET', '/v4/operator/municipalities', { token: team.accessToken, query: { size: 5 } });
    expect(all.status, all.text).toBe(200);
    expect(all.body).toHaveLength(5);
    expect(Number(all.headers.get('x-pagination-totalcount'))).toBeGreaterThan(1000);
    const found = await t.request<DirectoryMunicipality[]>('GET', '/v4/operator/municipalities', { token: team.accessToken, query: { keyword: site.municipalityName.toLowerCase(), state: 'ny', size: 100 } });
    expect(found.status, found.text).toBe(200);
    expect(found.body.map((m) => m.id)).toContain(site.municipalityId);
    expect(found.body.every((m) => m.stateCode === 'NY')).toBe(true);
  });

  it('saves an entry, versions each change (who, when, before → after), and writes nothing when nothing changed', async () => {
    const id = site.municipalityId;
    const tasks = await t.services.db.selectFrom('permit_tasks').select('id').orderBy('id').limit(2).execute();
    const first = {
      mainPhone: '(212) 555-0100',
      officeAddress: '280 Broadway, New York, NY 10007',
      portalUrl: 'https://a810-dobnow.nyc.gov',
      cutoffHour: 14,
      submissionMethods: ['email', 'online'],
      turnaround: { [String(tasks[0]!.id)]: 10 },
      feeNotes: 'Filing fee is 0.5% of the job value.',
      filingNotes: 'Upload plans as one PDF.',
    };
    const saved = await put(id, first);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.entry).toMatchObject({ ...first, mainPhone: '+12125550100', submissionMethods: ['online', 'email'], updatedByName: 'Olga Operator' });
    expect(saved.body.municipality).toMatchObject({ mainPhone: '+12125550100', cutoffHour: 14 });
    expect(saved.body.versions).toHaveLength(1);
    expect(saved.body.versions[0]).toMatchObject({ actorName: 'Olga Operator', actorEmail: team.email, before: { mainPhone: null, cutoffHour: null }, after: { mainPhone: '+12125550100', cutoffHour: 14 } });

    // Same values (methods reordered): no version.
    expect((await put(id, { ...first, submissionMethods: ['online', 'email'] })).body.versions).toHaveLength(1);

    const second = await put(id, { ...first, mainPhone: '(212) 555-0199', turnaround: { [String(tasks[0]!.id)]: 10, [String(tasks[1]!.id)]: 30 } });
    expect(second.status, second.text).toBe(200);
    const [latest] = second.body.versions;
    expect(Object.keys(latest!.after).sort()).toEqual(['mainPhone', 'turnaround']);
    expect(latest!.before.mainPhone).toBe('+12125550100');
    expect(latest!.after.mainPhone).toBe('+12125550199');
    const rows = await versions(id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ actor_user_id: team.sub, actor_role: 'permit_team', action: 'directory_updated' });
    expect(rows[1]!.request_id).toBeTruthy();

    // Clearing a field is a change too.
    const cleared = await put(id, { ...first, mainPhone: '(212) 555-0199', turnaround: second.body.entry.turnaround, feeNotes: '' });
    expect(cleared.body.entry.feeNotes).toBeNull();
    expect(cleared.body.versions[0]!.after).toEqual({ feeNotes: null });
  });

  it("shows the directory's main phone and cut-off hour in the public lookups the widget reads", async () => {
    const other = await t.services.db.selectFrom('municipalities').select(['id', 'slug', 'name', 'state_code']).where('id', '<>', site.municipalityId).orderBy('id').executeTakeFirstOrThrow();
    const bySlug = () => t.request<Municipality>('GET', '/search/municipality-slug', { query: { slug: other.slug } });
    const before = await bySlug();
    expect(before.status, before.text).toBe(200);
    expect(before.body.phoneNumbers.find((p) => p.label === 'main')).toBeUndefined();
    expect((await put(other.id, { mainPhone: '(415) 555-0123', cutoffHour: 11 })).status).toBe(200);
    const after = await bySlug();
    expect(after.body.phoneNumbers).toContainEqual({ label: 'main', phoneNumber: '+14155550123' });
    expect(after.body.permitCutoffHour).toBe(11);
    const listed = await t.request<Municipality[]>('GET', '/v4/lookup/municipalities', { query: { keyword: other.name, state: other.state_code } });
    expect(listed.body.find((m) => m.id === other.id)?.phoneNumbers).toContainEqual({ label: 'main', phoneNumber: '+14155550123' });
    // Cleared: the reference data shows again.
    await put(other.id, { mainPhone: null, cutoffHour: null });
    expect((await bySlug()).body.phoneNumbers.find((p) => p.label === 'main')).toBeUndefined();
  });
});
