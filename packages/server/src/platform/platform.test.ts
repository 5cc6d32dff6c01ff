// The construction platform against the fake platform on this machine (issue 14): the OAuth 2.0 flow
// (state mismatch, another user's state, PKCE mismatch, expired code), tokens sealed at rest, the
// connection's state in GET /v4/credentials, import, inbound webhooks (signature, window, replay, retry,
// 404, 410), refresh failure → broken + mail, the password-less sign-in link (reuse, expiry, another
// connection, e-mail swap, unknown e-mail, non-member), the push back with retries (permits, inspections,
// compliance documents), and the company's events delivered to the platform, signed.
import { STAGE } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, jobSite, requestPermit } from '../test/permit-fixtures.js';
import { signWebhook, WEBHOOK_HEADERS } from '../webhooks/signature.js';
import { startFakePlatform, type FakePlatform } from './fake/fake-platform.js';
import { processInboundEvents } from './inbound.js';
import { deliverDueDocuments, sweepDocuments } from './push-back.js';
import { refreshExpiringConnections } from './connections.js';
import { registerPlatformJobs } from './worker.js';

describe.each(databaseTargets())('construction platform on %s', (target) => {
  let t: TestContext;
  let fake: FakePlatform;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let companyId: number;
  let connectionId: string;

  const clock = () => (t ? t.services.clock() : new Date());

  beforeAll(async () => {
    fake = await startFakePlatform({ clock });
    t = await createTestContext({ target, env: { ...fake.env(), PUBLIC_URL: 'http://permitdesk.test' } });
    owner = await t.createUser({ name: 'Olive Owner' });
    member = await t.createUser({ name: 'Mel Member' });
    outsider = await t.createUser({ name: 'Otto Outsider' });
    companyId = await companyOf(t, owner, 'Platform Builders');
    await t.services.db.insertInto('company_users').values({ company_id: companyId, user_id: member.sub, role: 'user', created_at: new Date() }).execute();
    registerPlatformJobs(t.services);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** The owner's browser at the fake platform: opens the authorize URL, clicks 'Allow', returns the redirect's query. */
  async function allow(authorizeUrl: string): Promise<URLSearchParams> {
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Allow');
    const fields = new URLSearchParams();
    for (const match of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)) fields.set(match[1]!, match[2]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))));
    fields.set('decision', 'allow');
    const answer = await fetch(new URL('/oauth/authorize', fake.url), { method: 'POST', body: fields, redirect: 'manual' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://permitdesk.test/compliance-center/integrations');
    return location.searchParams;
  }

  const start = async (user = owner) => {
    const res = await t.request('POST', '/v4/construction-platform/credentials', { token: user.accessToken, body: { companyId } });
    expect(res.status, res.text).toBe(200);
    return res.body.authorizeUrl as string;
  };
  const finish = (query: URLSearchParams, user = owner) =>
    t.request('GET', '/v4/construction-platform/auth', { token: user.accessToken, query: { code: query.get('code') ?? '', state: query.get('state') ?? '' } });

  it('is for owners and administrators: a member may not start the connection', async () => {
    const res = await t.request('POST', '/v4/construction-platform/credentials', { token: member.accessToken, body: { companyId } });
    expect(res.status).toBe(403);
    expect((await t.request('POST', '/v4/construction-platform/credentials', { token: outsider.accessToken, body: { companyId } })).status).toBe(403);
  });

  it('refuses a state it did not issue, and another user\'s state', async () => {
    const query = await allow(await start());
    const forged = new URLSearchParams({ code: query.get('code')!, state: 'x'.repeat(43) });
    const res = await finish(forged);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PLATFORM_STATE_MISMATCH');
    // The right state in the hands of another signed-in user (a forwarded redirect): refused, and used up.
    const stolen = await finish(query, outsider);
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('PLATFORM_STATE_MISMATCH');
    expect((await finish(query)).body.code).toBe('PLATFORM_STATE_MISMATCH');
  });

  it('refuses a code whose PKCE verifier does not match (the platform says invalid_grant)', async () => {
    const query = await allow(await start());
    // Another authorization's verifier in place of this one's: the platform's S256 check fails.
    const other = new URL(await start());
    expect(other.searchParams.get('code_challenge')).not.toBe(new URL(await start()).searchParams.get('code_challenge'));
    const { createHash } = await import('node:crypto');
    const stateHash = createHash('sha256').update(query.get('state')!).digest('hex');
    const box = t.services.secretBox('platform-tokens');
    await t.services.db.updateTable('platform_oauth_states').set({ code_verifier_sealed: box.seal(`oauth-state:${stateHash}`, 'a'.repeat(64)) }).where('state_hash', '=', stateHash).execute();
    const res = await finish(query);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('PLATFORM_CODE_REFUSED');
    expect(fake.state.tokenRequests.at(-1)).toMatchObject({ grantType: 'authorization_code', ok: false, error: 'invalid_grant' });
  });

  it('refuses an expired code (older than the platform\'s 60 seconds)', async () => {
    const query = await allow(await start());
    t.advanceTime(2 * 60_000);
    const res = await finish(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PLATFORM_CODE_REFUSED');
  });

  it('connects with code + PKCE + state; the tokens are sealed in the database; the state shows, never a token', async () => {
    const query = await allow(await start());
    const res = await finish(query);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ companyId, status: 'connected', accountName: 'Acme Builders (fake platform)', lastError: null });
    connectionId = res.body.id;
    expect(res.body.webhookUrl).toBe(`http://permitdesk.test/webhooks/platform/${connectionId}`);
    expect(fake.state.hooks).toEqual([{ url: `http://permitdesk.test/webhooks/platform/${connectionId}` }]);

    const row = await t.services.db.selectFrom('platform_connections').selectAll().where('id', '=', connectionId).executeTakeFirstOrThrow();
    const dump = JSON.stringify(row);
    expect(fake.issuedTokens.length).toBeGreaterThan(0);
    for (const token of fake.issuedTokens) expect(dump).not.toContain(token);
    expect(row.access_token_sealed).toMatch(/^v1\./);
    // Bound to its row: the sealed value does not open as another connection's.
    expect(() => t.services.secretBox('platform-tokens').open('00000000-0000-0000-0000-000000000000', row.access_token_sealed!)).toThrow();

    const credentials = await t.request('GET', '/v4/credentials', { token: owner.accessToken, query: { companyId } });
    expect(credentials.status).toBe(200);
    expect(credentials.body).toContainEqual({ kind: 'platform', id: companyId, name: 'Fake platform: Acme Builders (fake platform)', expiresOn: null, state: 'connected' });
    const status = await t.request('GET', '/v4/construction-platform/credentials', { token: member.accessToken, query: { companyId } });
    expect(status.status).toBe(200);
    expect(status.body.connection.status).toBe('connected');
    for (const token of fake.issuedTokens) expect(credentials.text + status.text).not.toContain(token);
    expect((await t.request('GET', '/v4/construction-platform/credentials', { token: outsider.accessToken, query: { companyId } })).status).toBe(403);
  });

  it('imports a platform project: name, resolved address and customer prefill a linked PermitDesk project', async () => {
    const list = await t.request('GET', '/v4/construction-platform/projects', { token: owner.accessToken, query: { companyId } });
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((p: { id: string }) => p.id)).toContain('prj-1001');
    const one = await t.request('GET', '/v4/construction-platform/projects/prj-1001', { token: owner.accessToken, query: { companyId } });
    expect(one.body).toMatchObject({ id: 'prj-1001', customer: { name: 'Dana Whitfield' }, linkedProjectId: null });

    const res = await t.request('POST', '/v4/construction-platform/imports', { token: owner.accessToken, body: { companyId, platformProjectId: 'prj-1001' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ created: true, customerName: 'Dana Whitfield', address: { city: 'New York', state: 'NY', postalCode: '10118' } });
    expect(res.body.municipalityId).not.toBeNull();
    const project = await t.request('GET', `/v3/projects/${res.body.projectId}`, { token: owner.accessToken });
    expect(project.status).toBe(200);
    expect(project.body.name).toBe('Harbor View Kitchen Remodel');
    const again = await t.request('POST', '/v4/construction-platform/imports', { token: owner.accessToken, body: { companyId, platformProjectId: 'prj-1001' } });
    expect(again.body).toMatchObject({ created: false, projectId: res.body.projectId });

    const embed = await t.request('GET', '/v4/construction-platform/embed', { token: member.accessToken, query: { projectId: 'prj-1001' } });
    expect(embed.status, embed.text).toBe(200);
    expect(embed.body).toMatchObject({ projectId: res.body.projectId, customer: { name: 'Dana Whitfield', email: 'dana.whitfield@example.com' } });
    expect((await t.request('GET', '/v4/construction-platform/embed', { token: outsider.accessToken, query: { projectId: 'prj-1001' } })).status).toBe(404);
    expect((await t.request('POST', '/v4/construction-platform/imports', { token: outsider.accessToken, body: { companyId, platformProjectId: 'prj-1002' } })).status).toBe(403);
    expect((await t.request('GET', '/v4/construction-platform/projects/nope', { token: owner.accessToken, query: { companyId } })).status).toBe(404);
  });

  const post = (id: string, body: string, headers: Record<string, string>) =>
    t.app.request(`/webhooks/platform/${id}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  const signed = (secretBody: string, at = Math.floor(clock().getTime() / 1000), secret = currentSecret()) => ({
    [WEBHOOK_HEADERS.timestamp]: String(at),
    [WEBHOOK_HEADERS.signature]: signWebhook(secret, at, secretBody),
  });
  let secret = '';
  const currentSecret = () => secret;

  it('takes the platform\'s signed events: a rename updates the link and the project, once', async () => {
    const row = await t.services.db.selectFrom('platform_connections').selectAll().where('id', '=', connectionId).executeTakeFirstOrThrow();
    secret = t.services.secretBox('platform-tokens').open(connectionId, row.webhook_secret_sealed);
    // The fake posts to http://permitdesk.test (not reachable): hand its event over through the app.
    const body = JSON.stringify({ id: 'evt-1', type: 'project.updated', data: { project: { ...fake.projects.get('prj-1001'), name: 'Harbor View Kitchen + Bath' } } });
    const headers = signed(body);
    const res = await post(connectionId, body, headers);
    expect(res.status).toBe(202);
    // Processed by the job enqueued with the event (the durable queue, drained here on the test's clock).
    const jobs = await t.services.db.selectFrom('jobs').select(['kind', 'status']).where('kind', '=', 'platform.inbound').execute();
    expect(jobs).toEqual([{ kind: 'platform.inbound', status: 'pending' }]);
    await t.services.jobs.drain();
    expect(await t.services.db.selectFrom('jobs').select('status').where('kind', '=', 'platform.inbound').execute()).toEqual([{ status: 'done' }]);
    const link = await t.services.db.selectFrom('platform_project_links').selectAll().where('platform_project_id', '=', 'prj-1001').executeTakeFirstOrThrow();
    expect(link.platform_project_name).toBe('Harbor View Kitchen + Bath');
    const project = await t.services.db.selectFrom('projects').select('name').where('id', '=', link.project_id).executeTakeFirstOrThrow();
    expect(project.name).toBe('Harbor View Kitchen + Bath');

    // The same signed request again: a replay, 401, not processed.
    const replay = await post(connectionId, body, headers);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { code: string }).code).toBe('WEBHOOK_REPLAYED');
    // The platform's own retry (new timestamp, new signature): acknowledged, not processed twice.
    t.advanceTime(1000);
    const retry = await post(connectionId, body, signed(body));
    expect(retry.status).toBe(202);
    expect(await retry.json()).toEqual({ received: true, duplicate: true });
    expect(await processInboundEvents(t.services)).toBe(0);
    const events = await t.services.db.selectFrom('platform_inbound_events').select('event_id').where('connection_id', '=', connectionId).execute();
    expect(events).toHaveLength(1);
  });

  it('refuses a bad signature, a stale timestamp and an unknown connection, and processes none of them', async () => {
    const body = JSON.stringify({ id: 'evt-bad', type: 'project.updated', data: { project: { id: 'prj-1001', name: 'Hacked' } } });
    expect((await post(connectionId, body, signed(body, undefined, 'not-the-secret'))).status).toBe(401);
    expect((await post(connectionId, body, { ...signed(body), [WEBHOOK_HEADERS.signature]: signWebhook(secret, 1, body) })).status).toBe(401);
    const tampered = signed(body);
    expect((await post(connectionId, body.replace('Hacked', 'Hacked!'), tampered)).status).toBe(401);
    const stale = Math.floor(clock().getTime() / 1000) - 301;
    const old = await post(connectionId, body, signed(body, stale));
    expect(old.status).toBe(401);
    expect(((await old.json()) as { code: string }).code).toBe('WEBHOOK_SIGNATURE_STALE');
    expect((await post(connectionId, body, {})).status).toBe(401);
    expect((await post('00000000-0000-4000-8000-000000000000', body, signed(body))).status).toBe(404);
    expect((await post('not-a-uuid', body, signed(body))).status).toBe(404);
    const stored = await t.services.db.selectFrom('platform_inbound_events').select('event_id').where('event_id', '=', 'evt-bad').execute();
    expect(stored).toEqual([]);
  });

  describe('sign-in without password', () => {
    const signinOf = (query: Record<string, string>) => t.request('GET', '/v4/construction-platform/sign-in', { query });
    it('signs a member in once, with the project; the same link again is refused', async () => {
      const token = fake.signinToken({ email: member.email, projectId: 'prj-1001', connectionId });
      const res = await signinOf({ token });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ status: 'signed-in', platformProjectId: 'prj-1001', profile: { email: member.email } });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const again = await signinOf({ token });
      expect(again.status).toBe(401);
      expect(again.body.code).toBe('PLATFORM_SIGNIN_USED');
    });
    it('refuses a link older than 60 seconds', async () => {
      const token = fake.signinToken({ email: member.email, connectionId, issuedAt: Math.floor(clock().getTime() / 1000) - 61 });
      const res = await signinOf({ token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('PLATFORM_SIGNIN_EXPIRED');
    });
    it('refuses an e-mail swapped in the claims, and a link pointed at another connection', async () => {
      const token = fake.signinToken({ email: member.email, connectionId });
      const [payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const swapped = Buffer.from(JSON.stringify({ ...claims, email: owner.email })).toString('base64url');
      expect((await signinOf({ token: `${swapped}.${signature}` })).body.code).toBe('PLATFORM_SIGNIN_INVALID');
      const elsewhere = Buffer.from(JSON.stringify({ ...claims, connectionId: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
      expect((await signinOf({ token: `${elsewhere}.${signature}` })).status).toBe(401);
      // Signed with another connection's secret (another company's platform): refused here.
      const foreign = Buffer.from(JSON.stringify({ ...claims, nonce: 'n'.repeat(20) })).toString('base64url');
      const foreignSig = signWebhook('another-connections-secret', claims.issuedAt, foreign).slice(3);
      expect((await signinOf({ token: `${foreign}.${foreignSig}` })).status).toBe(401);
      expect((await signinOf({ token: 'garbage' })).status).toBe(400);
    });
    it('sends an unknown e-mail to sign-up (address locked) and refuses an account outside the company', async () => {
      const unknown = await signinOf({ token: fake.signinToken({ email: 'New.Person@Example.com', connectionId }) });
      expect(unknown.body).toEqual({ status: 'sign-up', email: 'new.person@example.com', platformProjectId: null });
      const foreign = await signinOf({ token: fake.signinToken({ email: outsider.email, connectionId }) });
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe('PLATFORM_SIGNIN_NOT_MEMBER');
    });
  });

  it('pushes an issued permit back as a platform document, retrying while the platform fails, never twice', async () => {
    const link = await t.services.db.selectFrom('platform_project_links').selectAll().where('platform_project_id', '=', 'prj-1001').executeTakeFirstOrThrow();
    const site = await jobSite(t);
    const created = await requestPermit(t, owner, site, { companyId });
    // The permit goes into the imported project and is issued.
    await t.services.db.updateTable('permits').set({ project_id: link.project_id, stage: STAGE.Open, issued_at: clock(), permit_number: 'NY-2026-0042' }).where('id', '=', created.permitId).execute();
    fake.failDocuments = 1;
    expect(await sweepDocuments(t.services)).toBe(1);
    expect(await sweepDocuments(t.services)).toBe(0);
    expect(await deliverDueDocuments(t.services)).toBe(1);
    let docs = await t.request('GET', '/v4/construction-platform/documents', { token: owner.accessToken, query: { companyId } });
    expect(docs.body[0]).toMatchObject({ kind: 'permit', status: 'failed', attempts: 1 });
    expect(docs.body[0].lastError).toContain('503');
    expect(fake.state.documents).toHaveLength(0);
    // Not due before its backoff; due after it.
    expect(await deliverDueDocuments(t.services)).toBe(0);
    t.advanceTime(31_000);
    expect(await deliverDueDocuments(t.services)).toBe(1);
    docs = await t.request('GET', '/v4/construction-platform/documents', { token: owner.accessToken, query: { companyId } });
    expect(docs.body[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(fake.state.documents).toHaveLength(1);
    expect(fake.state.documents[0]).toMatchObject({ projectId: 'prj-1001', kind: 'permit', title: expect.stringContaining('NY-2026-0042') });
    expect((await t.request('POST', `/v4/construction-platform/documents/${docs.body[0].id}/retry`, { token: outsider.accessToken })).status).toBe(404);
  });

  it('pushes the company\'s current compliance documents to the linked project; a renewal is a new document, an expired item none', async () => {
    const db = t.services.db;
    const today = clock().toISOString().slice(0, 10);
    const later = (days: number) => new Date(clock().getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const license = await db.insertInto('company_licenses').values({ company_id: companyId, license_type: 'state', name: 'General Contractor', number: 'GC-77', state_code: 'NY', expires_on: later(200), created_at: clock(), updated_at: clock() }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('company_insurances').values({ company_id: companyId, name: 'General Liability', number: 'GL-1', expires_on: '2020-01-01', created_at: clock(), updated_at: clock() }).execute();
    // Another company's license never reaches this company's platform project.
    const other = await companyOf(t, outsider, 'Other Builders');
    await db.insertInto('company_licenses').values({ company_id: other, license_type: 'state', name: 'Not Ours', expires_on: later(200), created_at: clock(), updated_at: clock() }).execute();

    expect(await sweepDocuments(t.services)).toBe(1);
    expect(await sweepDocuments(t.services)).toBe(0);
    await deliverDueDocuments(t.services);
    const pushed = fake.state.documents.filter((d) => d.kind === 'compliance');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ projectId: 'prj-1001', title: `License: General Contractor (GC-77) – valid through ${later(200)}` });
    expect(pushed[0]!.body).toMatchObject({ type: 'license', number: 'GC-77', state: 'NY', expiresOn: later(200) });
    expect(JSON.stringify(fake.state.documents)).not.toContain('Not Ours');
    // Renewed: the platform project gets the new one (the old one stays there as history).
    await db.updateTable('company_licenses').set({ expires_on: later(565) }).where('id', '=', license.id).execute();
    expect(await sweepDocuments(t.services)).toBe(1);
    await deliverDueDocuments(t.services);
    expect(fake.state.documents.filter((d) => d.kind === 'compliance').map((d) => d.title)).toEqual([
      `License: General Contractor (GC-77) – valid through ${later(200)}`,
      `License: General Contractor (GC-77) – valid through ${later(565)}`,
    ]);
    expect(today < later(565)).toBe(true);
  });

  it('tells the platform the company\'s events, signed with the connection\'s secret (a subscription that follows the connection)', async () => {
    const subscription = await t.services.db.selectFrom('webhook_subscriptions').selectAll().where('platform_connection_id', '=', connectionId).executeTakeFirstOrThrow();
    expect(subscription).toMatchObject({ company_id: companyId, url: `${fake.url}/hooks/permitdesk`, description: 'Fake platform (follows the connection)' });
    // The owner sees it among the company's webhooks (no secret).
    const listed = await t.request('GET', `/v4/companies/${companyId}/webhooks`, { token: owner.accessToken });
    expect(listed.body).toContainEqual(expect.objectContaining({ id: subscription.id, url: `${fake.url}/hooks/permitdesk` }));
    expect(listed.text).not.toContain('secret');
    const before = fake.state.webhooks.length;
    const created = await requestPermit(t, owner, await jobSite(t), { companyId });
    await t.services.jobs.drain();
    const arrived = fake.state.webhooks.slice(before);
    expect(arrived.map((w) => [w.event, w.signature])).toContainEqual(['permit.created', 'valid']);
    const mine = arrived.find((w) => w.event === 'permit.created' && (w.body as { data: { permitId: number } }).data.permitId === created.permitId);
    expect(mine).toMatchObject({ signature: 'valid', body: { type: 'permit.created', companyId, data: expect.objectContaining({ permitId: created.permitId }) } });
  });

  it('a refused refresh marks the connection broken and mails the owner; documents wait', async () => {
    fake.failRefresh = true;
    t.advanceTime(60 * 60_000);
    // An hour on: the users' access tokens expired too.
    owner = await t.signIn(owner.email, owner.password);
    member = await t.signIn(member.email, member.password);
    await refreshExpiringConnections(t.services);
    const status = await t.request('GET', '/v4/construction-platform/credentials', { token: owner.accessToken, query: { companyId } });
    expect(status.body.connection).toMatchObject({ status: 'broken' });
    expect(status.body.connection.lastError).toContain('invalid_grant');
    const mail = (await t.mailbox(owner.email)).find((m) => m.template === 'platform_connection_broken');
    expect(mail?.subject).toBe('Reconnect Fake platform for Platform Builders');
    const list = await t.request('GET', '/v4/construction-platform/projects', { token: owner.accessToken, query: { companyId } });
    expect(list.status).toBe(409);
    expect(list.body.code).toBe('PLATFORM_BROKEN');
    const credentials = await t.request('GET', '/v4/credentials', { token: owner.accessToken, query: { companyId } });
    expect(credentials.body).toContainEqual(expect.objectContaining({ kind: 'platform', state: 'broken' }));
    // Reconnecting keeps the connection (same id, links, secret).
    fake.failRefresh = false;
    const again = await finish(await allow(await start()));
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ id: connectionId, status: 'connected', lastError: null });
  });

  it('disconnects: tokens revoked at the platform and forgotten here; late events get 410', async () => {
    const revokedBefore = fake.state.revoked.length;
    const res = await t.request('DELETE', '/v4/construction-platform/credentials', { token: owner.accessToken, query: { companyId } });
    expect(res.status, res.text).toBe(200);
    expect(fake.state.revoked.length).toBe(revokedBefore + 2);
    const row = await t.services.db.selectFrom('platform_connections').selectAll().where('id', '=', connectionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'revoked', access_token_sealed: null, refresh_token_sealed: null });
    // The platform hears no more events.
    expect(await t.services.db.selectFrom('webhook_subscriptions').select('id').where('platform_connection_id', '=', connectionId).execute()).toEqual([]);
    const body = JSON.stringify({ id: 'evt-late', type: 'project.updated', data: {} });
    expect((await post(connectionId, body, signed(body))).status).toBe(410);
    const signin = await t.request('GET', '/v4/construction-platform/sign-in', { query: { token: fake.signinToken({ email: member.email, connectionId }) } });
    expect(signin.status).toBe(401);
    expect((await t.request('DELETE', '/v4/construction-platform/credentials', { token: owner.accessToken, query: { companyId } })).status).toBe(409);
  });
});
