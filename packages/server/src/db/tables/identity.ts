// Kysely types of migrations/0001_identity.sql.
import type { CompanyRole, SetupCompanyName } from '@permitdesk/core';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns: both drivers return them as numbers while they fit (see db/database.ts). */
type BigId = number;

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'DISABLED';
export type CodePurpose = 'confirm_signup' | 'reset_password' | 'new_password';
export type MailStatus = 'pending' | 'sending' | 'sent' | 'dev' | 'failed';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  email_verified: Generated<boolean>;
  name: Generated<string>;
  given_name: Generated<string>;
  family_name: Generated<string>;
  phone_number: string | null;
  has_migrated: Generated<0 | 1>;
  setup_company_name: ColumnType<SetupCompanyName | null, string | null | undefined, string | null>;
  from_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdentityCodesTable {
  id: Generated<BigId>;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<BigId>;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AuthThrottleTable {
  key: string;
  failures: Generated<number>;
  window_started_at: Timestamp;
  locked_until: NullableTimestamp;
}

/** migrations/0041_session_handoffs.sql */
export interface SessionHandoffsTable {
  id: Generated<BigId>;
  user_id: string;
  code_hash: string;
  audience: string;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  status: ColumnType<1 | -1, 1 | -1 | undefined, 1 | -1>;
  classification: ColumnType<1 | 3 | 8, 1 | 3 | 8 | undefined, 1 | 3 | 8>;
  parent_id: number | null;
  guest_access: Generated<boolean>;
  address: string | null;
  from_url: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CompanyUsersTable {
  id: Generated<number>;
  company_id: number;
  user_id: string;
  role: CompanyRole;
  active: Generated<boolean>;
  created_at: Timestamp;
}

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

export interface FilesTable {
  id: Generated<BigId>;
  key: string;
  file_name: string;
  content_type: string;
  size: ColumnType<string | number | null, number | null | undefined, number | null>;
  uploaded: Generated<boolean>;
  owner_user_id: string | null;
  created_at: Timestamp;
  uploaded_at: NullableTimestamp;
  /** 0050: the size announced by the upload request, the start of its one PUT, the checked type it is served with. */
  declared_size: ColumnType<string | number | null, number | null | undefined, number | null>;
  upload_started_at: NullableTimestamp;
  served_type: string | null;
}

export interface IdentityTables {
  users: UsersTable;
  identity_codes: IdentityCodesTable;
  refresh_tokens: RefreshTokensTable;
  auth_throttle: AuthThrottleTable;
  session_handoffs: SessionHandoffsTable;
  companies: CompaniesTable;
  company_users: CompanyUsersTable;
  mail_outbox: MailOutboxTable;
  files: FilesTable;
}
