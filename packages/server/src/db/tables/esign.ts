// Kysely types of migrations/0080_esign_envelopes.sql: e-signature envelopes and their signers.
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Optional, Timestamp } from './columns.js';

export type EnvelopeStatusColumn = 'sent' | 'completed' | 'declined' | 'voided' | 'expired';
export type SignerStatusColumn = 'waiting' | 'invited' | 'signed' | 'declined';

export interface EsignEnvelopesTable {
  id: Generated<string>;
  company_id: Optional<number>;
  permit_id: Optional<number>;
  purpose: 'document' | 'cancellation';
  title: string;
  file_name: string;
  status: EnvelopeStatusColumn;
  original_pdf: Uint8Array;
  original_sha256: string;
  current_pdf: Uint8Array;
  signed_sha256: Optional<string>;
  signed_storage_key: Optional<string>;
  expires_at: Timestamp;
  reminder_count: ColumnType<number, number | undefined, number>;
  last_reminded_at: NullableTimestamp;
  voided_at: NullableTimestamp;
  void_reason: Optional<string>;
  completed_at: NullableTimestamp;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface EsignSignersTable {
  id: Generated<number>;
  envelope_id: string;
  position: number;
  name: string;
  email: string;
  status: SignerStatusColumn;
  token_hash: Optional<string>;
  passcode_secret: string;
  passcode_failures: ColumnType<number, number | undefined, number>;
  locked_at: NullableTimestamp;
  passcode_verified_at: NullableTimestamp;
  invited_at: NullableTimestamp;
  signed_at: NullableTimestamp;
  declined_at: NullableTimestamp;
  decline_reason: Optional<string>;
  signature_kind: Optional<'typed' | 'drawn'>;
  signature_text: Optional<string>;
  signed_ip: Optional<string>;
  signed_user_agent: Optional<string>;
  /** migrations/0098_esign_auto_reminders.sql: when the daily job reminded this signer (once per turn). */
  auto_reminded_at: NullableTimestamp;
}

export interface EsignTables {
  esign_envelopes: EsignEnvelopesTable;
  esign_signers: EsignSignersTable;
}
