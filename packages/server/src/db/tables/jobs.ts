// Kysely types of the durable jobs and the outbound webhooks (migrations/0082_jobs_and_webhooks.sql).
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { BigId, NullableTimestamp, Optional, Timestamp } from './columns.js';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<BigId>;
  kind: string;
  payload: JSONColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;
  key: Optional<string>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  run_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface JobSchedulesTable {
  kind: string;
  spec: string;
  next_run_at: Timestamp;
  updated_at: Timestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookSubscriptionsTable {
  id: string;
  company_id: number;
  url: string;
  events: JSONColumnType<string[], string, string>;
  description: Optional<string>;
  secret_sealed: string;
  created_by: Optional<string>;
  created_at: Timestamp;
  /** The platform connection that owns this subscription (migrations/0091), else null. */
  platform_connection_id: Optional<string>;
}

export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string;
  company_id: number;
  event_id: string;
  event_type: string;
  body: string;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: Generated<number>;
  last_status_code: Optional<number>;
  last_error: Optional<string>;
  retry_since: Timestamp;
  replays: Generated<number>;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
}

export interface WebhookDeliveryAttemptsTable {
  id: Generated<BigId>;
  delivery_id: string;
  attempted_at: Timestamp;
  status_code: Optional<number>;
  duration_ms: number;
  error: Optional<string>;
}

export interface JobTables {
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
}
