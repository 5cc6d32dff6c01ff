// Issue 10 item 6: a retried create must not create twice. Every creating call takes an Idempotency-Key;
// a repeat of the key by the same caller for the same method and path within 24 hours gets the first
// answer (status and body) back and creates nothing.
import { endpoints, formChoices, IDEMPOTENCY_HEADER, type EndpointDef } from '@permitdesk/core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryData, FORM_52_ANSWERS, jobSite, type JobSite } from '../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseTargets())('idempotent creates on %s', (target) => {
  let t: TestContext;
  let user: TestUser;
  let site: JobSite;
  let entry: Awaited<ReturnType<typeof entryData>>;

  beforeAll(async () => {
    t = await createTestContext({ target });
    user = await t.createUser({ name: 'Rita Retry' });
    site = await jobSite(t);
    entry = await entryData(t, user, site);
  });
  afterAll(() => t?.close());

  const submit = (key: string | null, answers: Record<string, unknown> = FORM_52_ANSWERS, who = user) =>
    t.request('POST', '/v4/forms/52/entries', {
      token: who.accessToken,
      body: { formId: 52, ...formChoices(entry), answers },
      headers: key === null ? {} : { [IDEMPOTENCY_HEADER]: key },
    });
  const permitsOf = async (who: TestUser) =>
    Number((await t.services.db.selectFrom('permits').select((eb) => eb.fn.countAll<number>().as('n')).where('created_by', '=', who.sub).executeTakeFirstOrThrow()).n);

  it('an answer lost after the commit, then retried with the same key → the same answer and one permit', async () => {
    const before = await permitsOf(user);
    const key = randomUUID();
    const first = await submit(key); // its answer "never arrives": the client retries
    expect(first.status, first.text).toBe(200);
    const retry = await submit(key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await permitsOf(user)).toBe(before + 1);
    // Without a key (or with a new one) a second submission is a second permit, as before.
    expect((await submit(randomUUID())).body.permitId).not.toBe(first.body.permitId);
    expect(await permitsOf(user)).toBe(before + 2);
  });

  it('refuses the same key with another body (422), and keys are per caller and per path', async () => {
    const key = randomUUID();
    expect((await submit(key)).status).toBe(200);
    const other = await submit(key, { ...FORM_52_ANSWERS, DescriptionOfWork: 'Something else entirely.' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was already used for a different request.' });
    // Another user's key of the same value is theirs: it creates their own permit.
    const someone = await t.createUser({ name: 'Sam Someone' });
    const theirs = await t.request('POST', '/v4/forms/52/entries', {
      token: someone.accessToken,
      body: { formId: 52, ...formChoices(await entryData(t, someone, site)), answers: FORM_52_ANSWERS },
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    expect(theirs.status, theirs.text).toBe(200);
    expect(await permitsOf(someone)).toBe(1);
    // The same key on another create path is another request.
    const company = await t.request('POST', '/v4/companies', { token: user.accessToken, body: { name: `Retry Co ${key.slice(0, 8)}` }, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(company.status, company.text).toBe(200);
  });

  it('concurrent duplicates create one permit: the others replay it or are told it is still being processed', async () => {
    const before = await permitsOf(user);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(key)));
    for (const res of answers) {
      expect([200, 409], res.text).toContain(res.status);
      if (res.status === 409) expect(res.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', message: 'A request with this Idempotency-Key is still being processed.' });
    }
    const ok = answers.filter((res) => res.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((res) => res.body.permitId)).size).toBe(1);
    expect(await permitsOf(user)).toBe(before + 1);
  });

  it('replays a refusal as it was, and forgets a key after 24 hours', async () => {
    const key = randomUUID();
    const bad = await submit(key, { ...FORM_52_ANSWERS, ContactEmail: 'nope' });
    expect(bad.status).toBe(400);
    expect((await submit(key, { ...FORM_52_ANSWERS, ContactEmail: 'nope' })).body).toEqual(bad.body);

    const before = await permitsOf(user);
    const old = randomUUID();
    expect((await submit(old)).status).toBe(200);
    t.advanceTime(DAY_MS + 60_000);
    user = await t.signIn(user.email, user.password); // the access token expired meanwhile
    const later = await submit(old);
    expect(later.status, later.text).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await permitsOf(user)).toBe(before + 2);
  });

  it('says the work was done when a replica died between its commit and storing the answer', async () => {
    const key = randomUUID();
    expect((await submit(key)).status).toBe(200);
    const before = await permitsOf(user);
    // What a kill -9 after the commit leaves: the key row without its answer.
    await t.services.db.updateTable('idempotency_keys').set({ status: null, body: null, content_type: null }).where('key', '=', key).execute();
    const soon = await submit(key);
    expect(soon.status).toBe(409);
    expect(soon.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    t.advanceTime(6 * 60_000);
    const later = await submit(key);
    expect(later.status).toBe(409);
    expect(later.body).toMatchObject({ code: 'IDEMPOTENCY_ANSWER_LOST', message: expect.stringContaining('was carried out') });
    expect(await permitsOf(user)).toBe(before);
  });

  it('refuses a malformed key with 400', async () => {
    for (const key of ['', 'x'.repeat(256), 'bad key']) {
      const res = await submit(key);
      expect(res.status, JSON.stringify(key)).toBe(400);
    }
  });

  it('marks every create of the catalogue idempotent, and /openapi.json documents the header', async () => {
    // The creating calls of the issue: forms, projects, uploads, invitations, companies.
    const creates: EndpointDef[] = [
      endpoints.forms.submit,
      endpoints.projects.create,
      endpoints.permits.uploadDocument,
      endpoints.companies.uploadDocument,
      endpoints.companies.create,
      endpoints.companies.licenses.create,
      endpoints.invitations.inviteUser,
      endpoints.invitations.vendorOnboarding,
    ];
    for (const def of creates) expect(def.idempotent, `${def.method} ${def.path}`).toBe(true);
    const spec = (await t.request('GET', '/openapi.json')).body;
    const params = spec.paths['/v4/forms/{formId}/entries'].post.parameters as { name: string; in: string; required: boolean }[];
    expect(params).toContainEqual(expect.objectContaining({ name: IDEMPOTENCY_HEADER, in: 'header', required: false }));
  });
});
