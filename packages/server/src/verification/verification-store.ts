// The email_verifications rows: the verifier's verdict per address, reused by later checks, and whether
// the mailbox owner has proven the address.
import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.js';
import type { EmailVerificationsTable } from '../db/tables/signup.js';
import type { EmailVerdict, EmailVerifier } from './email-verifier.js';

export type VerificationRow = Selectable<EmailVerificationsTable>;

export const verdictOf = (row: VerificationRow): EmailVerdict => ({
  status: row.status,
  syntaxValid: row.syntax_valid,
  disposable: row.disposable,
  roleAccount: row.role_account,
  mxFound: row.mx_found,
  didYouMean: row.did_you_mean,
});

export const findVerification = (db: Db, email: string): Promise<VerificationRow | undefined> =>
  db.selectFrom('email_verifications').selectAll().where('email', '=', email).executeTakeFirst();

/**
 * The stored verdict of an address, or a fresh one from the verifier, saved (refusals included, so the
 * invalid result is on record). An 'unknown' verdict is asked again: the verifier may answer now.
 */
/** The automatic verification could not be done: the verifier failed ('verify') or its result was not saved ('save'). */
export class VerdictUnavailableError extends Error {
  override readonly name = 'VerdictUnavailableError';
  constructor(readonly stage: 'verify' | 'save', options?: { cause?: unknown }) {
    super(`The e-mail verdict could not be ${stage === 'verify' ? 'obtained' : 'saved'}.`, options);
  }
}

export async function verdictFor(db: Db, verifier: EmailVerifier, email: string, now: Date): Promise<VerificationRow> {
  const stored = await findVerification(db, email);
  if (stored && stored.status !== 'unknown') return stored;
  let verdict: Awaited<ReturnType<EmailVerifier['verify']>>;
  try {
    verdict = await verifier.verify(email);
  } catch (cause) {
    throw new VerdictUnavailableError('verify', { cause });
  }
  const values = {
    status: verdict.status,
    syntax_valid: verdict.syntaxValid,
    disposable: verdict.disposable,
    role_account: verdict.roleAccount,
    mx_found: verdict.mxFound,
    did_you_mean: verdict.didYouMean,
    checked_at: now,
    updated_at: now,
  };
  try {
    return await db
      .insertInto('email_verifications')
      .values({ email, ...values, created_at: now })
      .onConflict((oc) => oc.column('email').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (cause) {
    throw new VerdictUnavailableError('save', { cause });
  }
}

/** Keeps what a client reported (POST /save/reoon-data) beside the server's own verdict. */
export async function saveReported(db: Db, email: string, reported: string, firstName: string | null, now: Date): Promise<void> {
  await db
    .updateTable('email_verifications')
    .set((eb) => ({ reported_status: reported, first_name: eb.fn.coalesce(eb.val(firstName), 'first_name'), updated_at: now }))
    .where('email', '=', email)
    .execute();
}

/** The mailbox owner proved the address (link or code). */
export async function markAddressVerified(db: Db, email: string, now: Date): Promise<void> {
  await db
    .updateTable('email_verifications')
    .set((eb) => ({ verified_at: eb.fn.coalesce('verified_at', eb.val(now)), updated_at: now }))
    .where('email', '=', email)
    .execute();
}

export async function rememberSender(db: Db, email: string, firstName: string | null, location: string, now: Date): Promise<void> {
  await db.updateTable('email_verifications').set({ first_name: firstName, location, updated_at: now }).where('email', '=', email).execute();
}
