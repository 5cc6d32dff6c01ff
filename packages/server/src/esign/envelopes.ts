// E-signature envelopes, the sender's side (issue 13, part 2): send a PDF or the permit cancellation
// template to signers in order, list a company's or a permit's envelopes, void, remind. Who may: for a
// permit's envelope, the permit team or whoever edits the permit (reading: whoever reads it); for a
// company's, its Owner, Administrator or PM (reading: any usable role). An envelope past its expiry is
// 'expired' from then on (written the first time anyone reads it).
import { ESIGN_LIMITS, ESIGN_MESSAGES, type CreateEnvelope, type Envelope, type EnvelopeStatus } from '@permitdesk/core';
import { Secret } from 'otpauth';
import type { AuditActor } from '../audit/audit.js';
import { recordAudit } from '../audit/audit.js';
import { requireRoleInCompany } from '../companies/company-access.js';
import type { Db, Tx } from '../db/schema.js';
import type { EsignEnvelopesTable, EsignSignersTable } from '../db/tables/esign.js';
import { inTransaction } from '../db/transaction.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user.js';
import { requirePermitAccess } from '../permits/access.js';
import { iso } from '../rows/values.js';
import type { AppServices } from '../services.js';
import { isStaff } from '../staff/staff.js';
import type { Selectable } from 'kysely';
import { cancellationTemplate, readablePdf, sha256Hex } from './pdf.js';
import { hashSignToken, newSignToken, signUrl } from './tokens.js';

export type EnvelopeRow = Selectable<EsignEnvelopesTable>;
export type SignerRow = Selectable<EsignSignersTable>;
type Services = Pick<AppServices, 'db' | 'clock' | 'mail' | 'config' | 'storage'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isEnvelopeId = (id: string) => UUID.test(id);

const DAY = 24 * 3600 * 1000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Marks an open envelope past its expiry as expired; answers the row as it now is. */
export async function expireIfDue(db: Db, row: EnvelopeRow, now: Date): Promise<EnvelopeRow> {
  if (row.status !== 'sent' || new Date(row.expires_at).getTime() > now.getTime()) return row;
  await db.updateTable('esign_envelopes').set({ status: 'expired' }).where('id', '=', row.id).where('status', '=', 'sent').execute();
  return { ...row, status: 'expired' };
}

export function toEnvelope(row: EnvelopeRow, signers: readonly SignerRow[]): Envelope {
  return {
    id: row.id,
    companyId: row.company_id,
    permitId: row.permit_id,
    purpose: row.purpose,
    title: row.title,
    fileName: row.file_name,
    status: row.status,
    originalSha256: row.original_sha256,
    signedSha256: row.signed_sha256,
    expiresAt: iso(row.expires_at),
    createdAt: iso(row.created_at),
    completedAt: row.completed_at ? iso(row.completed_at) : null,
    voidedAt: row.voided_at ? iso(row.voided_at) : null,
    voidReason: row.void_reason,
    reminderCount: row.reminder_count,
    signers: [...signers]
      .sort((a, b) => a.position - b.position)
      .map((s) => ({
        position: s.position,
        name: s.name,
        email: s.email,
        status: s.status,
        locked: s.locked_at !== null,
        invitedAt: s.invited_at ? iso(s.invited_at) : null,
        signedAt: s.signed_at ? iso(s.signed_at) : null,
        declinedAt: s.declined_at ? iso(s.declined_at) : null,
        declineReason: s.decline_reason,
      })),
  };
}

const signersOf = (db: Db, envelopeIds: readonly string[]) =>
  envelopeIds.length === 0 ? Promise.resolve([] as SignerRow[]) : db.selectFrom('esign_signers').selectAll().where('envelope_id', 'in', envelopeIds).orderBy('position').execute();

async function envelopeAnswer(db: Db, row: EnvelopeRow): Promise<Envelope> {
  return toEnvelope(row, await signersOf(db, [row.id]));
}

/** The company a permit's project belongs to (null for a personal project). */
async function companyOfPermit(db: Db, permitId: number): Promise<number | null> {
  const row = await db.selectFrom('permits as p').innerJoin('projects as pr', 'pr.id', 'p.project_id').select('pr.company_id').where('p.id', '=', permitId).executeTakeFirst();
  return row?.company_id ?? null;
}

const MANAGERS = ['owner', 'administrator', 'pm'] as const;
const MEMBERS = ['owner', 'administrator', 'pm', 'user'] as const;

/** Whether the user may send (manage) or read envelopes of a permit or a company; throws 403/404 otherwise. */
async function requireEnvelopeScope(db: Db, user: AuthUser, scope: { permitId: number | null; companyId: number | null }, need: 'read' | 'manage'): Promise<void> {
  if (scope.permitId !== null) {
    if (await isStaff(db, user.sub)) return;
    await requirePermitAccess(db, user.sub, scope.permitId, need === 'manage' ? 'editor' : 'view-only');
    return;
  }
  await requireRoleInCompany(db, user.sub, scope.companyId!, need === 'manage' ? MANAGERS : MEMBERS);
}

/** An envelope by id that the user may read (or manage); 404 when they may not know it. */
export async function reachableEnvelope(db: Db, user: AuthUser, id: string, need: 'read' | 'manage'): Promise<EnvelopeRow> {
  const row = isEnvelopeId(id) ? await db.selectFrom('esign_envelopes').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw notFound(ESIGN_MESSAGES.envelopeNotFound, 'ESIGN_NOT_FOUND');
  const scope = { permitId: row.permit_id, companyId: row.company_id };
  // Who cannot even read it does not learn it exists (404); who reads but may not manage gets 403.
  try {
    await requireEnvelopeScope(db, user, scope, 'read');
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 403) throw notFound(ESIGN_MESSAGES.envelopeNotFound, 'ESIGN_NOT_FOUND');
    throw error;
  }
  if (need === 'manage') await requireEnvelopeScope(db, user, scope, 'manage');
  return row;
}

/** The sender's name shown to signers: the company's, else the user's e-mail. */
export async function senderNameOf(db: Db, row: Pick<EnvelopeRow, 'company_id' | 'created_by'>): Promise<string> {
  if (row.company_id !== null) {
    const company = await db.selectFrom('companies').select('name').where('id', '=', row.company_id).executeTakeFirst();
    if (company) return company.name;
  }
  const user = row.created_by ? await db.selectFrom('users').select('email').where('id', '=', row.created_by).executeTakeFirst() : undefined;
  return user?.email ?? 'PermitDesk';
}

/** Gives the signer a new link (the previous one stops working) and mails it. */
export async function inviteSigner(trx: Tx, services: Services, envelope: EnvelopeRow, signer: SignerRow, now: Date, reminder: boolean): Promise<void> {
  const token = newSignToken();
  await trx
    .updateTable('esign_signers')
    .set({ token_hash: hashSignToken(token), status: 'invited', invited_at: signer.invited_at ?? now, passcode_failures: 0, locked_at: null, passcode_verified_at: null })
    .where('id', '=', signer.id)
    .execute();
  await services.mail.send(
    'esign_request',
    signer.email,
    { name: signer.name, senderName: await senderNameOf(trx, envelope), title: envelope.title, link: signUrl(services.config.PUBLIC_URL, token), expiresOn: isoDate(new Date(envelope.expires_at)), reminder },
    { db: trx },
  );
}

/** The trail's entry of an envelope's event: on its permit (shown to the customer), else on its company. */
export function auditEntry(row: Pick<EnvelopeRow, 'id' | 'permit_id' | 'company_id' | 'title'>, action: string, after: Record<string, unknown>) {
  return row.permit_id !== null
    ? { entity: 'permit' as const, entityId: row.permit_id, permitId: row.permit_id, companyId: row.company_id, action, customerVisible: true, after: { envelope: row.title, ...after } }
    : { entity: 'company' as const, entityId: row.company_id!, companyId: row.company_id, action, after: { envelope: row.title, ...after } };
}

function decodePdf(base64: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest(ESIGN_MESSAGES.pdfUnreadable, 'ESIGN_PDF_UNREADABLE');
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.byteLength > ESIGN_LIMITS.pdfBytes) throw badRequest(ESIGN_MESSAGES.pdfTooLarge, 'ESIGN_PDF_TOO_LARGE');
  return bytes;
}

/** What a permit's cancellation document names: the permit, its customer, job address, municipality and task. */
export const cancellationFacts = (db: Db, permitId: number) =>
  db
    .selectFrom('permits as p')
    .innerJoin('projects as pr', 'pr.id', 'p.project_id')
    .innerJoin('municipalities as m', 'm.id', 'p.municipality_id')
    .innerJoin('permit_tasks as t', 't.id', 'p.task_id')
    .select(['p.id', 'pr.customer_name', 'pr.project_address', 'm.name as municipality', 't.name as task'])
    .where('p.id', '=', permitId)
    .executeTakeFirstOrThrow();

async function templateFacts(db: Db, permitId: number, now: Date) {
  const permit = await cancellationFacts(db, permitId);
  return { permitId: permit.id, customerName: permit.customer_name, address: permit.project_address, municipality: permit.municipality, task: permit.task, prepared: isoDate(now) };
}

/** POST /v4/esign/envelopes. */
export async function sendEnvelope(services: Services, user: AuthUser, actor: AuditActor, input: CreateEnvelope): Promise<Envelope> {
  const db = services.db;
  const now = services.clock();
  const permitId = input.permitId ?? null;
  if (permitId !== null) await requireEnvelopeScope(db, user, { permitId, companyId: null }, 'manage');
  const permitCompany = permitId !== null ? await companyOfPermit(db, permitId) : null;
  if (input.companyId !== undefined && (permitId === null || permitCompany !== input.companyId)) {
    await requireEnvelopeScope(db, user, { permitId: null, companyId: input.companyId }, 'manage');
  }
  const companyId = input.companyId ?? permitCompany;
  let pdf: Uint8Array;
  let fileName: string;
  if (input.source.kind === 'pdf') {
    pdf = decodePdf(input.source.pdfBase64);
    if (!(await readablePdf(pdf))) throw badRequest(ESIGN_MESSAGES.pdfUnreadable, 'ESIGN_PDF_UNREADABLE');
    fileName = input.source.fileName;
  } else {
    if (permitId === null) throw badRequest(ESIGN_MESSAGES.templateNeedsPermit, 'ESIGN_TEMPLATE_NEEDS_PERMIT');
    pdf = await cancellationTemplate(await templateFacts(db, permitId, now));
    fileName = `cancellation-request-${permitId}.pdf`;
  }
  const purpose = input.source.kind === 'template' ? 'cancellation' : 'document';
  const expiresAt = new Date(now.getTime() + (input.expiresInDays ?? ESIGN_LIMITS.defaultExpiryDays) * DAY);
  return inTransaction(db, async (trx) => {
    const envelope = await createEnvelope(trx, services, actor, { companyId, permitId, purpose, title: input.title, fileName, pdf, expiresAt, signers: input.signers, createdBy: user.sub, now });
    return envelopeAnswer(trx, envelope);
  });
}

interface NewEnvelope {
  companyId: number | null;
  permitId: number | null;
  purpose: 'cancellation' | 'document';
  title: string;
  fileName: string;
  pdf: Uint8Array;
  expiresAt: Date;
  signers: readonly { name: string; email: string }[];
  createdBy: string;
  now: Date;
}

/** Writes the envelope and its signers in order, invites the first and records it: in the caller's transaction. */
async function createEnvelope(trx: Tx, services: Services, actor: AuditActor, input: NewEnvelope): Promise<EnvelopeRow> {
  const { pdf, now } = input;
  const envelope = await trx
    .insertInto('esign_envelopes')
    .values({
      company_id: input.companyId, permit_id: input.permitId, purpose: input.purpose, title: input.title, file_name: input.fileName, status: 'sent',
      original_pdf: pdf, original_sha256: sha256Hex(pdf), current_pdf: pdf, expires_at: input.expiresAt, created_by: input.createdBy, created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const signers = await trx
    .insertInto('esign_signers')
    .values(input.signers.map((s, index) => ({ envelope_id: envelope.id, position: index + 1, name: s.name, email: s.email, status: 'waiting' as const, passcode_secret: new Secret({ size: 20 }).base32 })))
    .returningAll()
    .execute();
  await inviteSigner(trx, services, envelope, signers.find((s) => s.position === 1)!, now, false);
  await recordAudit(trx, actor, auditEntry(envelope, 'esign_sent', { signers: input.signers.map((s) => s.name) }), now);
  return envelope;
}

/**
 * Form 50 (SPEC §3 'E-sign document … (cancellation)'): a cancellation request is signed by the person who
 * asked for it before the permit team can approve it (see cancellationAwaitsSignature). Called in the form's
 * transaction, so a request is never stored without its envelope.
 */
export async function requestCancellationSignature(
  trx: Tx,
  services: Services,
  actor: AuditActor,
  input: { permitId: number; companyId: number | null; signer: { name: string; email: string }; createdBy: string; now: Date },
): Promise<void> {
  const { permitId, now } = input;
  const pdf = await cancellationTemplate(await templateFacts(trx, permitId, now));
  await createEnvelope(trx, services, actor, {
    companyId: input.companyId, permitId, purpose: 'cancellation', title: CANCELLATION_TITLE, fileName: `cancellation-request-${permitId}.pdf`, pdf,
    expiresAt: new Date(now.getTime() + ESIGN_LIMITS.defaultExpiryDays * DAY), signers: [input.signer], createdBy: input.createdBy, now,
  });
}

const CANCELLATION_TITLE = 'Permit cancellation request';

/** The permit team declined the cancellation: its envelopes still waiting for signatures are voided. */
export async function voidOpenCancellation(trx: Tx, actor: AuditActor, permitId: number, now: Date): Promise<void> {
  const reason = 'The cancellation request was declined.';
  const voided = await trx
    .updateTable('esign_envelopes')
    .set({ status: 'voided', voided_at: now, void_reason: reason })
    .where('permit_id', '=', permitId)
    .where('purpose', '=', 'cancellation')
    .where('status', '=', 'sent')
    .returningAll()
    .execute();
  for (const row of voided) await recordAudit(trx, actor, auditEntry(row, 'esign_voided', { reason }), now);
}

/** GET /v4/esign/envelopes?permitId= | ?companyId=: newest first. */
export async function listEnvelopes(services: Services, user: AuthUser, query: { permitId?: number; companyId?: number }): Promise<Envelope[]> {
  const db = services.db;
  if (query.permitId === undefined && query.companyId === undefined) throw badRequest(ESIGN_MESSAGES.noOwner, 'ESIGN_NO_OWNER');
  await requireEnvelopeScope(db, user, { permitId: query.permitId ?? null, companyId: query.companyId ?? null }, 'read');
  let select = db.selectFrom('esign_envelopes').selectAll();
  if (query.permitId !== undefined) select = select.where('permit_id', '=', query.permitId);
  else select = select.where('company_id', '=', query.companyId!);
  const now = services.clock();
  const rows = await Promise.all((await select.orderBy('created_at', 'desc').execute()).map((row) => expireIfDue(db, row, now)));
  const signers = await signersOf(db, rows.map((r) => r.id));
  return rows.map((row) => toEnvelope(row, signers.filter((s) => s.envelope_id === row.id)));
}

function requireOpen(row: EnvelopeRow): void {
  if (row.status !== 'sent') throw conflict(ESIGN_MESSAGES.notOpen, 'ESIGN_NOT_OPEN');
}

/** PUT /v4/esign/envelopes/{id}/void: the sender stops an envelope; every link stops working. */
export async function voidEnvelope(services: Services, user: AuthUser, actor: AuditActor, id: string, reason: string | null): Promise<Envelope> {
  const now = services.clock();
  const row = await expireIfDue(services.db, await reachableEnvelope(services.db, user, id, 'manage'), now);
  requireOpen(row);
  return inTransaction(services.db, async (trx) => {
    const updated = await trx.updateTable('esign_envelopes').set({ status: 'voided', voided_at: now, void_reason: reason }).where('id', '=', row.id).where('status', '=', 'sent').returningAll().executeTakeFirst();
    if (!updated) throw conflict(ESIGN_MESSAGES.notOpen, 'ESIGN_NOT_OPEN');
    await recordAudit(trx, actor, auditEntry(row, 'esign_voided', reason ? { reason } : {}), now);
    return envelopeAnswer(trx, updated);
  });
}

/** PUT /v4/esign/envelopes/{id}/remind: mails the signer whose turn it is a new link (and lifts a passcode lock). */
export async function remindEnvelope(services: Services, user: AuthUser, actor: AuditActor, id: string): Promise<Envelope> {
  const now = services.clock();
  const row = await expireIfDue(services.db, await reachableEnvelope(services.db, user, id, 'manage'), now);
  requireOpen(row);
  return inTransaction(services.db, async (trx) => {
    const current = await trx.selectFrom('esign_signers').selectAll().where('envelope_id', '=', row.id).where('status', '=', 'invited').executeTakeFirstOrThrow();
    await inviteSigner(trx, services, row, current, now, true);
    const updated = await trx
      .updateTable('esign_envelopes')
      .set((eb) => ({ reminder_count: eb('reminder_count', '+', 1), last_reminded_at: now }))
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, auditEntry(row, 'esign_reminded', { signer: current.name }), now);
    return envelopeAnswer(trx, updated);
  });
}

/**
 * Form 50 (issue 13): a permit's cancellation is not complete until its cancellation document is signed.
 * True when the permit has a cancellation envelope that is neither signed by everyone nor voided.
 */
export async function cancellationAwaitsSignature(db: Db, permitId: number): Promise<boolean> {
  const latest = await db
    .selectFrom('esign_envelopes')
    .select('status')
    .where('permit_id', '=', permitId)
    .where('purpose', '=', 'cancellation')
    .where('status', '!=', 'voided')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return latest !== undefined && latest.status !== 'completed';
}

/** The signed PDF of a completed envelope, for GET /v4/documents-esign/download/{id}. */
export async function signedDownload(services: Services, user: AuthUser, id: string): Promise<{ url: string }> {
  const row = await reachableEnvelope(services.db, user, id, 'read');
  if (row.status !== 'completed' || !row.signed_storage_key) throw conflict(ESIGN_MESSAGES.notCompleted, 'ESIGN_NOT_COMPLETED');
  const download = await services.storage.presignDownload(row.signed_storage_key, { fileName: `signed-${row.file_name}`, disposition: 'attachment' });
  return { url: download.url };
}

export type { EnvelopeStatus };
