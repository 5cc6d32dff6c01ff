// Automatic e-signature reminders: a daily job ('esign.remind', 07:00 UTC) mails the signer whose turn it
// is once, when they have waited ESIGN_REMIND_AFTER_DAYS days since their invitation, on an envelope still
// open (sent, not expired) and not locked by wrong passcodes (a lock is lifted only by the sender's Remind).
// The reminder is the sender's Remind done by the system: a new link (the previous one stops working), the
// envelope's reminder count, an entry in the activity.
//
// Idempotent like the expiry watchdog: each reminder is claimed by setting the signer's auto_reminded_at
// with a conditional update in the reminder's transaction, its mail written to the outbox in the same
// transaction. Two runs at once, or a run after a crash, remind nobody twice; the next signer's turn is a
// new step (its own row).
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.js';
import { inTransaction } from '../db/transaction.js';
import type { AppServices } from '../services.js';
import { auditEntry, inviteSigner } from './envelopes.js';

export const ESIGN_REMIND_JOB = 'esign.remind';
export const ESIGN_REMIND_DAILY_AT = '07:00';
export const ESIGN_REMIND_AFTER_DAYS = 3;

type Services = Pick<AppServices, 'db' | 'clock' | 'mail' | 'config' | 'storage'>;

/** One run at `now`: answers how many signers this run reminded. */
export async function remindWaitingSigners(services: Services, now: Date): Promise<number> {
  const waitedSince = new Date(now.getTime() - ESIGN_REMIND_AFTER_DAYS * 24 * 3600 * 1000);
  const due = await services.db
    .selectFrom('esign_signers as s')
    .innerJoin('esign_envelopes as e', 'e.id', 's.envelope_id')
    .select(['s.id as signer_id', 'e.id as envelope_id'])
    .where('s.status', '=', 'invited')
    .where('s.auto_reminded_at', 'is', null)
    .where('s.locked_at', 'is', null)
    .where('s.invited_at', '<=', waitedSince)
    .where('e.status', '=', 'sent')
    .where('e.expires_at', '>', now)
    .orderBy('s.invited_at')
    .orderBy('s.id')
    .execute();
  let reminded = 0;
  for (const { signer_id: signerId, envelope_id: envelopeId } of due) {
    const done = await inTransaction(services.db, async (trx) => {
      const signer = await trx
        .updateTable('esign_signers')
        .set({ auto_reminded_at: now })
        .where('id', '=', signerId)
        .where('auto_reminded_at', 'is', null)
        .where('status', '=', 'invited')
        .where('locked_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!signer) return false; // another run has it, or the signer acted meanwhile
      const envelope = await trx.selectFrom('esign_envelopes').selectAll().where('id', '=', envelopeId).where('status', '=', 'sent').forUpdate().executeTakeFirst();
      if (!envelope || new Date(envelope.expires_at).getTime() <= now.getTime()) return false;
      await inviteSigner(trx, services, envelope, signer, now, true);
      await trx
        .updateTable('esign_envelopes')
        .set((eb) => ({ reminder_count: eb('reminder_count', '+', 1), last_reminded_at: now }))
        .where('id', '=', envelopeId)
        .execute();
      await recordAudit(trx, SYSTEM_ACTOR, auditEntry(envelope, 'esign_reminded', { signer: signer.name, automatic: true }), now);
      return true;
    });
    if (done) reminded += 1;
  }
  return reminded;
}
