// Kysely types of migrations/0040_invitations.sql, and the database as the invitations, vendors and
// integrations areas see it: the shared Database plus these tables. `invitationsDb` gives the handle.
import type { INVITATION_KINDS } from '@permitdesk/core';
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ApiDatabase } from '../permits/tables.js';

type InvitationKind = (typeof INVITATION_KINDS)[number];
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
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

export interface PermitQuotesTable {
  quote_id: string;
  /** numeric: a string from pg, a number from PGlite. */
  total: ColumnType<string | number, number, number>;
  expiry_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  status: ColumnType<string, string | undefined, string>;
  online_invoice_url: Optional<string>;
  order_id: Optional<string>;
  agent_id: string;
  org_id: string;
  permit_id: Optional<number>;
  created_by: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EsignDocumentsTable {
  id: Generated<string>;
  documentable_type: string;
  documentable_id: string;
  title: string;
  signer_email: string;
  storage_key: string;
  sent_count: ColumnType<number, number | undefined, number>;
  last_sent_at: NullableTimestamp;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface EsignPasscodeSecretsTable {
  user_id: string;
  secret: string;
  created_at: Timestamp;
}

export interface InvitationTables {
  invitations: InvitationsTable;
  company_vendors: CompanyVendorsTable;
  company_guests: CompanyGuestsTable;
  wallet_shares: WalletSharesTable;
  permit_quotes: PermitQuotesTable;
  esign_documents: EsignDocumentsTable;
  esign_passcode_secrets: EsignPasscodeSecretsTable;
}

export type InvitationsDatabase = ApiDatabase & InvitationTables;
export type InvitationsDb = Kysely<InvitationsDatabase>;

/** The shared handle (or a transaction on it) typed with these tables. */
export const invitationsDb = (db: Kysely<Database> | Transaction<Database> | InvitationsDb | Transaction<InvitationsDatabase>): InvitationsDb =>
  db as unknown as InvitationsDb;

/** The same handle typed as the shared Database, for services that take one (identity, companies, mail). */
export const sharedDb = (db: InvitationsDb): Kysely<Database> => db as unknown as Kysely<Database>;
