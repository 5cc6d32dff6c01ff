// mail.send(template, to, data): renders the mail and writes it to the durable outbox, inside the
// caller's transaction when one is given (so a rolled-back sign-up sends nothing). The worker
// (mail-worker.ts) delivers it.
import type { Db } from '../db/schema.js';
import type { MailStatus } from '../db/tables/mail.js';
import { extractLinks } from './html.js';
import { mailHeaders, renderMail, type TemplateData, type TemplateName } from './templates.js';
import { currentRequest } from '../ops/request-context.js';

export interface OutboxMessage {
  id: number;
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** The extra headers the mail is sent with (mailHeaders). */
  headers: Record<string, string>;
  data: Record<string, unknown>;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** One mail to queue: a template, its recipient and the template's data. */
export type QueuedMail = { [T in TemplateName]: { template: T; to: string; data: TemplateData[T] } }[TemplateName];

export interface MailService {
  /** Queues a mail; returns its outbox id. */
  send<T extends TemplateName>(template: T, to: string, data: TemplateData[T], options?: { db?: Db }): Promise<number>;
  /** Queues many mails in a few statements (a batch job's mails); answers how many were queued. */
  sendMany(mails: readonly QueuedMail[], options?: { db?: Db }): Promise<number>;
  /** Outbox messages, newest first, optionally for one address (dev mailbox, tests). */
  list(options?: { to?: string; limit?: number }): Promise<OutboxMessage[]>;
}

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters (7 a row), small enough to render at once. */
const INSERT_ROWS = 500;

export function createMailService(deps: { db: Db; clock: () => Date; onQueued?: () => void }): MailService {
  const outboxRow = ({ template, to, data }: QueuedMail) => {
    const rendered = renderMail(template, data as never);
    return {
      template,
      to_address: to.trim().toLowerCase(),
      subject: rendered.subject,
      text_body: rendered.text,
      html_body: rendered.html,
      // The request that queued it (X-Request-Id in the sent mail's headers).
      data: JSON.stringify(withRequestId(data)),
      next_attempt_at: deps.clock(),
      created_at: deps.clock(),
    };
  };
  return {
    async send(template, to, data, options) {
      const row = await (options?.db ?? deps.db).insertInto('mail_outbox').values(outboxRow({ template, to, data } as QueuedMail)).returning('id').executeTakeFirstOrThrow();
      deps.onQueued?.();
      return Number(row.id);
    },
    async sendMany(mails, options) {
      for (let at = 0; at < mails.length; at += INSERT_ROWS) {
        await (options?.db ?? deps.db).insertInto('mail_outbox').values(mails.slice(at, at + INSERT_ROWS).map(outboxRow)).execute();
      }
      if (mails.length > 0) deps.onQueued?.();
      return mails.length;
    },
    async list(options = {}) {
      let query = deps.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(options.limit ?? 200);
      if (options.to) query = query.where('to_address', '=', options.to.trim().toLowerCase());
      const rows = await query.execute();
      return rows.map((row) => ({
        id: Number(row.id),
        template: row.template,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        links: extractLinks(row.html_body),
        headers: mailHeaders(row.template, row.data),
        data: row.data,
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
        createdAt: new Date(row.created_at).toISOString(),
        sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
      }));
    },
  };
}

/** The template data plus the current request's id (`requestId`), when a request queues the mail. */
function withRequestId(data: object): object {
  const requestId = currentRequest()?.requestId;
  return requestId ? { ...data, requestId } : data;
}
