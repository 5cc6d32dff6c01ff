// E-signature, the signer's side (issue 13, part 2): no account, the /sign/{token} link is the key. The
// signer asks for a passcode (a TOTP of their own secret, mailed), proves the address with it (five
// wrong ones lock the envelope for them until the sender reminds them), reads the PDF, adopts a signature
// and signs, or declines. Only the signer whose turn it is can do anything: a later signer has no link
// yet, a replaced link and a tampered one are the same 404, and a signed or declined signer, or a
// voided, declined, expired or completed envelope, get a clear 409.
import { CLOSED_ENVELOPE_MESSAGE, ESIGN_LIMITS, ESIGN_MESSAGES, type SigningView } from '@permitdesk/core';
import { Secret, TOTP } from 'otpauth';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { HttpError, conflict, notFound } from '../http/errors.js';
import { iso } from '../rows/values.js';
import type { AppServices } from '../services.js';
import { SYSTEM_ACTOR, recordAudit } from '../audit/audit.js';
import { auditEntry, expireIfDue, inviteSigner, senderNameOf, type EnvelopeRow, type SignerRow } from './envelopes.js';
import { appendCertificate, sha256Hex, stampSignature } from './pdf.js';
import { hashSignToken, isSignTokenShaped } from './tokens.js';

type Services = Pick<AppServices, 'db' | 'clock' | 'mail' | 'config' | 'storage'>;

/** Who is signing: recorded on the certificate page. */
export interface SignerClient {
  ip: string;
  userAgent: string;
}

/** A mailed passcode lives 10 minutes (one step either side is accepted). */
const PASSCODE_PERIOD_SECONDS = 300;
const totpOf = (signer: SignerRow) =>
  new TOTP({ issuer: 'PermitDesk', label: signer.email, algorithm: 'SHA1', digits: 6, period: PASSCODE_PERIOD_SECONDS, secret: Secret.fromBase32(signer.passcode_secret) });

const invalidLink = () => notFound(ESIGN_MESSAGES.notFound, 'ESIGN_LINK_NOT_FOUND');

async function byToken(db: Db, token: string, now: Date): Promise<{ envelope: EnvelopeRow; signer: SignerRow }> {
  if (!isSignTokenShaped(token)) throw invalidLink();
  const signer = await db.selectFrom('esign_signers').selectAll().where('token_hash', '=', hashSignToken(token)).executeTakeFirst();
  if (!signer) throw invalidLink();
  const envelope = await db.selectFrom('esign_envelopes').selectAll().where('id', '=', signer.envelope_id).executeTakeFirstOrThrow();
  return { envelope: await expireIfDue(db, envelope, now), signer };
}

async function viewOf(db: Db, envelope: EnvelopeRow, signer: SignerRow): Promise<SigningView> {
  const order = await db.selectFrom('esign_signers').select(['position', 'name', 'status']).where('envelope_id', '=', envelope.id).orderBy('position').execute();
  return {
    title: envelope.title,
    fileName: envelope.file_name,
    senderName: await senderNameOf(db, envelope),
    envelopeStatus: envelope.status,
    signer: {
      name: signer.name,
      email: signer.email,
      status: signer.status,
      locked: signer.locked_at !== null,
      verified: signer.passcode_verified_at !== null,
      declineReason: signer.decline_reason,
    },
    order,
    expiresAt: iso(envelope.expires_at),
  };
}

/** The signer may act: the envelope takes signatures, it is their turn, and they are not locked out. */
function requireTurn(envelope: EnvelopeRow, signer: SignerRow): void {
  if (signer.status === 'signed') throw conflict(ESIGN_MESSAGES.alreadySigned, 'ESIGN_ALREADY_SIGNED');
  if (signer.status === 'declined') throw conflict(ESIGN_MESSAGES.alreadyDeclined, 'ESIGN_ALREADY_DECLINED');
  if (envelope.status !== 'sent') throw conflict(CLOSED_ENVELOPE_MESSAGE[envelope.status], `ESIGN_${envelope.status.toUpperCase()}`);
  if (signer.status !== 'invited') throw conflict(ESIGN_MESSAGES.notYourTurn, 'ESIGN_NOT_YOUR_TURN');
  if (signer.locked_at !== null) throw conflict(ESIGN_MESSAGES.locked, 'ESIGN_LOCKED');
}

function requireVerified(signer: SignerRow): void {
  if (signer.passcode_verified_at === null) throw new HttpError(403, ESIGN_MESSAGES.notVerified, 'ESIGN_NOT_VERIFIED');
}

/** GET /v4/esign/sign/{token}. */
export async function signingView(services: Services, token: string): Promise<SigningView> {
  const { envelope, signer } = await byToken(services.db, token, services.clock());
  return viewOf(services.db, envelope, signer);
}

/** POST /v4/esign/sign/{token}/passcode: mails the current passcode. */
export async function mailPasscode(services: Services, token: string): Promise<{ sent: boolean }> {
  const now = services.clock();
  const { envelope, signer } = await byToken(services.db, token, now);
  requireTurn(envelope, signer);
  const code = totpOf(signer).generate({ timestamp: now.getTime() });
  await services.mail.send('esign_passcode', signer.email, { name: signer.name, title: envelope.title, code, minutes: 10 });
  return { sent: true };
}

/** POST /v4/esign/sign/{token}/verify: a wrong passcode counts; the fifth locks the envelope for this signer. */
export async function verifySignerPasscode(services: Services, token: string, passcode: string): Promise<SigningView> {
  const db = services.db;
  const now = services.clock();
  const { envelope, signer } = await byToken(db, token, now);
  requireTurn(envelope, signer);
  if (totpOf(signer).validate({ token: passcode, timestamp: now.getTime(), window: 1 }) === null) {
    // Counted in one statement, so parallel guesses cannot slip past the limit.
    const counted = await db
      .updateTable('esign_signers')
      .set((eb) => ({ passcode_failures: eb('passcode_failures', '+', 1) }))
      .where('id', '=', signer.id)
      .returning('passcode_failures')
      .executeTakeFirstOrThrow();
    if (counted.passcode_failures >= ESIGN_LIMITS.passcodeAttempts) {
      await db.updateTable('esign_signers').set({ locked_at: now }).where('id', '=', signer.id).where('locked_at', 'is', null).execute();
      throw conflict(ESIGN_MESSAGES.locked, 'ESIGN_LOCKED');
    }
    throw new HttpError(400, ESIGN_MESSAGES.passcodeWrong, 'ESIGN_PASSCODE_WRONG');
  }
  const verified = await db.updateTable('esign_signers').set({ passcode_verified_at: now, passcode_failures: 0 }).where('id', '=', signer.id).returningAll().executeTakeFirstOrThrow();
  return viewOf(db, envelope, verified);
}

/** GET /v4/esign/sign/{token}/document: the PDF as signed so far, once the passcode is verified. */
export async function signingDocument(services: Services, token: string): Promise<{ fileName: string; pdfBase64: string }> {
  const { envelope, signer } = await byToken(services.db, token, services.clock());
  requireTurn(envelope, signer);
  requireVerified(signer);
  return { fileName: envelope.file_name, pdfBase64: Buffer.from(envelope.current_pdf).toString('base64') };
}

export type Signature = { kind: 'typed'; text: string } | { kind: 'drawn'; image: string };

/**
 * POST /v4/esign/sign/{token}/sign: stamps the signature, then invites the next signer or completes the
 * envelope. The PDF work (and the signed file's upload, whose bookkeeping uses its own connection) runs
 * before the transaction; inside it, the envelope's row is locked and must still be as it was read.
 */
export async function signEnvelope(services: Services, token: string, signature: Signature, client: SignerClient): Promise<SigningView> {
  const now = services.clock();
  const { envelope, signer } = await byToken(services.db, token, now);
  requireTurn(envelope, signer);
  requireVerified(signer);
  const png = signature.kind === 'drawn' ? new Uint8Array(Buffer.from(signature.image.slice(signature.image.indexOf(',') + 1), 'base64')) : undefined;
  let pdf = await stampSignature(envelope.current_pdf, { position: signer.position, name: signer.name, signedAt: now, kind: signature.kind, text: signature.kind === 'typed' ? signature.text : undefined, png }).catch(() => {
    throw new HttpError(400, ESIGN_MESSAGES.signatureImage, 'ESIGN_SIGNATURE_IMAGE');
  });
  const evidence = { signed_ip: client.ip, signed_user_agent: client.userAgent.slice(0, 500) };
  const all = await services.db.selectFrom('esign_signers').selectAll().where('envelope_id', '=', envelope.id).orderBy('position').execute();
  const next = all.find((s) => s.status === 'waiting');
  let finished: { key: string; sha256: string } | null = null;
  if (!next) {
    pdf = await appendCertificate(pdf, {
      envelopeId: envelope.id,
      title: envelope.title,
      originalSha256: envelope.original_sha256,
      completedAt: now,
      signers: all.map((s) => {
        const self = s.id === signer.id;
        return { name: s.name, email: s.email, ip: (self ? evidence.signed_ip : s.signed_ip) ?? '', userAgent: (self ? evidence.signed_user_agent : s.signed_user_agent) ?? '', verifiedAt: new Date(s.passcode_verified_at!), signedAt: self ? now : new Date(s.signed_at!) };
      }),
    });
    const key = `esign/envelopes/${envelope.id}/${randomUUID()}/signed.pdf`;
    await services.storage.put(key, pdf, { contentType: 'application/pdf', fileName: `signed-${envelope.file_name}`, ownerUserId: envelope.created_by });
    finished = { key, sha256: sha256Hex(pdf) };
  }
  const readPdfSha = sha256Hex(envelope.current_pdf);
  return inTransaction(services.db, async (trx) => {
    // Two signatures (or a signature and a void) never interleave: the row is locked and re-checked.
    const locked = await trx.selectFrom('esign_envelopes').selectAll().where('id', '=', envelope.id).forUpdate().executeTakeFirstOrThrow();
    const current = await trx.selectFrom('esign_signers').selectAll().where('id', '=', signer.id).executeTakeFirstOrThrow();
    if (current.token_hash !== hashSignToken(token)) throw invalidLink();
    requireTurn(locked, current);
    requireVerified(current);
    if (sha256Hex(locked.current_pdf) !== readPdfSha) throw conflict(ESIGN_MESSAGES.alreadySigned, 'ESIGN_ALREADY_SIGNED');
    const signed = await trx
      .updateTable('esign_signers')
      .set({ status: 'signed', signed_at: now, signature_kind: signature.kind, signature_text: signature.kind === 'typed' ? signature.text : null, ...evidence })
      .where('id', '=', signer.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The signer has no account: the trail names them in the entry, the actor is the system.
    await recordAudit(trx, SYSTEM_ACTOR, auditEntry(envelope, next ? 'esign_signed' : 'esign_completed', { signer: signer.name }), now);
    let updated: EnvelopeRow;
    if (next) {
      updated = await trx.updateTable('esign_envelopes').set({ current_pdf: pdf }).where('id', '=', envelope.id).returningAll().executeTakeFirstOrThrow();
      await inviteSigner(trx, services, updated, next, now, false);
    } else {
      updated = await trx
        .updateTable('esign_envelopes')
        .set({ current_pdf: pdf, status: 'completed', completed_at: now, signed_sha256: finished!.sha256, signed_storage_key: finished!.key })
        .where('id', '=', envelope.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await mailSender(trx, services, updated, { outcome: 'completed' });
    }
    return viewOf(trx, updated, signed);
  });
}

async function mailSender(db: Db, services: Services, envelope: EnvelopeRow, outcome: { outcome: 'completed' | 'declined'; signerName?: string; reason?: string }): Promise<void> {
  const sender = envelope.created_by ? await db.selectFrom('users').select('email').where('id', '=', envelope.created_by).executeTakeFirst() : undefined;
  if (!sender) return;
  const base = services.config.PUBLIC_URL.replace(/\/+$/, '');
  const link = envelope.permit_id !== null ? `${base}/permits/${envelope.permit_id}` : `${base}/companies/${envelope.company_id}/signatures`;
  await services.mail.send('esign_outcome', sender.email, { title: envelope.title, ...outcome, link }, { db });
}

/** POST /v4/esign/sign/{token}/decline: the envelope stops; the sender is told why. */
export async function declineEnvelope(services: Services, token: string, reason: string): Promise<SigningView> {
  const now = services.clock();
  const first = await byToken(services.db, token, now);
  requireTurn(first.envelope, first.signer);
  requireVerified(first.signer);
  return inTransaction(services.db, async (trx) => {
    const envelope = await trx.selectFrom('esign_envelopes').selectAll().where('id', '=', first.envelope.id).forUpdate().executeTakeFirstOrThrow();
    const signer = await trx.selectFrom('esign_signers').selectAll().where('id', '=', first.signer.id).executeTakeFirstOrThrow();
    requireTurn(envelope, signer);
    const declined = await trx.updateTable('esign_signers').set({ status: 'declined', declined_at: now, decline_reason: reason }).where('id', '=', signer.id).returningAll().executeTakeFirstOrThrow();
    const updated = await trx.updateTable('esign_envelopes').set({ status: 'declined' }).where('id', '=', envelope.id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, SYSTEM_ACTOR, auditEntry(envelope, 'esign_declined', { signer: signer.name, reason }), now);
    await mailSender(trx, services, updated, { outcome: 'declined', signerName: signer.name, reason });
    return viewOf(trx, updated, declined);
  });
}

/** POST /v4/esign/verify: which completed envelope a PDF's SHA-256 is the signed document of. */
export async function verifySignedHash(db: Db, sha256: string) {
  const envelope = await db.selectFrom('esign_envelopes').select(['id', 'title', 'completed_at']).where('signed_sha256', '=', sha256).where('status', '=', 'completed').executeTakeFirst();
  if (!envelope) return { match: null };
  const signers = await db.selectFrom('esign_signers').select(['name', 'signed_at']).where('envelope_id', '=', envelope.id).orderBy('position').execute();
  return { match: { title: envelope.title, completedAt: iso(envelope.completed_at!), signers: signers.map((s) => ({ name: s.name, signedAt: iso(s.signed_at!) })) } };
}
