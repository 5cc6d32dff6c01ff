// Drains the mail outbox. A short transaction claims due rows (FOR UPDATE SKIP LOCKED, so several
// replicas can run workers) and leases them; delivery happens outside any transaction (PGlite has a
// single connection), then each row is marked sent or rescheduled with exponential backoff.
// A row whose worker died is due again after a 30-second lease; each delivery renews its row's lease
// first and cannot outlast it (SMTP_TIMEOUTS), and a worker whose lease was taken over leaves the row
// alone. Every attempt of a row carries the same Message-ID, so a mail sent twice is one message.
import { createHash } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../db/schema.js';
import type { Logger } from '../http/logger.js';
import { createPollLoop } from '../ops/poll-loop.js';
import type { MailTransport } from './transport.js';
import { mailHeaders } from './templates.js';

export const MAIL_RETRY = {
  maxAttempts: 8,
  /** Delay before retry n (1-based): base · 2^(n-1), capped. */
  baseDelayMs: 30_000,
  maxDelayMs: 6 * 60 * 60 * 1000,
  /** A claimed row whose worker died becomes due again after this lease (longer than SMTP_TIMEOUTS allow a send). */
  leaseMs: 30_000,
  batchSize: 20,
  pollMs: 2_000,
} as const;

export const retryDelayMs = (attempt: number): number =>
  Math.min(MAIL_RETRY.baseDelayMs * 2 ** Math.max(0, attempt - 1), MAIL_RETRY.maxDelayMs);

/** '<outbox-42.3f9a0c1b2d4e@permitdesk.example>': stable per outbox row, unique across installations. */
export function outboxMessageId(row: { id: string | number | bigint; created_at: Date | string }, domain: string): string {
  const created = row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at);
  const hash = createHash('sha256').update(`${String(row.id)}\0${created}`).digest('hex').slice(0, 12);
  return `<outbox-${String(row.id)}.${hash}@${domain}>`;
}

export interface MailWorker {
  /** Delivers every due message once; returns how many were handled. */
  drain(): Promise<number>;
  start(): void;
  /** Wakes the worker now (after a send) instead of waiting for the next poll. */
  nudge(): void;
  stop(): Promise<void>;
}

interface Deps {
  db: Db;
  transport: MailTransport;
  from: string;
  clock: () => Date;
  log: Logger;
  /** Host part of the Message-IDs (PUBLIC_URL's host). */
  messageIdDomain?: string;
}

export function createMailWorker(deps: Deps): MailWorker {
  const { db, transport, clock, log } = deps;
  const messageIdDomain = deps.messageIdDomain ?? 'permitdesk.local';
  const leaseEnd = () => new Date(clock().getTime() + MAIL_RETRY.leaseMs);
  let transportClosed = false;

  async function claim() {
    const now = clock();
    const leaseUntil = leaseEnd();
    // Not inTransaction: the worker runs on timers that may carry a request's context, and must never
    // take part in that request's Idempotency-Key (see db/transaction.ts).
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .where('next_attempt_at', '<=', now)
        .orderBy('id')
        .limit(MAIL_RETRY.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('mail_outbox')
        .set({ status: 'sending', attempts: sql`attempts + 1`, next_attempt_at: leaseUntil })
        .where('id', 'in', due.map((row) => row.id))
        .returning(['id', 'template', 'data', 'to_address', 'subject', 'text_body', 'html_body', 'attempts', 'created_at'])
        .execute();
    });
  }

  async function drainOnce(): Promise<number> {
    const rows = await claim();
    for (const row of rows) {
      // Still ours (no other worker re-claimed it after our lease ran out)? Then its lease starts now.
      const ours = (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
        eb.and([eb('id', '=', row.id), eb('attempts', '=', row.attempts), eb('status', '=', 'sending')]);
      if (loop.stopping) {
        // Shutting down: hand the rows not yet tried back now (their attempt undone) rather than after the lease.
        await db.updateTable('mail_outbox').set({ status: 'pending', attempts: sql`attempts - 1`, next_attempt_at: clock() }).where(ours).execute();
        continue;
      }
      const renewed = await db.updateTable('mail_outbox').set({ next_attempt_at: leaseEnd() }).where(ours).executeTakeFirst();
      if (Number(renewed.numUpdatedRows) === 0) continue;
      try {
        const messageId = outboxMessageId(row, messageIdDomain);
        const requestId = requestIdOf(row.data);
        await transport.deliver({ from: deps.from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, messageId, headers: mailHeaders(row.template, row.data), ...(requestId ? { requestId } : {}) });
        await db.updateTable('mail_outbox').set({ status: transport.kind, sent_at: clock(), last_error: null }).where(ours).execute();
        if (transport.kind === 'dev') log.info(`mail to ${row.to_address}: ${row.subject} (dev mailbox)`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const failed = row.attempts >= MAIL_RETRY.maxAttempts;
        await db
          .updateTable('mail_outbox')
          .set({
            status: failed ? 'failed' : 'pending',
            last_error: message.slice(0, 1000),
            next_attempt_at: new Date(clock().getTime() + retryDelayMs(row.attempts)),
          })
          .where(ours)
          .execute();
        log.warn(`mail ${row.id} to ${row.to_address} failed (attempt ${row.attempts})`, { error: message, final: failed });
      }
    }
    return rows.length;
  }

  // A batch short of the batch size was the last of the due rows.
  const loop = createPollLoop({
    name: 'mail worker',
    pollMs: MAIL_RETRY.pollMs,
    log,
    drainBatch: async () => {
      const handled = await drainOnce();
      return { handled, more: handled === MAIL_RETRY.batchSize };
    },
  });

  return {
    drain: loop.drain,
    start: loop.start,
    nudge: loop.nudge,
    async stop() {
      await loop.stop();
      if (!transportClosed) transport.close();
      transportClosed = true;
    },
  };
}

/** The outbox's unsent rows (waiting or being sent) and the age of the oldest, for the metrics. */
export async function outboxStats(db: Db, now: Date): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<string | number>().as('depth'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  const oldest = row.oldest ? new Date(row.oldest as Date | string).getTime() : null;
  return { depth: Number(row.depth), oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000) };
}

/** The id of the request that queued a row (mail-service keeps it in the row's data). */
function requestIdOf(data: unknown): string | undefined {
  const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data;
  const id = parsed && typeof parsed === 'object' ? (parsed as { requestId?: unknown }).requestId : undefined;
  return typeof id === 'string' ? id : undefined;
}
