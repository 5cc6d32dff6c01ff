// Kysely types of migrations/0003_permits.sql and 0005_permits_api.sql.
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Optional, Timestamp } from './columns.js';

/** Filled by the database (generated columns and triggers): read only. */
type Derived<T> = ColumnType<T, never, never>;
/** jsonb: read as parsed JSON, written as JSON text. */
type Json = ColumnType<unknown, string, string>;

export interface ProjectsTable {
  id: Generated<number>;
  name: Optional<string>;
  company_id: Optional<number>;
  owner_user_id: Optional<string>;
  radar_scope: Derived<string>;
  customer_name: string;
  order_number: Optional<string>;
  street_address: string;
  street_modifier: Optional<string>;
  city: string;
  state: string;
  postal_code: string;
  project_address: string;
  address_id: Optional<string>;
  latitude: Optional<number>;
  longitude: Optional<number>;
  municipality_id: Optional<number>;
  /** migrations/0086: why the visitor chose the municipality and between which ones (core's MunicipalityChoice), or null. */
  municipality_choice: ColumnType<unknown, string | null | undefined, string | null>;
  home_built_date: Optional<string>;
  customer_phone_number: Optional<string>;
  customer_alt_phone_number: Optional<string>;
  created_by: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PermitsTable {
  id: Generated<number>;
  project_id: number;
  task_id: number;
  municipality_id: number;
  stage: ColumnType<number, number | undefined, number>;
  session: Optional<string>;
  agent_id: Optional<string>;
  scope_of_work: Optional<string>;
  /** numeric: a string from pg, a number from PGlite. */
  project_value: ColumnType<string | number | null, number | null | undefined, number | null>;
  permit_number: Optional<string>;
  redirect_url: Optional<string>;
  issued_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  est_completion_at: NullableTimestamp;
  dismissed: ColumnType<boolean, boolean | undefined, boolean>;
  dismissed_at: NullableTimestamp;
  created_by: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  radar_scope: Derived<string>;
  customer_name: Derived<string>;
  customer_sort: Derived<string>;
  search_text: Derived<string>;
  /** migrations/0070_permit_team.sql: bumped by every change; a change made on an older one is refused. */
  version: ColumnType<number, number | undefined, number>;
  assigned_to: Optional<string>;
  stage_entered_at: Timestamp;
  /** migrations/0071_ops_queue.sql: the queue's flags, kept by triggers (never written by hand). */
  last_message_role: Derived<string | null>;
  cancellation_open: Derived<boolean>;
  quote_pending_until: Derived<Date | string | null>;
  next_inspection_at: Derived<Date | null>;
  /** migrations/0084_filing_gate.sql: the pre-filing gate's answer when the request was filed (core's GateResult). */
  gate_result: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface PermitInspectionsTable {
  id: Generated<number>;
  permit_id: number;
  inspection_name: string;
  status: ColumnType<'open' | 'scheduled' | 'passed' | 'failed' | 'canceled', string | undefined, string>;
  perform_order: number;
  scheduled_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
  /** migrations/0072_ops_desk.sql: what the inspector wrote. */
  result_notes: Optional<string>;
}

export interface ConversationsTable {
  id: Generated<number>;
  permit_id: number;
  subject: string;
  created_at: Timestamp;
}

export interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  author_role: 'customer' | 'permit_team';
  author_name: string;
  author_user_id: Optional<string>;
  body: string;
  created_at: Timestamp;
}

export interface ProjectAssignmentsTable {
  id: Generated<number>;
  project_id: number;
  assignee_type: 'Company' | 'User' | 'Vendor' | 'Project';
  assignee_company_id: Optional<number>;
  assignee_user_id: Optional<string>;
  assign_name: string;
  access_level: 'owner' | 'editor' | 'view-only' | 'contributor';
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface CancellationRequestsTable {
  id: Generated<number>;
  permit_id: number;
  requested_by: Optional<string>;
  reason: Optional<string>;
  /** Read as parsed JSON, written as JSON text. */
  form_entry: ColumnType<unknown, string | null | undefined, string | null>;
  previous_stage: Optional<number>;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
}

export interface PermitStageHistoryTable {
  id: Generated<number>;
  permit_id: number;
  from_stage: Optional<number>;
  to_stage: number;
  changed_by: Optional<string>;
  note: Optional<string>;
  changed_at: Timestamp;
}

export interface DataCollectionsTable {
  permit_id: number;
  project_id: number;
  /** core's DataCollection, read as parsed JSON, written as JSON text. */
  data: ColumnType<unknown, string, string>;
  updated_by: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PermitDocumentsTable {
  id: Generated<number>;
  permit_id: number;
  project_id: number;
  document_type: ColumnType<string, string | undefined, string>;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  uploaded_at: NullableTimestamp;
  created_by: Optional<string>;
  created_at: Timestamp;
}

/** Permits per radar scope, stage and dismissal, kept by triggers (read through raw SQL only). */
export interface RadarCountsTable {
  radar_scope: string;
  stage: number;
  dismissed: boolean;
  /** 0095: the row of the writing connection (backend pid mod 16); readers sum over the slots. */
  slot: number;
  n: number;
}

// migrations/0005_permits_api.sql
export interface FormEntriesTable {
  id: Generated<number>;
  form_id: 52 | 31 | 32 | 50;
  user_id: Optional<string>;
  company_id: Optional<number>;
  project_id: Optional<number>;
  permit_id: Optional<number>;
  session: Optional<string>;
  integration_id: Optional<string>;
  entry: Json;
  answers: Json;
  created_at: Timestamp;
}

export interface ProjectUpdatesTable {
  id: Generated<number>;
  project_id: number;
  permit_id: number;
  company_id: Optional<number>;
  owner_user_id: Optional<string>;
  stage: number;
  message: string;
  read_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PermitTables {
  projects: ProjectsTable;
  permits: PermitsTable;
  permit_inspections: PermitInspectionsTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  project_assignments: ProjectAssignmentsTable;
  cancellation_requests: CancellationRequestsTable;
  permit_stage_history: PermitStageHistoryTable;
  data_collections: DataCollectionsTable;
  permit_documents: PermitDocumentsTable;
  radar_counts: RadarCountsTable;
  form_entries: FormEntriesTable;
  project_updates: ProjectUpdatesTable;
}
