// Kysely types of migrations/0040_invitations.sql: invitations and the relations they create.
import type { INVITATION_KINDS } from '@permitdesk/core';
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Optional, Timestamp } from './columns.js';

type InvitationKind = (typeof INVITATION_KINDS)[number];
/** jsonb: read as parsed JSON, written as JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface InvitationsTable {
  id: Generated<number>;
  kind: InvitationKind;
  request_type: Optional<'sharing' | 'claiming'>;
  status: number;
  source: 5 | 6 | 7;
  from_company_id: number;
  to_company_id: Optional<number>;
  email: string;
  role: Optional<'administrator' | 'pm' | 'user'>;
  company_name: Optional<string>;
  message: Optional<string>;
  steps: Json<Record<string, unknown>>;
  existing_vendor: ColumnType<boolean, boolean | undefined, boolean>;
  invited_by: Optional<string>;
  answered_by: Optional<string>;
  mailed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CompanyVendorsTable {
  id: Generated<number>;
  company_id: Optional<number>;
  client_user_id: Optional<string>;
  vendor_id: number;
  status: ColumnType<number, number | undefined, number>;
  name: Optional<string>;
  address: Optional<string>;
  invitation_id: Optional<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CompanyGuestsTable {
  id: Generated<number>;
  host_company_id: number;
  guest_company_id: number;
  status: ColumnType<number, number | undefined, number>;
  invitation_id: Optional<number>;
  /** 0078: the guest reads the host's compliance vault. */
  vault: ColumnType<boolean, boolean | undefined, boolean>;
  /** 0078: who ended the grant (either side). */
  ended_by: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WalletSharesTable {
  id: Generated<number>;
  owner_company_id: number;
  viewer_company_id: number;
  status: ColumnType<number, number | undefined, number>;
  licenses: ColumnType<boolean, boolean | undefined, boolean>;
  insurances: ColumnType<boolean, boolean | undefined, boolean>;
  certificates: ColumnType<boolean, boolean | undefined, boolean>;
  invitation_id: Optional<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvitationTables {
  invitations: InvitationsTable;
  company_vendors: CompanyVendorsTable;
  company_guests: CompanyGuestsTable;
  wallet_shares: WalletSharesTable;
}
