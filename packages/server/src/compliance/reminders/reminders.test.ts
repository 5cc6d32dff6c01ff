// The expiry watchdog (issue 16), its settings and the calendar feed, on PGlite and PostgreSQL. The clock
// is driven: each run is given its day; nothing waits. Every run is made twice at once (two replicas or
// two job workers), and a run that crashes half way is run again: each step is mailed exactly once.
import ICAL from 'ical.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareWallet } from '../../invitations/relations.js';
import { companyOf, jobSite, operator, requestPermit } from '../../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../../test/harness.js';
import { createJobRunner, enqueueJob } from '../../jobs/index.js';
import { EXPIRY_WATCHDOG_JOB } from './watchdog-job.js';
import { runExpiryWatchdog, type WatchdogDeps } from './watchdog.js';

const DAY = 86_400_000;
const BASE = new Date(Date.UTC(2031, 2, 3, 9, 0)); // a Monday
const dayOf = (offset: number) => new Date(BASE.getTime() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number) => new Date(BASE.getTime() + offset * DAY);

describe.each(databaseTargets())('expiry watchdog on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let admin: TestUser;
  let pm: TestUser;
  let member: TestUser;
  let client: TestUser;
  let outsider: TestUser;
  let ops: TestUser;
  let companyId: number;
  let clientId: number;
  let outsiderId: number;
  let permit: { projectId: number; permitId: number };
  let deps: WatchdogDeps;

  const post = (user: TestUser, path: string, body?: unknown) => t.request('POST', path, { token: user.accessToken, body });
  const addItem = async (kind: 'licenses' | 'insurances' | 'certificates', name: string, expiresOn: string, company = companyId) => {
    const res = await post(owner, `/v4/companies/${company}/${kind}`, { name, expiresOn, ...(kind === 'licenses' ? { licenseType: 'state' } : {}) });
    expect(res.status, res.text).toBe(200);
    return res.body as Record<string, number>;
  };
  const mails = async (user: TestUser, template: string) => (await t.mailbox(user.email)).filter((m) => m.template === template);
  /** Two runs at once, as two replicas or two job workers would. */
  const runTwice = async (offset: number) => {
    const [a, b] = await Promise.all([runExpiryWatchdog(deps, at(offset)), runExpiryWatchdog(deps, at(offset))]);
    return { reminders: a.reminders + b.reminders, mails: a.mails + b.mails, digests: a.digests + b.digests };
  };

  beforeAll(async () => {
    t = await createTestContext({ target });
    deps = { db: t.services.db, mail: t.services.mail, config: t.services.config };
    [owner, admin, pm, member, client, outsider] = await Promise.all([
      t.createUser({ name: 'Olive Owner' }), t.createUser({ name: 'Adam Admin' }), t.createUser({ name: 'Pat Manager' }),
      t.createUser({ name: 'Una User' }), t.createUser({ name: 'Clara Client' }), t.createUser({ name: 'Otto Outsider' }),
    ]);
    ops = await operator(t);
    companyId = await companyOf(t, owner, 'Summit Roofing');
    clientId = await companyOf(t, client, 'Big Builder');
    outsiderId = await companyOf(t, outsider, 'Valley Electric');
    await t.services.companies.addMember(companyId, admin.sub, 'administrator');
    await t.services.companies.addMember(companyId, pm.sub, 'pm');
    await t.services.companies.addMember(companyId, member.sub, 'user');
    // The client holds a share of Summit's insurances only (a vendor's COI), not of its certificates.
    await shareWallet(t.services.db, companyId, clientId, { licenses: false, insurances: true, certificates: false }, null, new Date());
    // An open permit of Summit's, with its PM assigned to the project.
    permit = await requestPermit(t, owner, await jobSite(t), { companyId });
    await t.services.db.insertInto('project_assignments').values({ project_id: permit.projectId, assignee_type: 'User', assignee_user_id: pm.sub, assign_name: 'Pat Manager', access_level: 'editor', created_at: new Date() }).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mails each step (60, 30, 7, 0 days) once to the owner, administrators, the assigned PM and the company holding a share', async () => {
    await addItem('insurances', 'General liability', dayOf(60));
    await addItem('certificates', 'OSHA 30', dayOf(60));
    const perDay: number[] = [];
    for (let offset = 0; offset <= 62; offset += 1) perDay.push((await runTwice(offset)).reminders);
    // Day 0: both at 60; day 30: both at 30; day 53: both at 7; day 60: both at 0. Nothing on any other day.
    expect(perDay.map((n, day) => (n ? `${day}:${n}` : '')).filter(Boolean)).toEqual(['0:2', '30:2', '53:2', '60:2']);
    for (const user of [owner, admin, pm]) {
      const got = await mails(user, 'expiry_reminder');
      expect(got.map((m) => m.subject).sort()).toEqual(
        ['insurance policy General liability', 'certificate OSHA 30'].flatMap((what) => Array<string>(4).fill(`Expiring: ${what} (Summit Roofing)`)).sort(),
      );
      expect(got.map((m) => (m.data as { days: number }).days).sort((a, b) => a - b)).toEqual([0, 0, 7, 7, 30, 30, 60, 60]);
    }
    // The client learns of the shared insurance only; the plain member and the outsider hear nothing.
    const clientMails = await mails(client, 'expiry_reminder');
    expect(clientMails.map((m) => (m.data as { itemName: string; shared: boolean }).itemName)).toEqual(Array(4).fill('General liability'));
    expect(clientMails[0]!.text).toContain("Summit Roofing's insurance policy");
    expect(await mails(member, 'expiry_reminder')).toEqual([]);
    expect(await mails(outsider, 'expiry_reminder')).toEqual([]);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM expiry_reminders WHERE company_id = ${companyId} AND item_kind <> 'permit'`.execute(t.services.db);
    expect(rows.rows[0]!.n).toBe(8);
  });

  it('sends a renewed item (a new expiry date) its steps again, and catches up only the latest step missed', async () => {
    const item = await addItem('licenses', 'Roofing contractor', dayOf(100));
    const ofItem = async () => (await mails(owner, 'expiry_reminder')).filter((m) => (m.data as { itemName: string }).itemName === 'Roofing contractor');
    await runTwice(69); // 31 days left: the 60-day step
    expect((await ofItem()).map((m) => (m.data as { days: number }).days)).toEqual([31]);
    await runTwice(95); // the watchdog was down on day 70 (30 days): only the 7-day step is sent
    expect((await ofItem()).map((m) => (m.data as { days: number }).days)).toEqual([5, 31]);
    await runTwice(96);
    expect(await ofItem()).toHaveLength(2);
    await t.request('PUT', `/v4/companies/${companyId}/licenses/${item.licenseId}`, { token: owner.accessToken, body: { licenseType: 'state', name: 'Roofing contractor', expiresOn: dayOf(160) } });
    await runTwice(100); // 60 days before the new date
    expect((await ofItem()).map((m) => (m.data as { expiresOn: string }).expiresOn)).toEqual([dayOf(160), dayOf(100), dayOf(100)]);
  });

  it('sends nothing twice after a run that crashed half way', async () => {
    const crashId = await companyOf(t, outsider, 'Crash Test Co');
    for (const name of ['A', 'B', 'C']) {
      const res = await post(outsider, `/v4/companies/${crashId}/certificates`, { name: `Cert ${name}`, expiresOn: dayOf(207) });
      expect(res.status, res.text).toBe(200);
    }
    let sent = 0;
    const crashing: WatchdogDeps['mail'] = {
      send: async (...args) => {
        if (++sent === 2) throw new Error('process killed');
        return t.services.mail.send(...args);
      },
      sendMany: t.services.mail.sendMany,
    };
    await expect(runExpiryWatchdog({ ...deps, mail: crashing }, at(200))).rejects.toThrow('process killed');
    expect((await mails(outsider, 'expiry_reminder')).length).toBe(1);
    await runTwice(200);
    await runTwice(201);
    const got = await mails(outsider, 'expiry_reminder');
    expect(got.map((m) => (m.data as { itemName: string }).itemName).sort()).toEqual(['Cert A', 'Cert B', 'Cert C']);
  });

  it('runs as a durable job: two workers draining two watchdog jobs at once send each step once', async () => {
    const jobCo = await companyOf(t, outsider, 'Job Runners');
    for (const name of ['W1', 'W2']) expect((await post(outsider, `/v4/companies/${jobCo}/insurances`, { name, expiresOn: dayOf(250) })).status).toBe(200);
    // A webhook of the company's for compliance.item_expiring (issue 14's outbound webhooks).
    await sql`INSERT INTO webhook_subscriptions (id, company_id, url, events, secret_sealed, created_at)
      VALUES (gen_random_uuid(), ${jobCo}, 'https://hooks.example/permitdesk', '["compliance.item_expiring"]'::jsonb, 'sealed', now())`.execute(t.services.db);
    const workers = [1, 2].map(() => {
      const runner = createJobRunner({ db: t.services.db, clock: () => at(220), log: t.services.log });
      runner.register(EXPIRY_WATCHDOG_JOB, async (_payload, ctx) => {
        await runExpiryWatchdog(deps, ctx.clock());
      });
      return runner;
    });
    // Two jobs for the same day (the daily slot and a start-up run, or a job re-run after a lost lease).
    await enqueueJob(t.services.db, { kind: EXPIRY_WATCHDOG_JOB, key: 'test-a', runAt: at(220) });
    await enqueueJob(t.services.db, { kind: EXPIRY_WATCHDOG_JOB, key: 'test-b', runAt: at(220) });
    const handled = await Promise.all(workers.map((worker) => worker.drain()));
    expect(handled[0]! + handled[1]!).toBe(2);
    const got = (await mails(outsider, 'expiry_reminder')).filter((m) => (m.data as { companyName: string }).companyName === 'Job Runners');
    expect(got.map((m) => (m.data as { itemName: string; days: number }).itemName).sort()).toEqual(['W1', 'W2']);
    const jobs = await t.services.db.selectFrom('jobs').select('status').where('kind', '=', EXPIRY_WATCHDOG_JOB).where('key', 'in', ['test-a', 'test-b']).execute();
    expect(jobs.map((job) => job.status)).toEqual(['done', 'done']);
    // One event per reminder, in the reminder's transaction: W1 and W2 once each.
    const events = await sql<{ body: string }>`SELECT body FROM webhook_deliveries WHERE company_id = ${jobCo} AND event_type = 'compliance.item_expiring'`.execute(t.services.db);
    expect(events.rows.map((row) => (JSON.parse(row.body) as { data: { name: string; step: number } }).data).map((d) => `${d.name}@${d.step}`).sort()).toEqual(['W1@30', 'W2@30']);
  });

  it('folds more than five due reminders into one weekly digest per recipient', async () => {
    const digestId = await companyOf(t, client, 'Digest Builders');
    const names = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    for (const name of names) {
      const res = await post(client, `/v4/companies/${digestId}/licenses`, { name, licenseType: 'state', expiresOn: dayOf(307) });
      expect(res.status, res.text).toBe(200);
    }
    const first = await runTwice(300); // six due at once
    expect(first).toMatchObject({ digests: 1, reminders: 6 });
    const digest = await mails(client, 'expiry_digest');
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain('6 documents of Digest Builders need attention this week');
    for (const name of names) expect(digest[0]!.text).toContain(`"${name}" expires in 7 days`);
    expect((await mails(client, 'expiry_reminder')).filter((m) => (m.data as { companyName: string }).companyName === 'Digest Builders')).toEqual([]);
    // Exactly five due: one mail each, no digest.
    const five = await companyOf(t, client, 'Five Fixers');
    for (const name of names.slice(0, 5)) await post(client, `/v4/companies/${five}/licenses`, { name, licenseType: 'state', expiresOn: dayOf(337) });
    expect(await runTwice(330)).toMatchObject({ digests: 0, reminders: 5 });
    expect((await mails(client, 'expiry_reminder')).filter((m) => (m.data as { companyName: string }).companyName === 'Five Fixers')).toHaveLength(5);
  });

  it('flags a permit lapsing without its final inspection to the customer and the permit team, with what to do', async () => {
    const expiresAt = new Date(Date.UTC(2031, 11, 20, 17, 0));
    await sql`UPDATE permits SET expires_at = ${expiresAt}, assigned_to = ${ops.sub}::uuid WHERE id = ${permit.permitId}`.execute(t.services.db);
    const day = Math.round((Date.UTC(2031, 11, 13) - Date.UTC(2031, 2, 3)) / DAY); // 7 days before
    await runTwice(day);
    const customer = await mails(owner, 'permit_expiring');
    expect(customer).toHaveLength(1);
    expect(customer[0]!.subject).toBe(`Action needed: permit #${permit.permitId} expires soon`);
    expect(customer[0]!.text).toContain('Book the final inspection before that day, or ask us to request an extension');
    expect(customer[0]!.links).toContain(`${t.config.PUBLIC_URL}/projects/${permit.projectId}/${permit.permitId}`);
    expect(await mails(pm, 'permit_expiring')).toHaveLength(1);
    const team = await mails(ops, 'permit_expiring');
    expect(team).toHaveLength(1);
    expect(team[0]!.text).toContain('book the inspection or file for an extension');
    expect(team[0]!.links).toContain(`${t.config.PUBLIC_URL}/ops/permits/${permit.permitId}`);
    // With its final inspection passed, the 0-day step tells the customer only, with no action needed.
    await t.services.db.insertInto('permit_inspections').values({ permit_id: permit.permitId, inspection_name: 'Final', status: 'passed', perform_order: 9, created_at: new Date() }).execute();
    await runTwice(day + 7);
    const last = (await mails(owner, 'permit_expiring'))[0]!;
    expect(last.subject).toBe(`permit #${permit.permitId} expires soon`);
    expect(await mails(ops, 'permit_expiring')).toHaveLength(1);
  });

  it('makes the digest weekly: more than five reminders due over one week go out as one digest at the week\'s first run', async () => {
    const weekCo = await companyOf(t, client, 'Weekly Builders');
    const add = (name: string, offset: number) => post(client, `/v4/companies/${weekCo}/licenses`, { name, licenseType: 'state', expiresOn: dayOf(offset) });
    const ofCompany = async (template: string) => (await mails(client, template)).filter((m) => (m.data as { companyName: string }).companyName === 'Weekly Builders');
    // Their 30-day steps go out in earlier weeks, three at a time (no digest).
    for (const name of ['Tue A', 'Tue B', 'Tue C']) expect((await add(name, 428)).status).toBe(200);
    await runTwice(398);
    for (const name of ['Sat D', 'Sat E', 'Sat F']) expect((await add(name, 432)).status).toBe(200);
    await runTwice(402);
    expect(await ofCompany('expiry_reminder')).toHaveLength(6);
    expect(await ofCompany('expiry_digest')).toHaveLength(0);
    // The week of Monday day 420: three 7-day steps due on Tuesday (421), three on Saturday (425). Six in
    // the week: one digest on Monday lists them all, and no single mail follows during the week.
    expect(new Date(`${dayOf(420)}T00:00:00Z`).getUTCDay()).toBe(1);
    await runTwice(420);
    const digest = await ofCompany('expiry_digest');
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain('6 documents of Weekly Builders need attention this week');
    for (const name of ['Tue A', 'Tue B', 'Tue C']) expect(digest[0]!.text).toContain(`"${name}" expires in 8 days`);
    for (const name of ['Sat D', 'Sat E', 'Sat F']) expect(digest[0]!.text).toContain(`"${name}" expires in 12 days`);
    for (let offset = 421; offset <= 426; offset += 1) await runTwice(offset);
    expect(await ofCompany('expiry_reminder')).toHaveLength(6);
    expect(await ofCompany('expiry_digest')).toHaveLength(1);
    const rows = await sql<{ step: number; delivery: string }>`SELECT step, delivery FROM expiry_reminders WHERE company_id = ${weekCo} ORDER BY id`.execute(t.services.db);
    expect(rows.rows.map((r) => `${r.step}:${r.delivery}`)).toEqual([...Array(6).fill('30:single'), ...Array(6).fill('7:digest')]);
    // The next week's 0-day steps (Tuesday 428, Saturday 432): six again, that week's digest on its Monday.
    for (let offset = 427; offset <= 433; offset += 1) await runTwice(offset);
    expect(await ofCompany('expiry_reminder')).toHaveLength(6);
    const digests = await ofCompany('expiry_digest');
    expect(digests).toHaveLength(2);
    expect(digests.map((m) => (m.data as { items: unknown[] }).items.length)).toEqual([6, 6]);
  });

  it('sends permits and inspections in batches: a run stopped between batches, or killed in one, keeps what it sent and the next sends the rest once', async () => {
    const batcher = await t.createUser({ name: 'Bea Batch' });
    const batchCo = await companyOf(t, batcher, 'Batch Co');
    const site = await jobSite(t);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { permitId } = await requestPermit(t, batcher, site, { companyId: batchCo });
      const row = await t.services.db.insertInto('permit_inspections')
        .values({ permit_id: permitId, inspection_name: `Batch ${i}`, status: 'scheduled', perform_order: 1, scheduled_at: at(700), created_at: new Date() })
        .returning('id').executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    const told = async () => (await mails(batcher, 'inspection_due')).map((m) => (m.data as { inspectionName: string }).inspectionName).sort();
    const batched = { ...deps, batchSize: 2 };
    // Asked before each batch: the second asking stops the run after one batch of two.
    let asked = 0;
    const first = await runExpiryWatchdog({ ...batched, shouldYield: () => ++asked > 1 }, at(693));
    expect(first).toMatchObject({ reminders: 2, mails: 2, finished: false });
    expect(await told()).toEqual(['Batch 0', 'Batch 1']);
    // Killed while queuing the second batch's mails: that batch's claims roll back with them.
    let batches = 0;
    const crashing: WatchdogDeps['mail'] = {
      send: t.services.mail.send,
      sendMany: async (...args) => {
        if (++batches === 2) throw new Error('process killed');
        return t.services.mail.sendMany(...args);
      },
    };
    await expect(runExpiryWatchdog({ ...batched, mail: crashing }, at(693))).rejects.toThrow('process killed');
    expect(await told()).toEqual(['Batch 0', 'Batch 1', 'Batch 2', 'Batch 3']);
    const sent = await sql<{ item_id: number }>`SELECT item_id FROM expiry_reminders WHERE item_kind = 'inspection' AND item_id IN (${sql.join(ids)}) ORDER BY item_id`.execute(t.services.db);
    expect(sent.rows.map((row) => Number(row.item_id))).toEqual(ids.slice(0, 4));
    // Two runs at once finish it: the last inspection once, nothing else again.
    const [a, b] = await Promise.all([runExpiryWatchdog(batched, at(693)), runExpiryWatchdog(batched, at(693))]);
    expect(a.reminders + b.reminders).toBe(1);
    expect(a.finished && b.finished).toBe(true);
    expect(await told()).toEqual(['Batch 0', 'Batch 1', 'Batch 2', 'Batch 3', 'Batch 4']);
  });

  it("watches the inspections due on open permits: the customer is told at each step before a scheduled inspection, once; a rescheduled one starts over", async () => {
    const inspectCo = await companyOf(t, outsider, 'Inspect Co');
    const site = await jobSite(t);
    const open = await requestPermit(t, outsider, site, { companyId: inspectCo });
    const closed = await requestPermit(t, outsider, site, { companyId: inspectCo });
    await sql`UPDATE permits SET stage = 60 WHERE id = ${closed.permitId}`.execute(t.services.db); // closed: its inspections are not watched
    const at15 = (offset: number) => new Date(BASE.getTime() + offset * DAY + 6 * 3_600_000); // 15:00 UTC that day
    const inspection = async (permitId: number, name: string, status: string, offset: number) =>
      (await t.services.db.insertInto('permit_inspections').values({ permit_id: permitId, inspection_name: name, status, perform_order: 1, scheduled_at: at15(offset), created_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
    const rough = await inspection(open.permitId, 'Rough electrical', 'scheduled', 520);
    await inspection(open.permitId, 'Framing', 'canceled', 520);
    await inspection(open.permitId, 'Footing', 'passed', 519);
    await inspection(closed.permitId, 'Final', 'scheduled', 520);
    const told = async () => (await mails(outsider, 'inspection_due')).map((m) => m.data as { inspectionName: string; days: number; scheduledAt: string });
    for (let offset = 455; offset <= 525; offset += 1) await runTwice(offset);
    const got = await told();
    expect(got.map((m) => `${m.inspectionName}@${m.days}`).sort()).toEqual(['Rough electrical@0', 'Rough electrical@30', 'Rough electrical@60', 'Rough electrical@7']);
    expect(new Set(got.map((m) => m.scheduledAt))).toEqual(new Set([at15(520).toISOString()]));
    const [mail] = await mails(outsider, 'inspection_due');
    expect(mail!.subject).toMatch(new RegExp(`^Rough electrical inspection (today|in \\d+ days?): permit #${open.permitId}$`));
    expect(mail!.links).toContain(`${t.config.PUBLIC_URL}/projects/${open.projectId}/${open.permitId}`);
    // Rescheduled to day 540: its steps start over from the new date (20 days left on day 520: the 30-day step).
    await t.services.db.updateTable('permit_inspections').set({ scheduled_at: at15(540) }).where('id', '=', rough).execute();
    await runTwice(526);
    await runTwice(527);
    expect((await told()).filter((m) => m.scheduledAt === at15(540).toISOString()).map((m) => m.days)).toEqual([14]);
  });

  it('uses the steps the owner or an administrator chose; others may not change them', async () => {
    const path = `/v4/companies/${companyId}/reminder-settings`;
    expect((await t.request('GET', path, { token: member.accessToken })).body).toEqual({ steps: [60, 30, 7, 0], isDefault: true });
    expect((await t.request('PUT', path, { token: pm.accessToken, body: { steps: [14] } })).status).toBe(403);
    expect((await t.request('PUT', path, { token: outsider.accessToken, body: { steps: [14] } })).status).toBe(403);
    const bad = await t.request('PUT', path, { token: admin.accessToken, body: { steps: [400] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Each step is a whole number of days from 0 to 365.');
    expect((await t.request('PUT', path, { token: admin.accessToken, body: { steps: [] } })).body.message).toBe('Choose from 1 to 6 steps.');
    const saved = await t.request('PUT', path, { token: admin.accessToken, body: { steps: [3, 14, 14] } });
    expect(saved.body).toEqual({ steps: [14, 3], isDefault: false });
    await addItem('certificates', 'Lead-safe', dayOf(414));
    expect((await runTwice(400)).reminders).toBeGreaterThanOrEqual(1);
    const got = (await mails(owner, 'expiry_reminder')).filter((m) => (m.data as { itemName: string }).itemName === 'Lead-safe');
    expect(got.map((m) => (m.data as { days: number }).days)).toEqual([14]);
  });

  it('colours the tab indicators red when all has expired, amber when expiring, green otherwise', async () => {
    const colourCo = await companyOf(t, outsider, 'Colour Co');
    const add = (kind: string, expiresOn: string) => post(outsider, `/v4/companies/${colourCo}/${kind}`, { name: 'x', expiresOn, ...(kind === 'licenses' ? { licenseType: 'state' } : {}) });
    const real = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
    await add('licenses', real(-3)); // all expired
    await add('insurances', real(10)); // expiring
    await add('certificates', real(200)); // fine
    const res = await t.request('GET', '/v4/indicators/companies', { token: outsider.accessToken, query: { ids: String(colourCo) } });
    expect(res.status, res.text).toBe(200);
    expect(res.body[0]).toMatchObject({ license: false, insurance: true, certificate: true, agreement: null, colours: { license: 'red', insurance: 'amber', certificate: 'green', agreement: 'green' } });
  });

  it('serves the calendar feed (RFC 5545) to whoever holds its address, until it is rotated', async () => {
    const feedPath = `/v4/companies/${companyId}/calendar-feed`;
    expect((await t.request('GET', feedPath, { token: owner.accessToken })).body).toEqual({ url: null, createdAt: null });
    for (const user of [pm, member, outsider]) {
      expect((await t.request('GET', feedPath, { token: user.accessToken })).status).toBe(403);
      expect((await post(user, `${feedPath}/rotate`)).status).toBe(403);
    }
    const made = await post(admin, `${feedPath}/rotate`);
    expect(made.status, made.text).toBe(200);
    const url = new URL(made.body.url as string);
    expect(url.pathname).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await t.request('GET', feedPath, { token: owner.accessToken })).body.url).toBe(made.body.url);
    const stored = await t.services.db.selectFrom('calendar_feeds').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(url.pathname.slice(10, 53));

    await sql`INSERT INTO permit_inspections (permit_id, inspection_name, status, perform_order, scheduled_at, created_at)
      VALUES (${permit.permitId}, 'Framing', 'scheduled', 2, ${new Date(Date.UTC(2031, 5, 2, 15, 30))}, now())`.execute(t.services.db);
    const feed = await t.request('GET', url.pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, no-store');
    const calendar = new ICAL.Component(ICAL.parse(feed.text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    for (const event of events) {
      expect(event.uid).toBeTruthy();
      expect(event.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    }
    const bySummary = new Map(events.map((event) => [event.summary, event]));
    const insurance = bySummary.get('Insurance policy expires: General liability')!;
    expect(insurance.startDate.isDate).toBe(true);
    expect(insurance.startDate.toString()).toBe(dayOf(60));
    expect(events.some((event) => event.summary.startsWith(`Permit #${permit.permitId} expires`))).toBe(true);
    const inspection = events.find((event) => event.summary.startsWith('Framing inspection'))!;
    expect(inspection.startDate.toJSDate().toISOString()).toBe('2031-06-02T15:30:00.000Z');
    expect(inspection.duration.toSeconds()).toBe(3600);
    // Nothing of another company's vault.
    await post(outsider, `/v4/companies/${outsiderId}/licenses`, { name: 'Valley secret license', licenseType: 'state', expiresOn: dayOf(30) });
    expect((await t.request('GET', url.pathname)).text).not.toContain('Valley secret license');

    // Rotation: the old address is gone at once; guessing answers 404 too.
    const rotated = await post(owner, `${feedPath}/rotate`);
    expect(rotated.body.url).not.toBe(made.body.url);
    const old = await t.request('GET', url.pathname);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ message: 'This calendar does not exist.', code: 'CALENDAR_NOT_FOUND' });
    expect((await t.request('GET', new URL(rotated.body.url).pathname)).status).toBe(200);
    expect((await t.request('GET', `/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await t.request('GET', '/calendar/short.ics')).status).toBe(400);
  });
});
