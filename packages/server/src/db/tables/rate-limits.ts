// Kysely types of migrations/0051_rate_limits.sql (read and written with raw SQL by http/rate-limit-stores.ts).
import type { NullableTimestamp } from './columns.js';
import type { ColumnType } from 'kysely';

export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  blocked_until: NullableTimestamp;
}

export interface RateLimitTables {
  rate_limits: RateLimitsTable;
}
