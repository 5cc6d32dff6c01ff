// Idempotency keys on the database side (issue 10): the key row of a creating call is written in the call's
// own first transaction (onTransactionStart), so it commits or vanishes with the rows the call creates, and
// a handler that knows its answer inside the transaction stores it there too (answerInTransaction). The
// HTTP side (http/idempotency.ts) runs each call under its claim and replays stored answers.
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { Db } from './schema.js';
import { onTransactionStart } from './transaction.js';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface Claim {
  scope: string;
  method: string;
  path: string;
  key: string;
  fingerprint: string;
  now: Date;
  /** The key row was written in a transaction of this call. */
  written: boolean;
  /** The call's answer was stored in its transaction (answerInTransaction). */
  answered?: boolean;
}

/** The claim of the call running in this async context (set by http/idempotency.ts). */
export const currentClaim = new AsyncLocalStorage<Claim>();
/** The key row already belongs to another call of the same key (thrown inside the handler's transaction). */
export class KeyTaken extends Error {}

export const cutoff = (claim: Claim) => new Date(claim.now.getTime() - IDEMPOTENCY_WINDOW_MS);

/**
 * Writes the key row in the caller's transaction (once per call, at its first transaction): it commits
 * with the created rows or not at all. Refuses (rolling the transaction back) when the key is taken.
 */
export async function claimInTransaction(trx: Db): Promise<void> {
  const claim = currentClaim.getStore();
  if (!claim || claim.written) return;
  // A row older than the window is someone's forgotten key: it is taken over.
  const { rows } = await sql`
    INSERT INTO idempotency_keys (scope, method, path, key, fingerprint, created_at)
    VALUES (${claim.scope}, ${claim.method}, ${claim.path}, ${claim.key}, ${claim.fingerprint}, ${claim.now})
    ON CONFLICT (scope, method, path, key) DO UPDATE
      SET fingerprint = excluded.fingerprint, status = NULL, body = NULL, content_type = NULL, created_at = excluded.created_at
      WHERE idempotency_keys.created_at <= ${cutoff(claim)}
    RETURNING key`.execute(trx);
  if (rows.length === 0) throw new KeyTaken();
  claim.written = true;
}
onTransactionStart(claimInTransaction);

/** Stores a call's answer in the transaction that created its rows (a lost reply is then replayed). */
export async function answerInTransaction<T>(trx: Db, answer: T): Promise<T> {
  const claim = currentClaim.getStore();
  if (!claim) return answer;
  await claimInTransaction(trx);
  await sql`
    UPDATE idempotency_keys SET status = 200, body = ${JSON.stringify(answer)}, content_type = 'application/json'
    WHERE scope = ${claim.scope} AND method = ${claim.method} AND path = ${claim.path} AND key = ${claim.key}`.execute(trx);
  claim.answered = true;
  return answer;
}

