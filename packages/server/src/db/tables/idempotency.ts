// Kysely types of migrations/0052_idempotency_keys.sql (read and written with raw SQL by http/idempotency.ts).
import type { Timestamp } from './columns.js';

export interface IdempotencyKeysTable {
  scope: string;
  method: string;
  path: string;
  key: string;
  fingerprint: string;
  status: number | null;
  body: string | null;
  content_type: string | null;
  created_at: Timestamp;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
