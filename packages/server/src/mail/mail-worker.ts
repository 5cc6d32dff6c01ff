// Drains the mail outbox. A short transaction claims due rows (FOR UPDATE SKIP LOCKED, so several
// replicas can run workers) and leases them; delivery happens outside any transaction (PGlite has a
// single connection), then each row is marked sent or rescheduled with exponential backoff.
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import type { Logger } from '../http/logger.js';
import type { MailTransport } from './transport.js';
import { inTransaction } from '../db/transaction.js';

export const MAIL_RETRY = {
  maxAttempts: 8,
  /** Delay before retry n (1-based): base · 2^(n-1), capped. */
  baseDelayMs: 30_000,
  maxDelayMs: 6 * 60 * 60 * 1000,
  /** A claimed row whose worker died becomes due again after this lease. */
  leaseMs: 5 * 60 * 1000,
  batchSize: 20,
  pollMs: 2_000,
} as const;

export const retryDelayMs = (attempt: number): number =>
  Math.min(MAIL_RETRY.baseDelayMs * 2 ** Math.max(0, attempt - 1), MAIL_RETRY.maxDelayMs);

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
}

export function createMailWorker(deps: Deps): MailWorker {
  const { db, transport, clock, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function claim() {
    const now = clock();
    const leaseUntil = new Date(now.getTime() + MAIL_RETRY.leaseMs);
    return inTransaction(db, async (trx) => {
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
        .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
        .execute();
    });
  }

  async function drainOnce(): Promise<number> {
    const rows = await claim();
    for (const row of rows) {
      try {
        await transport.deliver({ from: deps.from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body });
        await db.updateTable('mail_outbox').set({ status: transport.kind, sent_at: clock(), last_error: null }).where('id', '=', row.id).execute();
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
          .where('id', '=', row.id)
          .execute();
        log.warn(`mail ${row.id} to ${row.to_address} failed (attempt ${row.attempts})`, { error: message, final: failed });
      }
    }
    return rows.length;
  }

  /** One drain at a time per process; repeated until no due rows are left. */
  async function drain(): Promise<number> {
    if (running) return running;
    running = (async () => {
      let total = 0;
      for (;;) {
        const n = await drainOnce();
        total += n;
        if (n < MAIL_RETRY.batchSize) return total;
      }
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      drain()
        .catch((error: unknown) => log.error('mail worker failed', { error }))
        .finally(() => schedule(MAIL_RETRY.pollMs));
    }, ms);
    timer.unref();
  };

  return {
    drain,
    start() {
      stopped = false;
      schedule(0);
    },
    nudge() {
      if (!stopped) schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => 0);
      transport.close();
    },
  };
}
