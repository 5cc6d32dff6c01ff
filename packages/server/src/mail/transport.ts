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
}

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
  const transporter = nodemailer.createTransport(config.SMTP_URL);
  return {
    kind: 'sent',
    deliver: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}
