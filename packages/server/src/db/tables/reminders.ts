// Kysely types of migrations/0083_expiry_watchdog.sql (item kinds widened by 0097): expiry reminders, digests, reminder steps and
// calendar feeds (issue 16).
import type { Generated } from 'kysely';
import type { Optional, Timestamp } from './columns.js';

export type ReminderItemKind = 'license' | 'insurance' | 'certificate' | 'permit' | 'inspection';

export interface ExpiryRemindersTable {
  id: Generated<number>;
  company_id: Optional<number>;
  item_kind: ReminderItemKind;
  item_id: number;
  step: number;
  /** date: written as YYYY-MM-DD. */
  expires_on: string;
  delivery: 'single' | 'digest';
  digest_week: Optional<string>;
  recipients: Generated<number>;
  sent_at: Timestamp;
}

export interface ExpiryDigestsTable {
  company_id: number;
  week_of: string;
  items: number;
  sent_at: Timestamp;
}

export interface CompanyReminderSettingsTable {
  company_id: number;
  steps: number[];
  updated_by: Optional<string>;
  updated_at: Timestamp;
}

export interface CalendarFeedsTable {
  company_id: number;
  secret_hash: string;
  secret_sealed: string;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface ReminderTables {
  expiry_reminders: ExpiryRemindersTable;
  expiry_digests: ExpiryDigestsTable;
  company_reminder_settings: CompanyReminderSettingsTable;
  calendar_feeds: CalendarFeedsTable;
}
