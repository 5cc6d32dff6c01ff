// Kysely types of migrations/0070_permit_team.sql's audit trail.
import type { ColumnType, Generated } from 'kysely';
import type { BigId, Optional, Timestamp } from './columns.js';

/** jsonb: read as parsed JSON, written as JSON text. */
type Json = ColumnType<unknown, string | null | undefined, string | null>;

export interface AuditEventsTable {
  id: Generated<BigId>;
  occurred_at: Timestamp;
  actor_user_id: Optional<string>;
  actor_role: string;
  entity: string;
  entity_id: string;
  action: string;
  company_id: Optional<number>;
  permit_id: Optional<number>;
  customer_visible: ColumnType<boolean, boolean | undefined, boolean>;
  before: Json;
  after: Json;
  request_id: Optional<string>;
}

export interface AuditTables {
  audit_events: AuditEventsTable;
}
