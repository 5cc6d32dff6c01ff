// Kysely types of the mail outbox (migrations/0001_identity.sql).
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { BigId, NullableTimestamp, Timestamp } from './columns.js';

export type MailStatus = 'pending' | 'sending' | 'sent' | 'dev' | 'failed';

export interface MailOutboxTable {
  id: Generated<BigId>;
  template: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  data: JSONColumnType<Record<string, unknown>>;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
