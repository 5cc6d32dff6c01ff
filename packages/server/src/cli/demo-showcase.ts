// The demo company's month of work, so a newcomer's dashboard is not empty (issue 18): a compliance vault
// like a real contractor's (licenses in two states, one expiring within 30 days and one expired; general
// liability and workers' comp; certificates; documentation, each with its PDF), two vendors with vaults of
// their own (one COI about to lapse) shared with it, an approved wallet share each way, a pending vendor onboarding,
// conversations with the permit team on recent permits, the rest of a month of work (demo-showcase-work.ts), and
// a month of the widget's sign-up funnel from three partner sites (/ops/funnel). Written through the product's own functions
// where they exist; run again, it changes nothing (every step looks for its row first).
import { INVITATION_SOURCE, INVITE_STATUS } from '@permitdesk/core';
import { sql } from 'kysely';
import { createItem, type VaultInput, type VaultKind } from '../compliance/vault-items.js';
import { WHOLE_WALLET } from '../compliance/shared-access.js';
import { inTransaction } from '../db/transaction.js';
import { linkVendor, shareWallet } from '../invitations/relations.js';
import { addReply, PERMIT_TEAM_NAME } from '../permits/conversations.js';
import type { AppServices } from '../services.js';
import { newFileKey } from '../storage/file-storage.js';
import type { FunnelEventsTable } from '../db/tables/funnel.js';
import type { Insertable } from 'kysely';
import { samplePdf } from './demo-pdf.js';
import { seedDemoWork, seedPermitDocuments } from './demo-showcase-work.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoItem extends VaultInput {
  kind: VaultKind;
  name: string;
  /** Days from today the item lapses (negative: already lapsed); absent: it does not expire. */
  expiresInDays?: number;
}

const DEMO_VAULT: DemoItem[] = [
  { kind: 'license', licenseType: 'state', name: 'C-10 Electrical Contractor', number: 'CA-1048822', issuer: 'Contractors State License Board', stateCode: 'CA', expiresInDays: 21 },
  { kind: 'license', licenseType: 'state', name: 'General Contractor', number: 'NV-0081234', issuer: 'Nevada State Contractors Board', stateCode: 'NV', expiresInDays: -12 },
  { kind: 'license', licenseType: 'state', name: 'Home Improvement Contractor', number: 'HIC-771203', issuer: 'New York Department of Consumer and Worker Protection', stateCode: 'NY', expiresInDays: 310 },
  { kind: 'insurance', name: 'General Liability', number: 'GL-55-209311', issuer: 'Hartwell Mutual', coverageAmount: 2_000_000, expiresInDays: 198 },
  { kind: 'insurance', name: "Workers' Compensation", number: 'WC-88-410027', issuer: 'State Fund', coverageAmount: 1_000_000, expiresInDays: 44 },
  { kind: 'certificate', name: 'OSHA 30-Hour Construction', number: 'OSHA-30-7734', issuer: 'OSHA Outreach Training Program' },
  { kind: 'certificate', name: 'EPA Lead-Safe (RRP) Firm', number: 'NAT-F204118-1', issuer: 'U.S. Environmental Protection Agency', expiresInDays: 95 },
];

const DEMO_DOCUMENTATION = ['W-9 Request for Taxpayer Identification', 'Master Service Agreement'];

export const DEMO_SECOND_VENDOR_NAME = 'Summit Plumbing Co.';

const VENDOR_VAULTS: Record<string, DemoItem[]> = {
  solar: [
    { kind: 'license', licenseType: 'state', name: 'C-46 Solar Contractor', number: 'CA-1099310', issuer: 'Contractors State License Board', stateCode: 'CA', expiresInDays: 240 },
    { kind: 'insurance', name: 'Certificate of Insurance (General Liability)', number: 'COI-BSP-2026', issuer: 'Pacific Shield Insurance', coverageAmount: 1_000_000, expiresInDays: 160 },
  ],
  summit: [
    { kind: 'license', licenseType: 'state', name: 'Master Plumber', number: 'TX-M-40417', issuer: 'Texas State Board of Plumbing Examiners', stateCode: 'TX', expiresInDays: 420 },
    { kind: 'insurance', name: 'Certificate of Insurance (General Liability)', number: 'COI-SPC-0913', issuer: 'Lone Star Casualty', coverageAmount: 1_000_000, expiresInDays: 12 },
  ],
};

const CONVERSATIONS: { subject: string; messages: { team: boolean; body: string }[] }[] = [
  {
    subject: 'Plan set for review',
    messages: [
      { team: true, body: 'We reviewed the plan set. The city also asks for the load calculations; could you upload them here?' },
      { team: false, body: 'Uploaded the load calcs this morning. The engineer stamped page 3.' },
      { team: true, body: 'Thanks, everything is in. We file with the city today and will post the application number here.' },
    ],
  },
  {
    subject: 'Inspection window',
    messages: [
      { team: false, body: 'Can the rough-in inspection be on a Tuesday or Thursday? The crew is on another site Mondays.' },
      { team: true, body: 'The city books Tuesdays and Thursdays 8-12. We asked for Thursday; we will confirm the slot once they answer.' },
    ],
  },
  {
    subject: 'Fee receipt',
    messages: [{ team: true, body: 'The permit fee was paid; the receipt is on the city portal: https://permits.example.gov/receipts/2026/84412 .' }],
  },
];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A stored PDF as a company document of an item (or a documentation when `item` is null); its id. */
async function storeDocument(services: AppServices, companyId: number, ownerUserId: string, item: { kind: VaultKind; id: number } | null, title: string, lines: readonly string[]): Promise<number> {
  const fileName = `${title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.pdf`;
  const key = newFileKey(`companies/${companyId}`, fileName);
  const bytes = await samplePdf(title, lines);
  await services.storage.put(key, bytes, { contentType: 'application/pdf', fileName, ownerUserId });
  const now = services.clock();
  const documentableType = item ? ({ license: 'License', insurance: 'Insurance', certificate: 'Certificate' } as const)[item.kind] : 'Company';
  const row = await services.db
    .insertInto('company_documents')
    .values({
      company_id: companyId, documentable_type: documentableType, documentable_id: item?.id ?? companyId, name: title, category: item ? 'Sorted' : 'Unsorted',
      file_name: fileName, content_type: 'application/pdf', size: bytes.length, storage_key: key, uploaded_at: now, created_by: ownerUserId, created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const TABLES = { license: 'company_licenses', insurance: 'company_insurances', certificate: 'company_certificates' } as const;

async function seedVault(services: AppServices, companyId: number, ownerUserId: string, items: readonly DemoItem[]): Promise<void> {
  const today = services.clock();
  for (const { kind, expiresInDays, ...input } of items) {
    const exists = await services.db.selectFrom(TABLES[kind]).select('id').where('company_id', '=', companyId).where('name', '=', input.name).executeTakeFirst();
    if (exists) continue;
    const expiresOn = expiresInDays === undefined ? null : isoDay(new Date(today.getTime() + expiresInDays * DAY_MS));
    const issuedOn = isoDay(new Date(today.getTime() - 300 * DAY_MS));
    await createItem(services.db, kind, companyId, { ...input, issuedOn, expiresOn }, today);
    const item = await services.db.selectFrom(TABLES[kind]).select('id').where('company_id', '=', companyId).where('name', '=', input.name).executeTakeFirstOrThrow();
    const documentId = await storeDocument(services, companyId, ownerUserId, { kind, id: item.id }, input.name, [
      `Number: ${input.number ?? '—'}`,
      `Issued by: ${input.issuer ?? '—'}`,
      `Issued: ${issuedOn}`,
      `Expires: ${expiresOn ?? 'does not expire'}`,
    ]);
    await sql`UPDATE ${sql.table(TABLES[kind])} SET document_id = ${documentId} WHERE id = ${item.id}`.execute(services.db);
  }
}

async function ensureVendorCompany(services: AppServices, name: string, ownerEmail: string, ownerName: string, password: string): Promise<{ id: number; ownerUserId: string }> {
  const existingUser = await services.identity.findByEmail(ownerEmail);
  const ownerUserId = existingUser?.id ?? (await services.identity.createUser({ email: ownerEmail, password, name: ownerName, confirmed: true })).id;
  const found = await sql<{ id: number }>`SELECT id FROM companies WHERE lower(name) = lower(${name})`.execute(services.db);
  const id =
    found.rows[0]?.id ??
    (await sql<{ id: number }>`INSERT INTO companies (name, address, created_by) VALUES (${name}, '1200 Main St, Austin, TX 78701', ${ownerUserId}::uuid) RETURNING id`.execute(services.db)).rows[0]!.id;
  await sql`INSERT INTO company_users (company_id, user_id, role) VALUES (${id}, ${ownerUserId}::uuid, 'owner') ON CONFLICT (company_id, user_id) DO NOTHING`.execute(services.db);
  return { id: Number(id), ownerUserId };
}

export interface ShowcaseOptions {
  companyId: number;
  ownerUserId: string;
  ownerName: string;
  ownerEmail: string;
  /** The first vendor's name (the one the demo permits are shared with). */
  vendorName: string;
  password: string;
  /** The permit team member who answers in the conversations. */
  team: { userId: string; name: string };
}

export async function seedDemoShowcase(services: AppServices, options: ShowcaseOptions): Promise<void> {
  const { companyId, ownerUserId } = options;
  const now = services.clock();
  await seedVault(services, companyId, ownerUserId, DEMO_VAULT);
  for (const title of DEMO_DOCUMENTATION) {
    const exists = await services.db.selectFrom('company_documents').select('id').where('company_id', '=', companyId).where('documentable_type', '=', 'Company').where('name', '=', title).executeTakeFirst();
    if (!exists) await storeDocument(services, companyId, ownerUserId, null, title, ['Signed copy on file.']);
  }

  // Two vendors with their own vaults, both shared with the demo company (so the plumber's lapsing COI shows
  // there), and the demo company's own wallet shared with the plumber: a share each way.
  const solar = await ensureVendorCompany(services, options.vendorName, 'solar@permitdesk.test', 'Sol Rivera', options.password);
  const summit = await ensureVendorCompany(services, DEMO_SECOND_VENDOR_NAME, 'summit@permitdesk.test', 'Sam Summit', options.password);
  await seedVault(services, solar.id, solar.ownerUserId, VENDOR_VAULTS.solar!);
  await seedVault(services, summit.id, summit.ownerUserId, VENDOR_VAULTS.summit!);
  await linkVendor(services.db, companyId, solar.id, null, now);
  await linkVendor(services.db, companyId, summit.id, null, now);
  await shareWallet(services.db, solar.id, companyId, WHOLE_WALLET, null, now);
  await shareWallet(services.db, summit.id, companyId, WHOLE_WALLET, null, now);
  await shareWallet(services.db, companyId, summit.id, WHOLE_WALLET, null, now);

  // A vendor onboarding still waiting for its answer.
  const pendingEmail = 'office@cedar-roofing.test';
  const pending = await services.db.selectFrom('invitations').select('id').where('from_company_id', '=', companyId).where('email', '=', pendingEmail).executeTakeFirst();
  if (!pending) {
    await services.db
      .insertInto('invitations')
      .values({
        kind: 'VENDOR_ONBOARDING', status: INVITE_STATUS.Pending, source: INVITATION_SOURCE.Vendor, from_company_id: companyId, email: pendingEmail,
        company_name: 'Cedar Roofing LLC', message: 'Please share your license and COI before the Maple Ave job starts.', invited_by: ownerUserId,
        mailed_at: new Date(now.getTime() - 3 * DAY_MS), created_at: new Date(now.getTime() - 3 * DAY_MS), updated_at: new Date(now.getTime() - 3 * DAY_MS),
      })
      .execute();
  }

  await seedPermitNearExpiry(services, companyId, now);
  await seedFunnelMonth(services, now);

  // Permit documents, a failed inspection, quotes, a guest, e-sign envelopes, a homeowner's status page: in
  // the order they happened over the month, then this week's conversations and today's documents.
  const work = {
    companyId, owner: { sub: ownerUserId, email: options.ownerEmail, name: options.ownerName }, team: { userId: options.team.userId },
    plumber: { companyId: summit.id, name: DEMO_SECOND_VENDOR_NAME, email: 'summit@permitdesk.test', signer: 'Sam Summit' },
    ensureCompany: (name: string, email: string, ownerName: string) => ensureVendorCompany(services, name, email, ownerName, options.password),
  };
  await seedDemoWork(services, work);

  // Conversations with the permit team on the demo company's most recent permits in progress.
  const permits = await sql<{ id: number }>`
    SELECT r.id FROM permits r JOIN projects p ON p.id = r.project_id
    WHERE p.company_id = ${companyId} AND r.stage IN (20, 30, 40) AND r.stage_entered_at < ${new Date(now.getTime() - CONVERSATIONS.length * DAY_MS)}
      AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.permit_id = r.id)
    ORDER BY r.id DESC LIMIT ${CONVERSATIONS.length}`.execute(services.db);
  const already = await sql<{ n: number }>`SELECT count(*)::int AS n FROM conversations c JOIN permits r ON r.id = c.permit_id JOIN projects p ON p.id = r.project_id WHERE p.company_id = ${companyId}`.execute(services.db);
  if (Number(already.rows[0]?.n ?? 0) === 0) await seedConversations(services, options, permits.rows.map((row) => Number(row.id)), now);
  await seedPermitDocuments(services, work);
}

async function seedConversations(services: AppServices, options: ShowcaseOptions, permitIds: readonly number[], now: Date): Promise<void> {
  const { ownerUserId } = options;
  // The oldest thread first, so the audit trail (which lists by its own order) reads in time order.
  for (const [index, permitId] of [...permitIds.entries()].reverse()) {
    const thread = CONVERSATIONS[index]!;
    let conversationId: number | undefined;
    for (const [position, message] of thread.messages.entries()) {
      const at = new Date(now.getTime() - (thread.messages.length - position) * 5 * 60 * 60 * 1000 - index * DAY_MS);
      const author = message.team
        ? { userId: options.team.userId, name: PERMIT_TEAM_NAME, role: 'permit_team' as const }
        : { userId: ownerUserId, name: options.ownerName, role: 'customer' as const };
      const conversation = await inTransaction(services.db, (trx) =>
        addReply(trx, {
          permitId, conversationId, subject: thread.subject, body: message.body, author,
          actor: { userId: author.userId, role: message.team ? 'permit_team' : 'customer', requestId: null }, now: at,
        }),
      );
      conversationId = conversation.id;
    }
  }
}

/**
 * Issue 16: one issued permit of the demo company lapses in 6 days with its final inspection booked but not
 * passed, so the expiry watchdog's start-up run flags it (the customer and the permit team get 'Action
 * needed') and the calendar feed shows the inspection. Skipped when a permit already lapses within 30 days.
 */
async function seedPermitNearExpiry(services: AppServices, companyId: number, now: Date): Promise<void> {
  const near = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM permits r JOIN projects p ON p.id = r.project_id
    WHERE p.company_id = ${companyId} AND r.expires_at BETWEEN ${now} AND ${new Date(now.getTime() + 30 * DAY_MS)}`.execute(services.db);
  if (Number(near.rows[0]?.n ?? 0) > 0) return;
  const { rows } = await sql<{ id: number }>`
    SELECT r.id FROM permits r JOIN projects p ON p.id = r.project_id
    WHERE p.company_id = ${companyId} AND r.stage = 50 AND NOT r.dismissed ORDER BY r.id DESC LIMIT 1`.execute(services.db);
  const permit = rows[0];
  if (!permit) return;
  const permitId = Number(permit.id);
  await inTransaction(services.db, async (trx) => {
    await sql`UPDATE permits SET expires_at = ${new Date(now.getTime() + 6 * DAY_MS)} WHERE id = ${permitId}`.execute(trx);
    const order = await sql<{ n: number }>`SELECT COALESCE(max(perform_order), 0)::int AS n FROM permit_inspections WHERE permit_id = ${permitId}`.execute(trx);
    const at = new Date(Math.floor((now.getTime() + 3 * DAY_MS) / DAY_MS) * DAY_MS + 15 * 60 * 60 * 1000);
    await sql`INSERT INTO permit_inspections (permit_id, inspection_name, status, perform_order, scheduled_at, created_at)
      VALUES (${permitId}, 'Final', 'scheduled', ${Number(order.rows[0]?.n ?? 0) + 1}, ${at}, ${now})`.execute(trx);
  });
}

/** The partner sites the demo widget runs on, and each one's share of the visits. */
const FUNNEL_PARTNERS = [
  { origin: 'https://www.brightline-solar.test', weight: 0.5 },
  { origin: 'https://www.cedar-roofing.test', weight: 0.3 },
  { origin: 'https://homefix-pros.test', weight: 0.2 },
] as const;

/** A small seeded generator (mulberry32): the same month every time the demo is loaded. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Issue 18: 30 days of widget visits (fewer at weekends) through the tracked steps of SPEC §2.10, with the
 * drop-outs a real sign-up shows: most visitors choose a role, fewer finish the account, fewer still
 * submit. Sessions are named demo-funnel-…; skipped when the demo's funnel is already there.
 */
async function seedFunnelMonth(services: AppServices, now: Date): Promise<void> {
  const seeded = await services.db.selectFrom('funnel_events').select('session').where('session', 'like', 'demo-funnel-%').limit(1).executeTakeFirst();
  if (seeded) return;
  const random = seededRandom(18);
  const chance = (p: number) => random() < p;
  const rows: Insertable<FunnelEventsTable>[] = [];
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  let sessionNo = 0;
  for (let day = 29; day >= 0; day -= 1) {
    const start = today - day * DAY_MS;
    const weekday = new Date(start).getUTCDay();
    const visits = Math.round((weekday === 0 || weekday === 6 ? 9 : 26) + random() * 10);
    for (let visit = 0; visit < visits; visit += 1) {
      const session = `demo-funnel-${String(++sessionNo).padStart(5, '0')}`;
      let pick = random();
      const origin = FUNNEL_PARTNERS.find((partner) => (pick -= partner.weight) < 0)?.origin ?? FUNNEL_PARTNERS[0].origin;
      // Business hours, US time (14:00–23:00 UTC), a few minutes between steps.
      let at = start + (14 + random() * 9) * 60 * 60 * 1000;
      if (at > now.getTime()) at = now.getTime() - random() * 60 * 60 * 1000;
      const steps: FunnelEventsTable['step'][] = [];
      const kind = random();
      if (kind < 0.08) {
        steps.push('permit-started'); // already signed in
        if (chance(0.6)) steps.push('success-page');
      } else if (kind < 0.22) {
        steps.push('existing-customer');
        if (chance(0.82)) {
          steps.push('sign-in');
          if (chance(0.85)) {
            steps.push('permit-started');
            if (chance(0.58)) steps.push('success-page');
          }
        }
      } else {
        steps.push(chance(0.64) ? 'contractor' : 'do-it-yourselfer');
        if (chance(0.57)) {
          steps.push('sign-up');
          if (chance(0.78)) {
            steps.push('permit-started');
            if (chance(0.52)) steps.push('success-page');
          }
        }
      }
      for (const step of steps) {
        rows.push({ session, step, origin, created_at: new Date(Math.min(at, now.getTime())) });
        at += (1 + random() * 6) * 60 * 1000;
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await services.db.insertInto('funnel_events').values(rows.slice(i, i + 500)).onConflict((oc) => oc.columns(['session', 'step']).doNothing()).execute();
  }
}
