// E-sign documents (SPEC §3 'E-sign document: docID, document, isSubmitted (cancellation)', §7.7). The
// documentable is a permit's cancellation request: its document is rendered once (HTML, kept in the file
// storage), isSubmitted says whether the cancellation request was submitted, download hands out a
// short-lived URL and resend mails the signer again. Signers identify themselves with a TOTP passcode
// (RFC 6238 through the otpauth package) from a secret kept per user.
import { randomUUID } from 'node:crypto';
import type { EsignDocument } from '@permitdesk/core';
import { Secret, TOTP } from 'otpauth';
import type { AuthUser } from '../identity/user.js';
import { notFound } from '../http/errors.js';
import { escapeHtml } from '../mail/html.js';
import { requirePermitAccess } from '../permits/access.js';
import { cancellationFacts } from '../esign/envelopes.js';
import type { AppServices } from '../services.js';
import type { Db } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { signedDownload } from '../esign/envelopes.js';

export const ESIGN_MESSAGES = {
  unknownType: 'There is no e-sign document of this kind.',
  notFound: 'E-sign document not found.',
} as const;

/** Documentable kinds with an e-sign document: a permit's cancellation (asked as 'cancellation' or 'permit'). */
const DOCUMENTABLE_TYPE = 'PermitCancellation';
const isCancellationType = (type: string) => ['cancellation', 'permit'].includes(type.trim().toLowerCase());

interface DocumentRow {
  id: string;
  documentable_id: string;
  title: string;
  signer_email: string;
  storage_key: string;
}

async function isSubmitted(db: Db, permitId: number): Promise<boolean> {
  const open = await db.selectFrom('cancellation_requests').select('id').where('permit_id', '=', permitId).where('resolved_at', 'is', null).executeTakeFirst();
  return open !== undefined;
}

async function toDocument(db: Db, row: DocumentRow): Promise<EsignDocument> {
  return { docID: row.id, document: row.title, isSubmitted: await isSubmitted(db, Number(row.documentable_id)) };
}

async function render(db: Db, permitId: number, signer: string, now: Date): Promise<{ title: string; html: string }> {
  const permit = await cancellationFacts(db, permitId);
  const title = `Cancellation request for permit ${permit.id}`;
  const rows = [
    ['Permit', String(permit.id)],
    ['Customer', permit.customer_name],
    ['Job address', permit.project_address],
    ['Municipality', permit.municipality],
    ['Type of work', permit.task],
    ['Signer', signer],
    ['Prepared', now.toISOString().slice(0, 10)],
  ];
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>', escapeHtml(title), '</title></head><body>',
    `<h1>${escapeHtml(title)}</h1>`,
    '<table>', ...rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k!)}</th><td>${escapeHtml(v!)}</td></tr>`), '</table>',
    `<p>I ask PermitDesk to request the cancellation of this permit from ${escapeHtml(permit.municipality)} on my behalf.</p>`,
    '<p>PermitDesk is a professional service, not the municipality.</p>',
    '</body></html>',
  ].join('');
  return { title, html };
}

/** GET /v4/esign-documentable/{id}/{type}: the permit cancellation's document, prepared on first request. */
export async function esignDocumentOf(services: AppServices, db: Db, user: AuthUser, permitId: number, type: string): Promise<EsignDocument> {
  if (!isCancellationType(type)) throw notFound(ESIGN_MESSAGES.unknownType, 'ESIGN_TYPE_UNKNOWN');
  await requirePermitAccess(db, user.sub, permitId, 'view-only');
  const existing = await db.selectFrom('esign_documents').selectAll().where('documentable_type', '=', DOCUMENTABLE_TYPE).where('documentable_id', '=', String(permitId)).executeTakeFirst();
  if (existing) return toDocument(db, existing);
  const now = services.clock();
  const { title, html } = await render(db, permitId, user.email, now);
  const key = `esign/permits/${permitId}/${randomUUID()}/cancellation-request.html`;
  // Our own page, kept as a file: served only as an attachment, sandboxed (see storage/serving.ts).
  await services.storage.put(key, new TextEncoder().encode(html), { contentType: 'text/html; charset=utf-8', fileName: 'cancellation-request.html', ownerUserId: user.sub });
  const row = await db
    .insertInto('esign_documents')
    .values({ documentable_type: DOCUMENTABLE_TYPE, documentable_id: String(permitId), title, signer_email: user.email, storage_key: key, created_by: user.sub, created_at: now })
    .onConflict((oc) => oc.columns(['documentable_type', 'documentable_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  // A concurrent request made it first: answer that one (its file is the one kept).
  return toDocument(db, row ?? (await db.selectFrom('esign_documents').selectAll().where('documentable_type', '=', DOCUMENTABLE_TYPE).where('documentable_id', '=', String(permitId)).executeTakeFirstOrThrow()));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One document the user may reach through its permit; 404 otherwise. */
async function reachableDocument(db: Db, user: AuthUser, docId: string, needed: 'view-only' | 'contributor'): Promise<DocumentRow> {
  const row = UUID.test(docId) ? await db.selectFrom('esign_documents').selectAll().where('id', '=', docId).executeTakeFirst() : undefined;
  if (!row) throw notFound(ESIGN_MESSAGES.notFound, 'ESIGN_NOT_FOUND');
  try {
    await requirePermitAccess(db, user.sub, Number(row.documentable_id), needed);
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw notFound(ESIGN_MESSAGES.notFound, 'ESIGN_NOT_FOUND');
    throw error;
  }
  return row;
}

/** GET /v4/documents-esign/download/{id}: a short-lived URL of the document (or of an envelope's signed PDF). */
export async function downloadEsign(services: AppServices, db: Db, user: AuthUser, docId: string): Promise<{ url: string }> {
  // An e-signature envelope's id (issue 13): its signed PDF, once everyone signed.
  if (UUID.test(docId) && (await db.selectFrom('esign_envelopes').select('id').where('id', '=', docId).executeTakeFirst())) return signedDownload(services, user, docId);
  const row = await reachableDocument(db, user, docId, 'view-only');
  const download = await services.storage.presignDownload(row.storage_key, { fileName: 'cancellation-request.html', disposition: 'attachment' });
  return { url: download.url };
}

/** GET /v4/documents-esign/resend/{id}: mails the signer the request to sign again. */
export async function resendEsign(services: AppServices, db: Db, user: AuthUser, docId: string): Promise<EsignDocument> {
  const row = await reachableDocument(db, user, docId, 'contributor');
  const now = services.clock();
  await inTransaction(services.db, async (trx) => {
    await trx.updateTable('esign_documents').set((eb) => ({ sent_count: eb('sent_count', '+', 1), last_sent_at: now })).where('id', '=', row.id).execute();
    await services.mail.send(
      'invitation_notice',
      row.signer_email,
      {
        title: `Please sign: ${row.title}`,
        intro: `${user.email} asks you to review and sign the ${row.title.toLowerCase()}.`,
        message: null,
        link: `${services.config.PUBLIC_URL}/permits/${row.documentable_id}`,
        action: 'Open the permit',
      },
      { db: trx },
    );
  });
  return toDocument(db, row);
}

/** The user's TOTP generator, its secret created on first use. */
async function totpOf(db: Db, user: AuthUser, now: Date): Promise<TOTP> {
  let row = await db.selectFrom('esign_passcode_secrets').select('secret').where('user_id', '=', user.sub).executeTakeFirst();
  if (!row) {
    await db.insertInto('esign_passcode_secrets').values({ user_id: user.sub, secret: new Secret({ size: 20 }).base32, created_at: now }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    row = await db.selectFrom('esign_passcode_secrets').select('secret').where('user_id', '=', user.sub).executeTakeFirstOrThrow();
  }
  return new TOTP({ issuer: 'PermitDesk', label: user.email, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(row.secret) });
}

/** GET /passcode/totp?role=client: the signer's current passcode. */
export async function passcode(services: AppServices, db: Db, user: AuthUser): Promise<{ passcode: string }> {
  const now = services.clock();
  return { passcode: (await totpOf(db, user, now)).generate({ timestamp: now.getTime() }) };
}

/** Whether a passcode is the user's, at `now` or one 30-second step either side. */
export async function verifyPasscode(services: AppServices, db: Db, user: AuthUser, token: string): Promise<boolean> {
  const now = services.clock();
  return (await totpOf(db, user, now)).validate({ token, timestamp: now.getTime(), window: 1 }) !== null;
}
