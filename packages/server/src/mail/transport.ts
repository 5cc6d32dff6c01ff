// Where mail goes: SMTP through nodemailer when SMTP_URL is set, otherwise the dev mailbox (the outbox
// row itself, readable at /dev/mailbox) and a log line.
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same on every attempt of one outbox row, so a mail sent twice is recognisably one message. */
  messageId: string;
  /** The id of the request that queued the mail (X-Request-Id header), to follow it through the logs. */
  requestId?: string;
  /** Extra headers (mailHeaders of the template: List-Unsubscribe...). */
  headers?: Record<string, string>;
}

/**
 * SMTP timeouts well inside the worker's lease (MAIL_RETRY.leaseMs, 30 s): a delivery gives up before
 * another worker may take its row over (nodemailer's defaults are 2 min, 30 s and 10 min).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 } as const;

export interface MailTransport {
  /** 'sent' through SMTP, or 'dev' when kept for the dev mailbox. */
  readonly kind: 'sent' | 'dev';
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(config: Pick<Config, 'SMTP_URL'>): MailTransport {
  if (!config.SMTP_URL) {
    return { kind: 'dev', deliver: async () => {}, close: () => {} };
  }
  const transporter = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
  return {
    kind: 'sent',
    deliver: async (mail) => {
      const { requestId, headers, ...message } = mail;
      const all = { ...headers, ...(requestId ? { 'X-Request-Id': requestId } : {}) };
      await transporter.sendMail(Object.keys(all).length > 0 ? { ...message, headers: all } : message);
    },
    close: () => transporter.close(),
  };
}
