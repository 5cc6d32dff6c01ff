// The homeowner's status page (issue 16), played by an attacker first: guessed, tampered and malformed
// tokens, a revoked link, another permit's link and another company's member, confirming someone else's
// subscription, a forged unsubscribe link, prices hidden unless allowed, the per-link subscription limit.
// Then what works: the page in plain words (core's stage names and messages), the steps with their times,
// inspections, what happens next from the municipality's turnaround; the double opt-in; a stage change
// mailing confirmed subscribers inside its transaction with one-click unsubscribe headers; revocation.
import { STATUS_LINK_MESSAGES, STAGE, statusMessage, stageName } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOf, jobSite, operator, requestPermit, type JobSite } from '../../test/permit-fixtures.js';
import { answerKind } from '../../http/security-headers.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../../test/harness.js';

const UNAVAILABLE = { message: STATUS_LINK_MESSAGES.unavailable, code: 'STATUS_LINK_UNAVAILABLE' };
const DAY = 86_400_000;

it("serves the /status/{token} page with the public link policy: no referrer, noindex, the dashboard's CSP", () => {
  expect(answerKind(`/status/${'G'.repeat(43)}`, 'text/html; charset=utf-8')).toBe('publicLink');
  expect(answerKind('/status/unsubscribe/x', 'text/html')).toBe('publicLink');
  expect(answerKind('/statusx', 'text/html')).toBe('dashboard');
});

describe.each(databaseTargets())('the homeowner status page on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let pm: TestUser;
  let observer: TestUser;
  let stranger: TestUser;
  let team: TestUser;
  let A: number;
  let site: JobSite;
  let permitId: number;
  let otherPermitId: number;

  let clientNo = 0;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${(clientNo = (clientNo % 250) + 1)}` });
  const call = (user: TestUser | null, method: string, path: string, body?: unknown) => t.request(method, path, { token: user?.accessToken ?? null, body, headers: from() });
  const ok = async (promise: ReturnType<typeof call>) => {
    const res = await promise;
    expect(res.status, res.text).toBeLessThan(300);
    return res.body;
  };
  const create = (user: TestUser, id: number, body: Record<string, unknown> = {}) => call(user, 'POST', `/v4/permits/${id}/status-links`, body);
  const createOk = async (body: Record<string, unknown> = {}, id = permitId) => (await ok(create(owner, id, body))) as { link: { id: number }; token: string; url: string };
  const open = (token: string) => call(null, 'GET', `/v4/public/permit-status/${encodeURIComponent(token)}`);
  const subscribe = (token: string, email: string) => call(null, 'POST', `/v4/public/permit-status/${encodeURIComponent(token)}/subscriptions`, { email });
  const confirm = (token: string, confirmToken: string) => call(null, 'POST', `/v4/public/permit-status/${encodeURIComponent(token)}/subscriptions/confirm`, { confirmToken });
  const unsubscribe = (token: string) => call(null, 'POST', `/v4/public/permit-status/unsubscribe/${encodeURIComponent(token)}`);
  /** The confirm token of the newest confirmation mail to an address. */
  const confirmTokenOf = async (email: string) => {
    const mail = (await t.mailbox(email)).find((m) => m.template === 'status_subscription_confirm');
    expect(mail, `no confirmation mail to ${email}`).toBeTruthy();
    return new URL(mail!.links.find((l) => l.includes('confirm='))!).searchParams.get('confirm')!;
  };
  const updates = async (email: string) => (await t.mailbox(email)).filter((m) => m.template === 'status_update');
  const move = async (id: number, stage: number) => {
    const current = await call(team, 'GET', `/v4/operator/permits/${id}`);
    return ok(call(team, 'PUT', `/v4/operator/permits/${id}/stage`, { stage, version: current.body.version ?? 1 }));
  };
  const subscribed = async (token: string, email: string) => {
    expect((await subscribe(token, email)).status).toBe(200);
    await ok(confirm(token, await confirmTokenOf(email)));
  };

  beforeAll(async () => {
    t = await createTestContext({ target, env: { TRUST_PROXY: 'on' } });
    [owner, pm, observer, stranger] = [await t.createUser({ name: 'Lena Lakeside' }), await t.createUser({ name: 'Pia Pm' }), await t.createUser({ name: 'Otto Observer' }), await t.createUser({ name: 'Bert Other' })];
    team = await operator(t);
    A = await companyOf(t, owner, 'Lakeside Plumbing');
    await companyOf(t, stranger, 'Other Co');
    await t.services.companies.addMember(A, pm.sub, 'pm');
    await t.services.companies.addMember(A, observer.sub, 'user');
    site = await jobSite(t);
    permitId = (await requestPermit(t, owner, site, { companyId: A, answers: { CustomerName: 'Hannah Secretname' } })).permitId;
    otherPermitId = (await requestPermit(t, owner, site, { companyId: A })).permitId;
    await t.services.db.insertInto('permit_fees').values({ permit_id: permitId, position: 1, label: 'Plan review fee', amount: 187.5 }).execute();
  }, 120_000);
  afterAll(() => t?.close());

  describe('attacks', () => {
    it('a guessed, tampered or malformed token gets the one same 404 as a revoked link', async () => {
      const { token, link } = await createOk();
      const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      for (const bad of [tampered, 'G'.repeat(43), 'abc', 'x'.repeat(150), `${token}x`]) {
        const res = await open(bad);
        expect(res.status, bad).toBe(404);
        expect(res.body).toEqual(UNAVAILABLE);
        expect((await subscribe(bad, 'guess@example.com')).body).toEqual(UNAVAILABLE);
      }
      await ok(call(owner, 'PUT', `/v4/permits/${permitId}/status-links/${link.id}/revoke`));
      for (const res of [await open(token), await subscribe(token, 'late@example.com'), await confirm(token, 'G'.repeat(43))]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(UNAVAILABLE);
      }
      const again = await call(owner, 'PUT', `/v4/permits/${permitId}/status-links/${link.id}/revoke`);
      expect(again.status).toBe(409);
    });

    it("a link opens its own permit only; another permit's link id is not found through this permit", async () => {
      const mine = await createOk();
      const other = await createOk({}, otherPermitId);
      const page = await ok(open(mine.token));
      expect(page.steps.length).toBeGreaterThan(0);
      // Revoking the other permit's link through this permit: no such link here.
      const crossed = await call(owner, 'PUT', `/v4/permits/${permitId}/status-links/${other.link.id}/revoke`);
      expect(crossed.status).toBe(404);
      expect((await open(other.token)).status).toBe(200);
      const listed = await ok(call(owner, 'GET', `/v4/permits/${permitId}/status-links`));
      expect(listed.map((l: { id: number }) => l.id)).not.toContain(other.link.id);
    });

    it("another company's member, the Observer and nobody cannot create, list or revoke", async () => {
      const { link } = await createOk();
      expect((await create(stranger, permitId)).status).toBe(404);
      expect((await call(stranger, 'GET', `/v4/permits/${permitId}/status-links`)).status).toBe(404);
      expect((await call(stranger, 'PUT', `/v4/permits/${permitId}/status-links/${link.id}/revoke`)).status).toBe(404);
      expect((await create(observer, permitId)).status).toBe(403);
      expect((await call(observer, 'PUT', `/v4/permits/${permitId}/status-links/${link.id}/revoke`)).status).toBe(403);
      expect((await create(null as unknown as TestUser, permitId)).status).toBe(401);
      expect((await ok(create(pm, permitId))).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await ok(create(team, permitId))).url).toMatch(/^http:\/\/permitdesk\.test\/status\/[A-Za-z0-9_-]{43}$/);
    });

    it("a confirmation token confirms only its own pending subscription on its own link", async () => {
      const first = await createOk();
      const second = await createOk();
      const victim = t.email('victim');
      expect((await subscribe(first.token, victim)).status).toBe(200);
      const victimToken = await confirmTokenOf(victim);
      // The attacker subscribed the victim, but the token went to the victim's inbox; a guess fails.
      for (const guess of ['G'.repeat(43), 'short', victimToken.slice(0, -1) + (victimToken.endsWith('A') ? 'B' : 'A')]) {
        const res = await confirm(first.token, guess);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('STATUS_CONFIRM_INVALID');
      }
      // The right token through another link of the same permit: refused.
      expect((await confirm(second.token, victimToken)).status).toBe(404);
      await ok(confirm(first.token, victimToken));
      // Used once: a replay is refused.
      expect((await confirm(first.token, victimToken)).status).toBe(404);
    });

    it('a confirmation link lapses after a week', async () => {
      const { token } = await createOk();
      const late = t.email('late');
      await ok(subscribe(token, late));
      const confirmToken = await confirmTokenOf(late);
      t.advanceTime(8 * DAY);
      try {
        expect((await confirm(token, confirmToken)).status).toBe(404);
      } finally {
        t.advanceTime(-8 * DAY);
      }
    });

    it('a forged or tampered unsubscribe token unsubscribes nobody', async () => {
      const { token } = await createOk();
      const reader = t.email('reader');
      await subscribed(token, reader);
      await move(permitId, STAGE.Processing);
      const mail = (await updates(reader))[0]!;
      const real = mail.links.find((l) => l.includes('/status/unsubscribe/'))!.split('/status/unsubscribe/')[1]!;
      for (const forged of ['G'.repeat(43), real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A'), 'x', token]) {
        const res = await unsubscribe(forged);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('STATUS_UNSUBSCRIBE_INVALID');
      }
      const listed = await ok(call(owner, 'GET', `/v4/permits/${permitId}/status-links`));
      expect(listed.flatMap((l: { subscribers: { email: string; state: string }[] }) => l.subscribers).find((s: { email: string }) => s.email === reader).state).toBe('confirmed');
    });

    it('prices stay hidden unless the link allows them; nothing of the customer or the company\'s other work shows', async () => {
      const hidden = await ok(open((await createOk()).token));
      expect(hidden.prices).toBeNull();
      const text = JSON.stringify(hidden);
      for (const secret of ['187.5', '2450', 'Hannah Secretname', 'PO-1001', 'Plan review fee', 'customerName', 'conversations']) expect(text).not.toContain(secret);
      const shown = await ok(open((await createOk({ showPrices: true })).token));
      expect(shown.prices).toEqual({ projectValue: 2450, fees: [{ label: 'Plan review fee', amount: 187.5 }] });
      expect(JSON.stringify(shown)).not.toContain('Hannah Secretname');
    });

    it('limits subscription requests per link, whatever the client', async () => {
      const { token } = await createOk();
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) answers.push((await subscribe(token, t.email(`flood${i}`))).status);
      expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(answers.slice(10)).toEqual([429, 429]);
      const limited = await subscribe(token, t.email('more'));
      expect(limited.body.code).toBe('STATUS_SUBSCRIBE_LIMITED');
      expect(limited.headers.get('retry-after')).toBeTruthy();
      // Another link of the same permit is counted on its own.
      expect((await subscribe((await createOk()).token, t.email('elsewhere'))).status).toBe(200);
    });
  });

  describe('what works', () => {
    it('shows the permit in plain words: stage, steps with times, inspections, what happens next from the turnaround', async () => {
      const permit = (await requestPermit(t, owner, site, { companyId: A })).permitId;
      await t.services.db
        .insertInto('municipality_directory')
        .values({ municipality_id: site.municipalityId, turnaround: JSON.stringify({ [String(site.taskId)]: 12 }), updated_at: t.services.clock() })
        .onConflict((oc) => oc.column('municipality_id').doUpdateSet({ turnaround: JSON.stringify({ [String(site.taskId)]: 12 }) }))
        .execute();
      const { token, url } = await createOk({ label: 'For Hannah' }, permit);
      expect(url).toBe(`http://permitdesk.test/status/${token}`);
      await move(permit, STAGE.Processing);
      await move(permit, STAGE.Submitted);
      const res = await open(token);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const page = res.body;
      expect(page).toMatchObject({ taskName: site.taskName, municipalityName: site.municipalityName, companyName: 'Lakeside Plumbing', stage: STAGE.Submitted, stageName: stageName(STAGE.Submitted), status: 'submitted', message: statusMessage('submitted') });
      expect(page.steps.map((s: { stage: number }) => s.stage)).toEqual([STAGE.Requested, STAGE.Processing, STAGE.Submitted]);
      expect(page.steps.every((s: { at: string }) => !Number.isNaN(Date.parse(s.at)))).toBe(true);
      expect(page.next.turnaroundDays).toBe(12);
      const submittedAt = Date.parse(page.steps[2].at);
      expect(Date.parse(page.next.expectedBy)).toBe(submittedAt + 12 * DAY);
      expect(page.next.text).toContain('12 days');

      await t.services.db.insertInto('permit_inspections').values({ permit_id: permit, inspection_name: 'Rough plumbing', status: 'scheduled', perform_order: 1, scheduled_at: '2026-12-10T15:00:00.000Z' }).execute();
      await t.services.db.insertInto('permit_inspections').values({ permit_id: permit, inspection_name: 'Final', status: 'open', perform_order: 2 }).execute();
      await move(permit, STAGE.Open);
      const open_ = await ok(open(token));
      expect(open_.inspections).toEqual([
        { name: 'Rough plumbing', status: 'scheduled', scheduledAt: '2026-12-10T15:00:00.000Z', completedAt: null },
        { name: 'Final', status: 'open', scheduledAt: null, completedAt: null },
      ]);
      expect(open_.next).toMatchObject({ text: 'Next: the Rough plumbing inspection.', expectedBy: '2026-12-10T15:00:00.000Z' });
      expect(open_.permitNumber).toBeTruthy();
    });

    it('mails confirmed subscribers when an inspection is scheduled and when it is resulted, with the one-click unsubscribe', async () => {
      const permit = (await requestPermit(t, owner, site, { companyId: A })).permitId;
      const { token } = await createOk({}, permit);
      const home = t.email('inspections');
      const pending = t.email('inspections-pending');
      await subscribed(token, home);
      await ok(subscribe(token, pending));
      const added = await ok(call(team, 'POST', `/v4/operator/permits/${permit}/inspections`, { inspectionName: 'Rough plumbing', status: 'scheduled', scheduledAt: '2031-06-02T00:00:00.000Z' }));
      let got = await updates(home);
      expect(got).toHaveLength(1);
      expect(got[0]!.subject).toMatch(/: Rough plumbing inspection scheduled$/);
      expect(got[0]!.text).toContain('The Rough plumbing inspection is booked for 2031-06-02.');
      expect(got[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      expect(got[0]!.links).toContain(`http://permitdesk.test/status/${token}`);
      await ok(call(team, 'PATCH', `/v4/operator/permits/${permit}/inspections/${added.id}`, { status: 'failed', resultNotes: 'Vent missing (inspector only)' }));
      got = await updates(home);
      expect(got.map((m) => m.subject.split(': ').at(-1)).sort()).toEqual(['Rough plumbing inspection failed', 'Rough plumbing inspection scheduled']);
      // The inspector's notes are the team's: the homeowner reads the result only. A pending address gets nothing.
      expect(got.map((m) => m.text).join('\n')).not.toContain('Vent missing');
      expect(await updates(pending)).toHaveLength(0);
      // A change that tells nothing (a new name) mails nobody.
      await ok(call(team, 'PATCH', `/v4/operator/permits/${permit}/inspections/${added.id}`, { inspectionName: 'Rough-in plumbing' }));
      expect(await updates(home)).toHaveLength(2);
    });

    it('double opt-in, a mail per stage change written in its transaction, one-click unsubscribe, revocation stops the mail', async () => {
      const permit = (await requestPermit(t, owner, site, { companyId: A })).permitId;
      const { token, link } = await createOk({}, permit);
      const home = t.email('home');
      const pending = t.email('pending');
      expect(await ok(subscribe(token, home))).toEqual({ message: STATUS_LINK_MESSAGES.subscribeSent });
      await ok(subscribe(token, pending));
      // Asking again answers the same; a confirmed address gets no new confirmation mail.
      await ok(confirm(token, await confirmTokenOf(home)));
      const confirmations = (await t.mailbox(home)).length;
      expect(await ok(subscribe(token, home))).toEqual({ message: STATUS_LINK_MESSAGES.subscribeSent });
      expect((await t.mailbox(home)).length).toBe(confirmations);

      const listed = await ok(call(owner, 'GET', `/v4/permits/${permit}/status-links`));
      expect(listed[0].subscribers.map((s: { email: string; state: string }) => [s.email, s.state])).toEqual([[home, 'confirmed'], [pending, 'pending']]);

      // A stage change that rolls back mails nobody.
      const current = await call(team, 'GET', `/v4/operator/permits/${permit}`);
      expect((await call(team, 'PUT', `/v4/operator/permits/${permit}/stage`, { stage: STAGE.Processing, version: (current.body.version ?? 1) + 5 })).status).toBe(409);
      expect(await updates(home)).toHaveLength(0);

      await move(permit, STAGE.Processing);
      const [mail] = await updates(home);
      expect(await updates(pending)).toHaveLength(0);
      expect(mail!.subject).toContain(stageName(STAGE.Processing));
      expect(mail!.text).toContain(statusMessage('processing'));
      expect(mail!.links).toContain(`http://permitdesk.test/status/${token}`);
      const unsubscribeUrl = mail!.links.find((l) => l.includes('/status/unsubscribe/'))!;
      const unsubscribeToken = unsubscribeUrl.split('/status/unsubscribe/')[1]!;
      expect(mail!.headers).toEqual({
        'List-Unsubscribe': `<http://permitdesk.test/v4/public/permit-status/unsubscribe/${unsubscribeToken}>, <${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });

      // RFC 8058: the mail client POSTs the form field; the answer is the same on a repeat.
      const oneClick = await t.request('POST', `/v4/public/permit-status/unsubscribe/${unsubscribeToken}`, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded', ...from() } });
      expect(oneClick.status, oneClick.text).toBe(200);
      expect(oneClick.body).toEqual({ message: STATUS_LINK_MESSAGES.unsubscribed });
      expect((await unsubscribe(unsubscribeToken)).status).toBe(200);
      await move(permit, STAGE.Submitted);
      expect(await updates(home)).toHaveLength(1);

      // Subscribed again, then the link is revoked: no more mail, the page and confirmations are gone.
      await subscribed(token, home);
      await move(permit, STAGE.Approved);
      expect(await updates(home)).toHaveLength(2);
      const revoked = await ok(call(owner, 'PUT', `/v4/permits/${permit}/status-links/${link.id}/revoke`));
      expect(revoked.status).toBe('revoked');
      await move(permit, STAGE.Open);
      expect(await updates(home)).toHaveLength(2);
      expect((await open(token)).status).toBe(404);
    });
  });
});
