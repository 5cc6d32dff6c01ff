// Kysely types of migrations/0072_ops_desk.sql: stage message templates, permit fees, reply attachments.
import type { ColumnType, Generated } from 'kysely';
import type { Optional, Timestamp } from './columns.js';

export interface OpsStageTemplatesTable {
  stage: number;
  subject: string;
  body: string;
  updated_by: Optional<string>;
  updated_at: Timestamp;
}

export interface PermitFeesTable {
  id: Generated<number>;
  permit_id: number;
  position: number;
  label: string;
  /** numeric: a string from pg, a number from PGlite. */
  amount: ColumnType<string | number, number, number>;
  created_at: Timestamp;
}

export interface MessageAttachmentsTable {
  message_id: number;
  document_id: number;
}

export interface OpsDeskTables {
  ops_stage_templates: OpsStageTemplatesTable;
  permit_fees: PermitFeesTable;
  message_attachments: MessageAttachmentsTable;
}
