// Kysely types of migrations/0071_ops_queue.sql: the permit team's SLA targets and saved queue views.
import type { ColumnType, Generated } from 'kysely';
import type { Optional, Timestamp } from './columns.js';

export interface OpsStageSlaTable {
  stage: number;
  target_hours: number;
  updated_by: Optional<string>;
  updated_at: Timestamp;
}

export interface OpsSavedViewsTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  /** jsonb: read as parsed JSON, written as JSON text. */
  filters: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export interface OpsTables {
  ops_stage_sla: OpsStageSlaTable;
  ops_saved_views: OpsSavedViewsTable;
}
