// Demo data, small: every stage and derived status appears, the demo users can sign in, and the
// radar of the demo company sees its own projects plus those shared with it.
import { PERMIT_STAGES } from '@permitdesk/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearchParams, searchProjects } from '../projects/search/search-projects.js';
import { createTestContext, databaseTargets } from '../test/harness.js';
import { DEMO_PASSWORD, DEMO_USERS, loadDemoData, showcaseOf, splitProjects, type DemoSummary } from './demo-data.js';
import { DEMO_MONTH_DAYS, DEMO_STAGE_WAYS } from './demo-permits.js';
import { seedDemoShowcase } from '../cli/demo-showcase.js';
import { funnelReport } from '../funnel/funnel.js';
import { runExpiryWatchdog } from '../compliance/reminders/watchdog.js';

type Ctx = Awaited<ReturnType<typeof createTestContext>>;

describe('splitProjects', () => {
  it('gives the demo company enough projects for --largest permits and shares the rest', () => {
    expect(splitProjects(800_000, 5, 200_000)).toEqual([160_000, 160_000, 160_000, 160_000, 160_000]);
    expect(splitProjects(100, 3, 50)).toEqual([40, 30, 30]);
    expect(splitProjects(100, 1, 50)).toEqual([100]);
  });
});

describe.each(databaseTargets())('demo data on %s', (target) => {
  let ctx: Ctx;
  let summary: DemoSummary;
  beforeAll(async () => {
    ctx = await createTestContext({ target });
    summary = await loadDemoData(ctx.services, { projects: 160, companies: 2, largest: 150 });
  });
  afterAll(() => ctx?.close());

  it('creates about 200 permits over every stage', async () => {
    expect(summary.permits).toBeGreaterThanOrEqual(200);
    const { rows } = await sql<{ stage: number }>`SELECT DISTINCT stage FROM permits ORDER BY stage`.execute(ctx.services.db);
    expect(rows.map((row) => row.stage)).toEqual(PERMIT_STAGES.map((entry) => entry.stage).sort((a, b) => a - b));
  });

  it('covers expired permits, open ones past their estimated completion, inspections and cancellations', async () => {
    const { rows } = await sql<{ expired: number; late: number; inspected: number; cancellations: number; dismissed: number }>`
      SELECT (SELECT count(*)::int FROM permits WHERE stage = 50 AND expires_at < now()) AS expired,
             (SELECT count(*)::int FROM permits WHERE stage = 50 AND expires_at > now() AND est_completion_at < now()) AS late,
             (SELECT count(DISTINCT permit_id)::int FROM permit_inspections) AS inspected,
             (SELECT count(*)::int FROM cancellation_requests) AS cancellations,
             (SELECT count(*)::int FROM permits WHERE dismissed) AS dismissed`.execute(ctx.services.db);
    const found = rows[0]!;
    for (const value of Object.values(found)) expect(value).toBeGreaterThan(0);
    const { rows: addresses } = await sql<{ project_address: string; municipality_id: number }>`SELECT project_address, municipality_id FROM projects LIMIT 5`.execute(ctx.services.db);
    for (const address of addresses) expect(address.project_address).toMatch(/^\d+ .+, .+, [A-Z]{2} \d{5}$/);
  });

  it('leaves fresh statistics on every table the radar page reads (a table never analysed got a bitmap scan per row)', async () => {
    const tables = ['projects', 'permits', 'permit_inspections', 'project_assignments', 'cancellation_requests', 'radar_counts'];
    const { rows } = await sql<{ relname: string }>`
      SELECT relname FROM pg_stat_user_tables WHERE relname = ANY(${tables}) AND last_analyze IS NOT NULL`.execute(ctx.services.db);
    expect(rows.map((row) => row.relname).sort()).toEqual([...tables].sort());
  });

  it('reads as a month of work (issue 18): requests and stage changes spread over the last 30 days, each permit with its way to its stage', async () => {
    const { rows } = await sql<{ future: number; old: number; days: number; today: number; all: number; wrong: number; unordered: number; late_start: number }>`
      SELECT (SELECT count(*)::int FROM permit_stage_history WHERE changed_at > now()) + (SELECT count(*)::int FROM permits WHERE created_at > now() OR stage_entered_at > now()) AS future,
             (SELECT count(*)::int FROM projects WHERE created_at < now() - interval '${sql.raw(String(DEMO_MONTH_DAYS))} days 1 hour') AS old,
             (SELECT count(DISTINCT date_trunc('day', changed_at))::int FROM permit_stage_history) AS days,
             (SELECT count(*)::int FROM permit_stage_history WHERE changed_at > now() - interval '1 day') AS today,
             (SELECT count(*)::int FROM permit_stage_history) AS all,
             -- The last step of each way is the permit's stage, entered when its SLA clock says.
             (SELECT count(*)::int FROM permits r JOIN LATERAL (SELECT to_stage, changed_at FROM permit_stage_history h WHERE h.permit_id = r.id ORDER BY changed_at DESC, id DESC LIMIT 1) last ON true
               WHERE last.to_stage <> r.stage OR abs(extract(epoch FROM last.changed_at - r.stage_entered_at)) > 1) AS wrong,
             (SELECT count(*)::int FROM permit_stage_history h JOIN permits r ON r.id = h.permit_id WHERE h.changed_at < r.created_at - interval '1 second') AS unordered,
             -- The first step is the request itself.
             (SELECT count(*)::int FROM permits r JOIN LATERAL (SELECT changed_at FROM permit_stage_history h WHERE h.permit_id = r.id ORDER BY changed_at, id LIMIT 1) first ON true
               WHERE abs(extract(epoch FROM first.changed_at - r.created_at)) > 1) AS late_start`.execute(ctx.services.db);
    const found = rows[0]!;
    expect(found).toMatchObject({ future: 0, old: 0, wrong: 0, unordered: 0, late_start: 0 });
    expect(found.days).toBeGreaterThanOrEqual(25);
    expect(found.today).toBeLessThan(found.all / 5);
    // Each stage on the way: a closed permit went through every stage of the life cycle.
    const closed = await sql<{ way: number[] }>`SELECT array_agg(h.to_stage ORDER BY h.changed_at, h.id) AS way FROM permit_stage_history h JOIN permits r ON r.id = h.permit_id WHERE r.stage = 60 GROUP BY r.id LIMIT 1`.execute(ctx.services.db);
    expect(closed.rows[0]!.way.map(Number)).toEqual([...DEMO_STAGE_WAYS[60]!]);
  });

  it('lets the demo users sign in, and the demo radar shows its projects with totals', async () => {
    for (const user of DEMO_USERS) expect((await ctx.signIn(user.email, DEMO_PASSWORD)).email).toBe(user.email);
    const radar = await searchProjects(ctx.services.db, { userId: summary.ownerUserId, companyId: summary.companyId }, parseSearchParams({ type: 'all' }));
    expect(radar.totalCount).toBeGreaterThanOrEqual(150);
    expect(radar.rows).toHaveLength(20);
    expect(radar.rows.every((row) => row.companyId === summary.companyId)).toBe(true);
  });
});

describe.each(databaseTargets())('the demo showcase on %s', (target) => {
  let ctx: Ctx;
  let summary: DemoSummary;
  beforeAll(async () => {
    ctx = await createTestContext({ target });
    summary = await loadDemoData(ctx.services, { projects: 40, companies: 1 });
    const team = await ctx.createUser({ name: 'Olga Operator' });
    await seedDemoShowcase(ctx.services, showcaseOf(summary, team.sub));
    await seedDemoShowcase(ctx.services, showcaseOf(summary, team.sub)); // a second run adds nothing
  });
  afterAll(() => ctx?.close());

  const count = async (query: string) => Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(ctx.services.db)).rows[0]!.n);

  it('fills the vault like a real contractor: licenses in two states (one expiring within 30 days, one expired), GL and WC, certificates, documentation, each with its file', async () => {
    const id = summary.companyId;
    const today = new Date().toISOString().slice(0, 10);
    const in30 = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(await count(`SELECT count(DISTINCT state_code)::int AS n FROM company_licenses WHERE company_id = ${id}`)).toBeGreaterThanOrEqual(2);
    expect(await count(`SELECT count(*)::int AS n FROM company_licenses WHERE company_id = ${id} AND expires_on >= '${today}' AND expires_on <= '${in30}'`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM company_licenses WHERE company_id = ${id} AND expires_on < '${today}'`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM company_insurances WHERE company_id = ${id} AND name IN ('General Liability', 'Workers'' Compensation')`)).toBe(2);
    expect(await count(`SELECT count(*)::int AS n FROM company_certificates WHERE company_id = ${id}`)).toBe(2);
    expect(await count(`SELECT count(*)::int AS n FROM company_documents WHERE company_id = ${id} AND documentable_type = 'Company' AND storage_key IS NOT NULL`)).toBe(2);
    const files = await sql<{ storage_key: string }>`SELECT d.storage_key FROM company_licenses l JOIN company_documents d ON d.id = l.document_id WHERE l.company_id = ${id}`.execute(ctx.services.db);
    expect(files.rows).toHaveLength(3);
    const stored = await ctx.services.storage.head(files.rows[0]!.storage_key);
    expect(stored?.contentType).toBe('application/pdf');
  });

  it('has two vendors with vaults of their own (one COI lapsing) shared with it, a wallet share each way, a pending onboarding and conversations', async () => {
    const id = summary.companyId;
    expect(await count(`SELECT count(*)::int AS n FROM company_vendors WHERE company_id = ${id} AND status = 1`)).toBe(2);
    expect(await count(`SELECT count(*)::int AS n FROM wallet_shares WHERE viewer_company_id = ${id} AND status = 1`)).toBe(2); // both vendors' vaults, the lapsing COI among them
    expect(await count(`SELECT count(*)::int AS n FROM wallet_shares WHERE owner_company_id = ${id} AND status = 1`)).toBe(1);
    const in30 = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(await count(`SELECT count(*)::int AS n FROM company_insurances i JOIN company_vendors v ON v.vendor_id = i.company_id WHERE v.company_id = ${id} AND i.expires_on <= '${in30}'`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM invitations WHERE from_company_id = ${id} AND kind = 'VENDOR_ONBOARDING' AND status = 13`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM conversations c JOIN permits r ON r.id = c.permit_id JOIN projects p ON p.id = r.project_id WHERE p.company_id = ${id}`)).toBe(3);
    expect(await count(`SELECT count(*)::int AS n FROM conversation_messages WHERE author_role = 'permit_team'`)).toBe(4);
    for (const email of ['solar@permitdesk.test', 'summit@permitdesk.test']) expect((await ctx.signIn(email, DEMO_PASSWORD)).email).toBe(email);
  });

  it("has a month of the widget's sign-up funnel from three partner sites (issue 18), seeded once", async () => {
    const sessions = await count(`SELECT count(DISTINCT session)::int AS n FROM funnel_events WHERE session LIKE 'demo-funnel-%'`);
    expect(sessions).toBeGreaterThan(400);
    expect(await count(`SELECT count(DISTINCT origin)::int AS n FROM funnel_events WHERE session LIKE 'demo-funnel-%'`)).toBe(3);
    expect(await count(`SELECT count(DISTINCT date_trunc('day', created_at))::int AS n FROM funnel_events WHERE session LIKE 'demo-funnel-%'`)).toBeGreaterThanOrEqual(29);
    expect(await count(`SELECT count(*)::int AS n FROM funnel_events WHERE created_at > now() + interval '1 minute'`)).toBe(0);
    const report = await funnelReport(ctx.services.db, ctx.services.config, {}, new Date());
    const [start, account, form, done] = report.stages.map((stage) => stage.sessions);
    expect(start).toBe(sessions);
    expect(start! > account! && account! > form! && form! > done! && done! > 0).toBe(true);
  });

  it('has the rest of a month of work, each visible to the demo owner through the API: permit documents, a failed inspection, quotes, a guest, envelopes and a status page', async () => {
    const id = summary.companyId;
    const owner = await ctx.signIn(DEMO_USERS[0].email, DEMO_PASSWORD);
    const ok = async (path: string, query?: Record<string, string | number>) => {
      const res = await ctx.request('GET', path, { token: owner.accessToken, query });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body as any;
    };
    // Documents with their files, on permits in progress and issued ones.
    const documented = await sql<{ permit_id: number }>`SELECT DISTINCT d.permit_id FROM permit_documents d JOIN projects p ON p.id = d.project_id WHERE p.company_id = ${id}`.execute(ctx.services.db);
    expect(documented.rows.length).toBeGreaterThanOrEqual(4);
    const documents = await ok('/v4/documents', { documentable_type: 'Permit', documentable_id: documented.rows[0]!.permit_id });
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.every((d: { uploaded: boolean }) => d.uploaded)).toBe(true);
    // Inspections passed, failed and scheduled.
    for (const status of ['passed', 'failed', 'scheduled']) {
      expect(await count(`SELECT count(*)::int AS n FROM permit_inspections i JOIN permits r ON r.id = i.permit_id JOIN projects p ON p.id = r.project_id WHERE p.company_id = ${id} AND i.status = '${status}'`)).toBeGreaterThan(0);
    }
    // A quote waiting for the customer and one accepted.
    const quotes = await sql<{ quote_id: string; status: string }>`SELECT q.quote_id, q.status FROM permit_quotes q JOIN permits r ON r.id = q.permit_id JOIN projects p ON p.id = r.project_id WHERE p.company_id = ${id} ORDER BY q.status`.execute(ctx.services.db);
    expect(quotes.rows.map((q) => q.status)).toEqual(['accepted', 'pending']);
    for (const quote of quotes.rows) expect((await ok(`/v4/quotes/${quote.quote_id}`)).status).toBe(quote.status);
    // A guest company with the vault and two projects.
    const guests = await ok('/v4/invitations/guest-access', { company: id });
    expect(guests.granted).toHaveLength(1);
    expect(guests.granted[0]).toMatchObject({ vault: true });
    expect(JSON.stringify(guests.granted[0])).toContain('Harborview Property Management');
    // Envelopes: the subcontract signed by both, the homeowner's authorization waiting.
    const envelopes = await ok('/v4/esign/envelopes', { companyId: id });
    expect(envelopes.map((e: { status: string }) => e.status).sort()).toEqual(['completed', 'sent']);
    const signed = envelopes.find((e: { status: string }) => e.status === 'completed');
    expect(signed.signers.map((s: { status: string }) => s.status)).toEqual(['signed', 'signed']);
    expect(signed.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    // A month of work, not one morning: the subcontract went out over a week ago.
    expect(Date.parse(signed.createdAt)).toBeLessThan(Date.now() - 7 * 86_400_000);
    // The vendor's lapsing COI is in the wallet it shares with the demo company.
    const summit = await sql<{ id: number }>`SELECT id FROM companies WHERE name = 'Summit Plumbing Co.'`.execute(ctx.services.db);
    const shared = await ok(`/v4/companies/${summit.rows[0]!.id}/compliance/shared`, { 'vendor-for': id });
    expect(shared.insurances.map((i: { name: string }) => i.name)).toContain('Certificate of Insurance (General Liability)');
    // The homeowner's status page, with a confirmed subscriber.
    const linked = await sql<{ permit_id: number }>`SELECT l.permit_id FROM permit_status_links l JOIN permits r ON r.id = l.permit_id JOIN projects p ON p.id = r.project_id WHERE p.company_id = ${id}`.execute(ctx.services.db);
    expect(linked.rows).toHaveLength(1);
    const links = await ok(`/v4/permits/${linked.rows[0]!.permit_id}/status-links`);
    expect(JSON.stringify(links)).toContain('confirmed');
    // The company's activity lists by the trail's order: from the guest invitation on, it reads in time order.
    const trail = await sql<{ at: string | Date }>`SELECT occurred_at AS at FROM audit_events WHERE company_id = ${id}
      AND id >= (SELECT min(id) FROM audit_events WHERE company_id = ${id} AND entity = 'invitation' AND action = 'sent') ORDER BY id`.execute(ctx.services.db);
    const times = trail.rows.map((row) => new Date(row.at).getTime());
    expect(times.length).toBeGreaterThan(15);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('shows the expiry watchdog at work (issue 16): its start-up run mails what lapses soon and flags the permit near expiry', async () => {
    const id = summary.companyId;
    expect(await count(`SELECT count(*)::int AS n FROM permits r JOIN projects p ON p.id = r.project_id WHERE p.company_id = ${id} AND r.expires_at BETWEEN now() AND now() + interval '7 days'`)).toBe(1);
    const result = await runExpiryWatchdog(ctx.services, ctx.services.clock());
    expect(result.reminders).toBeGreaterThanOrEqual(4); // the license in 21 days, WC in 44, the vendor's COI in 12, the permit in 6
    const owner = DEMO_USERS[0]!.email;
    const mails = (await ctx.mailbox(owner)).map((m) => m.subject);
    expect(mails.some((subject) => subject.startsWith('Action needed: permit #'))).toBe(true);
    expect(mails.some((subject) => subject.startsWith('Expiring: license C-10 Electrical Contractor'))).toBe(true);
    // The permit's final inspection, booked in 3 days, is an inspection due: the customer is told ahead.
    const due = (await ctx.mailbox(owner)).filter((m) => m.template === 'inspection_due');
    expect(due.map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Final inspection in 3 days: permit #\d+$/));
    expect(due.length).toBeLessThan(25); // the month's bookings, not a flood (10 when written)
    // The vendor whose COI lapses in 12 days hears of it, and so does its client, who has a share of that wallet.
    const coi = 'Expiring: insurance policy Certificate of Insurance (General Liability) (Summit Plumbing Co.)';
    expect((await ctx.mailbox('summit@permitdesk.test')).map((m) => m.subject)).toContain(coi);
    expect(mails).toContain(coi);
  });
});
