// Kysely types of migrations/0087_platform_connections.sql: the construction-management platform.
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Optional, Timestamp } from './columns.js';

export type PlatformConnectionStatus = 'connected' | 'broken' | 'revoked';
export type PlatformDocumentKind = 'permit' | 'inspection' | 'compliance';
export type PlatformDocumentStatus = 'pending' | 'sent' | 'failed';
type Counter = ColumnType<number, number | undefined, number>;

export interface PlatformConnectionsTable {
  id: Generated<string>;
  company_id: number;
  status: PlatformConnectionStatus;
  platform_name: string;
  account_id: Optional<string>;
  account_name: Optional<string>;
  access_token_sealed: Optional<string>;
  refresh_token_sealed: Optional<string>;
  token_expires_at: NullableTimestamp;
  scope: Optional<string>;
  webhook_secret_sealed: string;
  last_error: Optional<string>;
  broken_at: NullableTimestamp;
  connected_by: Optional<string>;
  connected_at: Timestamp;
  revoked_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface PlatformOauthStatesTable {
  state_hash: string;
  company_id: number;
  user_id: string;
  code_verifier_sealed: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface PlatformProjectLinksTable {
  id: Generated<number>;
  connection_id: string;
  project_id: number;
  platform_project_id: string;
  platform_project_name: string;
  platform_address: string;
  customer_name: Optional<string>;
  customer_email: Optional<string>;
  customer_phone: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlatformInboundEventsTable {
  id: Generated<number>;
  connection_id: string;
  event_id: string;
  type: string;
  payload: ColumnType<unknown, string, string>;
  signature: string;
  received_at: Timestamp;
  attempts: Counter;
  next_attempt_at: Timestamp;
  processed_at: NullableTimestamp;
  last_error: Optional<string>;
}

export interface PlatformSigninNoncesTable {
  connection_id: string;
  nonce: string;
  used_at: Timestamp;
}

export interface PlatformDocumentsTable {
  id: Generated<number>;
  connection_id: string;
  project_id: number;
  permit_id: Optional<number>;
  kind: PlatformDocumentKind;
  source_key: string;
  title: string;
  body: ColumnType<unknown, string, string>;
  status: PlatformDocumentStatus;
  attempts: Counter;
  next_attempt_at: Timestamp;
  last_error: Optional<string>;
  platform_document_id: Optional<string>;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

export interface PlatformTables {
  platform_connections: PlatformConnectionsTable;
  platform_oauth_states: PlatformOauthStatesTable;
  platform_project_links: PlatformProjectLinksTable;
  platform_inbound_events: PlatformInboundEventsTable;
  platform_signin_nonces: PlatformSigninNoncesTable;
  platform_documents: PlatformDocumentsTable;
}
