// Kysely types of migrations/0004_signup.sql.
import type { EmailStatus, SignupFlowState } from '@permitdesk/core';
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

export interface EmailVerificationsTable {
  email: string;
  status: EmailStatus;
  syntax_valid: boolean;
  disposable: boolean;
  role_account: boolean;
  mx_found: boolean | null;
  did_you_mean: string | null;
  reported_status: ColumnType<string | null, string | null | undefined, string | null>;
  first_name: ColumnType<string | null, string | null | undefined, string | null>;
  location: ColumnType<string | null, string | null | undefined, string | null>;
  verified_at: NullableTimestamp;
  checked_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SignupFlowsTable {
  id: Generated<number>;
  email: string;
  /** Written as JSON text so both drivers store the same thing. */
  state: ColumnType<SignupFlowState | null, string | null | undefined, string | null>;
  first_name: string | null;
  location: string;
  code_hash: string;
  link_token_hash: string;
  code_expires_at: Timestamp;
  failed_attempts: ColumnType<number, number | undefined, number>;
  locked_until: NullableTimestamp;
  mail_count: ColumnType<number, number | undefined, number>;
  mail_window_started_at: Timestamp;
  verified_at: NullableTimestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SignupFlowKeysTable {
  key_hash: string;
  flow_id: number;
  created_at: Timestamp;
  /** Set when the mailed link was opened on another device (migration 0094); a suspended key opens nothing. */
  suspended_at: NullableTimestamp;
}

export interface SignupTables {
  email_verifications: EmailVerificationsTable;
  signup_flows: SignupFlowsTable;
  signup_flow_keys: SignupFlowKeysTable;
}
