// The rest of the demo company's month of work (issue 18), after the vault, vendors and conversations of
// demo-showcase.ts: documents on its permits, a failed inspection beside the passed and scheduled ones, a
// quote from the permit team waiting for an answer and one accepted, a guest company with a read-only view
// of the vault and two projects, e-sign envelopes (one signed by the plumber, one waiting for a homeowner),
// and a homeowner's status page with a confirmed subscriber. Written through the product's own functions;
// every step looks for its rows first, so a second run adds nothing.
import { Secret, TOTP } from 'otpauth';
import { sql } from 'kysely';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { inTransaction } from '../db/transaction.js';
import { sendEnvelope } from '../esign/envelopes.js';
import { signEnvelope, verifySignerPasscode } from '../esign/signing.js';
import { hashSignToken, newSignToken } from '../esign/tokens.js';
import type { AuthUser } from '../identity/user.js';
import { answerDeskQuote, issueDeskQuote } from '../integrations/desk-quotes.js';
import { approveGuest, inviteGuest } from '../invitations/guest-access.js';
import { invitationCtx } from '../invitations/invitation-context.js';
import { registerUpload } from '../permits/documents.js';
import { recordProjectUpdate } from '../permits/project-updates.js';
import { createStatusLink } from '../permits/status-links/links.js';
import { confirmStatusSubscription, subscribeToStatus } from '../permits/status-links/public-status.js';
import { hashStatusToken, newStatusToken } from '../permits/status-links/tokens.js';
import type { AppServices } from '../services.js';
import { samplePdf } from './demo-pdf.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export const DEMO_GUEST_NAME = 'Harborview Property Management';

export interface WorkOptions {
  companyId: number;
  owner: AuthUser & { name: string };
  team: { userId: string };
  /** The second vendor (the plumber) who signs the subcontract. */
  plumber: { companyId: number; name: string; email: string; signer: string };
  /** Makes (or finds) a company with its owner: the guest company. */
  ensureCompany: (name: string, email: string, ownerName: string) => Promise<{ id: number; ownerUserId: string }>;
}

interface DemoPermit {
  id: number;
  project_id: number;
  stage: number;
  customer_name: string;
  project_address: string;
}

/**
 * The demo company's permits at `stages`, newest first, requested before `before` (the demo load spreads
 * its permits over the month: a step dated days ago picks one that was already there).
 */
async function permitsAt(services: AppServices, companyId: number, stages: readonly number[], limit: number, before: Date): Promise<DemoPermit[]> {
  const { rows } = await sql<DemoPermit>`
    SELECT r.id, r.project_id, r.stage, p.customer_name, p.project_address FROM permits r JOIN projects p ON p.id = r.project_id
    WHERE p.company_id = ${companyId} AND r.stage IN (${sql.join([...stages])}) AND NOT r.dismissed AND r.created_at < ${before}
    ORDER BY r.id DESC LIMIT ${limit}`.execute(services.db);
  return rows.map((row) => ({ ...row, id: Number(row.id), project_id: Number(row.project_id) }));
}

/** The services as they were `days` ago: what a step records then reads as part of the month, not of today. */
const daysAgo = (services: AppServices, days: number, hours = 0): AppServices => {
  const at = new Date(services.clock().getTime() - days * DAY_MS - hours * 60 * 60 * 1000);
  return { ...services, clock: () => at };
};

/** The made-up address of a demo homeowner: 'Jose Patel' → jose.patel@homeowner.test. */
const homeownerEmail = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '')}@homeowner.test`;

const exists = async (services: AppServices, query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(services.db)).rows[0]?.n ?? 0) > 0;

/**
 * The steps in the order they happened (each dated back through the clock it is given), so the audit
 * trail, which lists by its own order, reads as the month it tells; the permit documents come last, with
 * the conversations (seedPermitDocuments, called after them).
 */
export async function seedDemoWork(services: AppServices, options: WorkOptions): Promise<void> {
  await seedGuest(services, options); // 10 and 9 days ago
  await seedSubcontract(services, options); // 9, 8 and 7 days ago
  await seedStatusPage(services, options); // 6 days ago
  await seedAcceptedQuote(services, options); // issued 6 days ago, accepted 4
  await seedFailedInspection(services, options); // 3 days ago
  await seedOwnerAuthorization(services, options); // two and a half days ago
  await seedPendingQuote(services, options); // two days ago, before this week's conversations
}

const PERMIT_DOCUMENTS = [
  { documentType: 'Plans', title: 'Plan set', lines: ['Sheet E-1: single-line diagram', 'Sheet E-2: panel schedule', 'Sheet A-1: site plan'] },
  { documentType: 'Load calculations', title: 'Load calculations', lines: ['Service: 200 A, 240 V', 'Calculated load: 142 A (NEC 220.82)', 'Stamped by the engineer of record, page 3'] },
  { documentType: 'Permit', title: 'Issued permit card', lines: ['Post this card at the job site, visible from the street.', 'Inspections: call 48 hours ahead.'] },
];

/** A plan set and load calculations on the newest permits in progress, the permit card on issued ones. */
export async function seedPermitDocuments(services: AppServices, { companyId, owner }: WorkOptions): Promise<void> {
  if (await exists(services, sql<{ n: number }>`SELECT count(*)::int AS n FROM permit_documents d JOIN projects p ON p.id = d.project_id WHERE p.company_id = ${companyId}`)) return;
  const inProgress = await permitsAt(services, companyId, [20, 30, 40], 3, services.clock());
  const issued = await permitsAt(services, companyId, [50], 2, services.clock());
  const plan = [
    ...inProgress.flatMap((permit) => [PERMIT_DOCUMENTS[0]!, PERMIT_DOCUMENTS[1]!].map((doc) => ({ permit, doc }))),
    ...issued.map((permit) => ({ permit, doc: PERMIT_DOCUMENTS[2]! })),
  ];
  const actor: AuditActor = { userId: owner.sub, role: 'customer', requestId: null };
  for (const { permit, doc } of plan) {
    const bytes = await samplePdf(`${doc.title}: permit #${permit.id}`, [permit.customer_name, permit.project_address, '', ...doc.lines]);
    const fileName = `${doc.title.replace(/[^A-Za-z0-9]+/g, '-')}-${permit.id}.pdf`;
    await registerUpload(services, services.db, {
      permitId: permit.id, projectId: permit.project_id, fileName, contentType: 'application/pdf', size: bytes.length, documentType: doc.documentType,
      userId: owner.sub, actor, companyId,
    });
    const row = await services.db.selectFrom('permit_documents').select('storage_key').where('permit_id', '=', permit.id).where('file_name', '=', fileName).executeTakeFirstOrThrow();
    await services.storage.put(row.storage_key, bytes, { contentType: 'application/pdf', fileName, ownerUserId: owner.sub });
  }
}

/**
 * A rough-in that failed (the seeded inspections are passed, scheduled or open), its re-inspection
 * booked. The permit desk records results with a plain update (operator.handlers.ts): so does this.
 */
async function seedFailedInspection(services: AppServices, { companyId, team }: WorkOptions): Promise<void> {
  if (await exists(services, sql<{ n: number }>`SELECT count(*)::int AS n FROM permit_inspections i JOIN permits r ON r.id = i.permit_id JOIN projects p ON p.id = r.project_id WHERE p.company_id = ${companyId} AND i.status = 'failed'`)) return;
  const now = services.clock();
  const { rows } = await sql<{ id: number; permit_id: number; inspection_name: string; project_id: number; owner_user_id: string | null; customer_name: string }>`
    SELECT i.id, i.permit_id, i.inspection_name, r.project_id, p.owner_user_id, p.customer_name FROM permit_inspections i JOIN permits r ON r.id = i.permit_id JOIN projects p ON p.id = r.project_id
    WHERE p.company_id = ${companyId} AND r.stage = 50 AND i.status = 'scheduled' AND (r.expires_at IS NULL OR r.expires_at > ${new Date(now.getTime() + 30 * DAY_MS)})
      AND r.stage_entered_at < ${new Date(now.getTime() - 4 * DAY_MS)}
    ORDER BY r.id DESC LIMIT 1`.execute(services.db);
  const inspection = rows[0];
  if (!inspection) return;
  const failedAt = new Date(now.getTime() - 3 * DAY_MS);
  const notes = 'Correction notice: two items to fix (see the notice posted on site); call for a re-inspection once corrected.';
  const reinspection = `${inspection.inspection_name} re-inspection`;
  await inTransaction(services.db, async (trx) => {
    await sql`UPDATE permit_inspections SET status = 'failed', scheduled_at = ${failedAt}, completed_at = ${failedAt}, result_notes = ${notes} WHERE id = ${inspection.id}`.execute(trx);
    const permit = { id: Number(inspection.permit_id), project_id: Number(inspection.project_id), company_id: companyId, owner_user_id: inspection.owner_user_id };
    await recordAudit(
      trx,
      { userId: team.userId, role: 'permit_team', requestId: null },
      {
        entity: 'permit', entityId: permit.id, action: 'inspection_updated', companyId, permitId: permit.id, customerVisible: true,
        before: { inspection: inspection.inspection_name, status: 'scheduled' }, after: { inspection: inspection.inspection_name, status: 'failed', resultNotes: notes },
      },
      failedAt,
    );
    await recordProjectUpdate(trx, permit, { stage: 50, message: `${inspection.inspection_name} inspection for ${inspection.customer_name}: failed.`, createdAt: failedAt });
    const order = await sql<{ n: number }>`SELECT COALESCE(max(perform_order), 0)::int AS n FROM permit_inspections WHERE permit_id = ${inspection.permit_id}`.execute(trx);
    const at = new Date(Math.floor((now.getTime() + 5 * DAY_MS) / DAY_MS) * DAY_MS + 16 * 60 * 60 * 1000);
    await sql`INSERT INTO permit_inspections (permit_id, inspection_name, status, perform_order, scheduled_at, created_at)
      VALUES (${inspection.permit_id}, ${reinspection}, 'scheduled', ${Number(order.rows[0]?.n ?? 0) + 1}, ${at}, ${now})`.execute(trx);
  });
}

const quoteCount = (services: AppServices, companyId: number, status: string) =>
  exists(services, sql<{ n: number }>`SELECT count(*)::int AS n FROM permit_quotes q JOIN permits r ON r.id = q.permit_id JOIN projects p ON p.id = r.project_id WHERE p.company_id = ${companyId} AND q.status = ${status}`);
const teamActorOf = (team: WorkOptions['team']): AuditActor => ({ userId: team.userId, role: 'permit_team', requestId: null });

/** The permit team quoted a processing permit; the customer accepted it (the permit moved on to Submitted). */
async function seedAcceptedQuote(services: AppServices, { companyId, owner, team }: WorkOptions): Promise<void> {
  if (await quoteCount(services, companyId, 'accepted')) return;
  const issued = daysAgo(services, 6);
  const [processing] = await permitsAt(services, companyId, [20], 1, new Date(issued.clock().getTime() - 2 * DAY_MS));
  if (!processing) return;
  // It reached Processing before it was quoted (the demo load may date that entry later).
  await services.db.updateTable('permit_stage_history').set({ changed_at: new Date(issued.clock().getTime() - DAY_MS) })
    .where('permit_id', '=', processing.id).where('to_stage', '=', 20).where('changed_at', '>', issued.clock()).execute();
  const validUntil = isoDay(new Date(issued.clock().getTime() + 21 * DAY_MS));
  const quote = await inTransaction(services.db, (trx) =>
    issueDeskQuote(trx, issued, teamActorOf(team), processing.id, { validUntil, lineItems: [{ label: 'City permit fee', amount: 298 }, { label: 'PermitDesk filing service', amount: 249 }] }),
  );
  await inTransaction(services.db, (trx) =>
    answerDeskQuote(trx, daysAgo(services, 4, 5), owner.sub, () => ({ userId: owner.sub, role: 'customer', requestId: null }), quote.quoteId, { answer: 'accepted' }),
  );
}

/** A quote on a requested permit, two days old, waiting for the customer's answer. */
async function seedPendingQuote(services: AppServices, { companyId, team }: WorkOptions): Promise<void> {
  if (await quoteCount(services, companyId, 'pending')) return;
  const then = daysAgo(services, 2, 8);
  const [requested] = await permitsAt(services, companyId, [10], 1, then.clock());
  if (!requested) return;
  const validUntil = isoDay(new Date(services.clock().getTime() + 14 * DAY_MS));
  await inTransaction(services.db, (trx) =>
    issueDeskQuote(trx, then, teamActorOf(team), requested.id, {
      validUntil,
      lineItems: [
        { label: 'City permit fee', amount: 412.5 },
        { label: 'Plan review fee', amount: 185 },
        { label: 'PermitDesk filing service', amount: 249 },
      ],
    }),
  );
}

/** The property manager of two of the demo company's jobs sees its vault and those projects, read-only. */
async function seedGuest(services: AppServices, options: WorkOptions): Promise<void> {
  const { companyId, owner } = options;
  if (await exists(services, sql<{ n: number }>`SELECT count(*)::int AS n FROM invitations WHERE from_company_id = ${companyId} AND kind = 'GUEST_ACCESS'`)) return;
  const guest = await options.ensureCompany(DEMO_GUEST_NAME, 'harbor@permitdesk.test', 'Hana Harbor');
  const then = daysAgo(services, 10);
  const projects = await sql<{ id: number }>`SELECT id FROM projects WHERE company_id = ${companyId} AND created_at < ${then.clock()} ORDER BY id DESC LIMIT 2`.execute(services.db);
  const hostCtx = await invitationCtx(then, owner);
  const invitation = await inviteGuest(hostCtx, {
    companyId, email: 'harbor@permitdesk.test', companyName: DEMO_GUEST_NAME,
    message: 'Read-only access to our licenses, insurance and the two Harborview jobs, as agreed.',
    scope: { vault: true, projectIds: projects.rows.map((row) => Number(row.id)) },
  });
  const guestUser = await services.db.selectFrom('users').select(['id', 'email']).where('id', '=', guest.ownerUserId).executeTakeFirstOrThrow();
  await approveGuest(await invitationCtx(daysAgo(services, 9), { sub: guestUser.id, email: guestUser.email }), invitation.invitationId, guest.id);
}

/** Signs for the signer whose turn it is: a known link and the mailed passcode, then the typed signature. */
async function signAs(services: AppServices, envelopeId: string, typed: string): Promise<void> {
  const signer = await services.db.selectFrom('esign_signers').selectAll().where('envelope_id', '=', envelopeId).where('status', '=', 'invited').executeTakeFirstOrThrow();
  const token = newSignToken();
  await services.db.updateTable('esign_signers').set({ token_hash: hashSignToken(token) }).where('id', '=', signer.id).execute();
  const totp = new TOTP({ issuer: 'PermitDesk', label: signer.email, algorithm: 'SHA1', digits: 6, period: 300, secret: Secret.fromBase32(signer.passcode_secret) });
  await verifySignerPasscode(services, token, totp.generate({ timestamp: services.clock().getTime() }));
  await signEnvelope(services, token, { kind: 'typed', text: typed }, { ip: '203.0.113.24', userAgent: 'Mozilla/5.0 (PermitDesk demo)' });
}

const SUBCONTRACT_TITLE = (plumber: string) => `Subcontract agreement: ${plumber}`;

/** The plumber's subcontract, sent nine days ago and signed by both since. */
async function seedSubcontract(services: AppServices, { companyId, owner, plumber }: WorkOptions): Promise<void> {
  const title = SUBCONTRACT_TITLE(plumber.name);
  if (await exists(services, sql<{ n: number }>`SELECT count(*)::int AS n FROM esign_envelopes WHERE company_id = ${companyId} AND title = ${title}`)) return;
  const contract = await samplePdf(title, [
    `Between: the demo contractor and ${plumber.name}`,
    'Scope: rough-in and finish plumbing, Maple Ave remodel',
    'Insurance: the subcontractor keeps a current COI on file in PermitDesk',
    'Payment: net 30 on the approved final inspection',
  ]);
  const signed = await sendEnvelope(daysAgo(services, 9), owner, { userId: owner.sub, role: 'customer', requestId: null }, {
    companyId, title,
    source: { kind: 'pdf', fileName: 'subcontract-summit-plumbing.pdf', pdfBase64: Buffer.from(contract).toString('base64') },
    signers: [{ name: plumber.signer, email: plumber.email }, { name: owner.name, email: owner.email }],
  });
  await signAs(daysAgo(services, 8), signed.id, plumber.signer);
  await signAs(daysAgo(services, 7), signed.id, owner.name);
}

/** A homeowner's authorization to pull the permit, on a requested permit, waiting for the signature. */
async function seedOwnerAuthorization(services: AppServices, { companyId, owner }: WorkOptions): Promise<void> {
  if (await exists(services, sql<{ n: number }>`SELECT count(*)::int AS n FROM esign_envelopes WHERE company_id = ${companyId} AND permit_id IS NOT NULL`)) return;
  const then = daysAgo(services, 2, 12);
  const [permit] = await permitsAt(services, companyId, [10, 20], 1, then.clock());
  if (!permit) return;
  const authorization = await samplePdf(`Owner authorization: permit #${permit.id}`, [
    `Property: ${permit.project_address}`,
    `Owner: ${permit.customer_name}`,
    'I authorize the contractor to apply for and pull this permit on my behalf.',
  ]);
  await sendEnvelope(then, owner, { userId: owner.sub, role: 'customer', requestId: null }, {
    permitId: permit.id, title: 'Owner authorization to pull the permit',
    source: { kind: 'pdf', fileName: `owner-authorization-${permit.id}.pdf`, pdfBase64: Buffer.from(authorization).toString('base64') },
    signers: [{ name: permit.customer_name, email: homeownerEmail(permit.customer_name) }],
  });
}

/** The homeowner of an approved permit follows it on its status page, subscribed and confirmed. */
async function seedStatusPage(services: AppServices, { companyId, owner }: WorkOptions): Promise<void> {
  if (await exists(services, sql<{ n: number }>`SELECT count(*)::int AS n FROM permit_status_links l JOIN permits r ON r.id = l.permit_id JOIN projects p ON p.id = r.project_id WHERE p.company_id = ${companyId}`)) return;
  const then = daysAgo(services, 6, 12);
  const [permit] = await permitsAt(services, companyId, [40], 1, then.clock());
  if (!permit) return;
  const { link, token } = await createStatusLink(
    services.db,
    { permitId: permit.id, companyId, userId: owner.sub, actor: { userId: owner.sub, role: 'customer', requestId: null }, label: `${permit.customer_name} (homeowner)`, showPrices: false },
    then.clock(),
  );
  const email = homeownerEmail(permit.customer_name);
  await subscribeToStatus(then, token, email);
  // The confirmation link went by mail; the homeowner clicks it (a known token stands in for the mailed one).
  const confirmToken = newStatusToken();
  await services.db.updateTable('permit_status_subscribers').set({ confirm_hash: hashStatusToken(confirmToken) }).where('link_id', '=', link.id).where('email', '=', email).execute();
  await confirmStatusSubscription(daysAgo(services, 6, 10), token, confirmToken);
}
