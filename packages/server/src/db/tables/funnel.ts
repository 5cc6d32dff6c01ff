// Kysely types of migrations/0093_funnel_events.sql: the sign-up funnel's events (issue 18).
import type { TrackedStep } from '@permitdesk/core';
import type { Optional, Timestamp } from './columns.js';

export interface FunnelEventsTable {
  session: string;
  step: TrackedStep;
  origin: Optional<string>;
  created_at: Timestamp;
}

export interface FunnelTables {
  funnel_events: FunnelEventsTable;
}
