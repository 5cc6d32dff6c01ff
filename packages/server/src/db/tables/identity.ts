// Kysely types of migrations/0001_identity.sql.
import type { CompanyRole, SetupCompanyName } from '@permitdesk/core';
import type { ColumnType, Generated } from 'kysely';
import type { BigId, NullableTimestamp, Timestamp } from './columns.js';

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'DISABLED';
export type CodePurpose = 'confirm_signup' | 'reset_password' | 'new_password';

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
  /** migrations/0005_permits_api.sql: operators of the permit team. */
  staff: ColumnType<boolean, boolean | undefined, boolean>;
  /** migrations/0070_permit_team.sql: a service admin runs the workspace's settings (always staff too). */
  staff_admin: ColumnType<boolean, boolean | undefined, boolean>;
  /** migrations/0075_user_tours.sql: the guided tours this user has seen (core's TOUR_IDS). */
  tours_seen: ColumnType<string[], string[] | undefined, string[]>;
  /** migrations/0081_account_self_service.sql: set when the account was deleted (its personal data removed). */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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

/** migrations/0081_account_self_service.sql: the TOTP secret, encrypted; enabled once confirmed. */
export interface UserTwoFactorTable {
  user_id: string;
  secret_encrypted: string;
  enabled_at: NullableTimestamp;
  last_step: number | null;
  created_at: Generated<Date>;
}

/** migrations/0081_account_self_service.sql: single-use recovery codes, hashed. */
export interface UserRecoveryCodesTable {
  id: Generated<BigId>;
  user_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface IdentityTables {
  user_two_factor: UserTwoFactorTable;
  user_recovery_codes: UserRecoveryCodesTable;
  users: UsersTable;
  identity_codes: IdentityCodesTable;
  refresh_tokens: RefreshTokensTable;
  auth_throttle: AuthThrottleTable;
  session_handoffs: SessionHandoffsTable;
  companies: CompaniesTable;
  company_users: CompanyUsersTable;
}
