// Kysely types of migrations/0040_invitations.sql's integration tables: permit quotes and e-sign.
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Optional, Timestamp } from './columns.js';

export interface PermitQuotesTable {
  quote_id: string;
  /** numeric: a string from pg, a number from PGlite. */
  total: ColumnType<string | number, number, number>;
  expiry_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  status: ColumnType<string, string | undefined, string>;
  online_invoice_url: Optional<string>;
  order_id: Optional<string>;
  /** Null for a quote issued from the permit desk (0073): only the SPEC's header path has them. */
  agent_id: Optional<string>;
  org_id: Optional<string>;
  permit_id: Optional<number>;
  created_by: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** [{ label, amount }] (jsonb: parsed JSON read, JSON text written). */
  line_items: ColumnType<unknown, string | undefined, string>;
  answered_at: NullableTimestamp;
  answered_by: Optional<string>;
  decline_reason: Optional<string>;
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

export interface IntegrationTables {
  permit_quotes: PermitQuotesTable;
  esign_documents: EsignDocumentsTable;
  esign_passcode_secrets: EsignPasscodeSecretsTable;
}
