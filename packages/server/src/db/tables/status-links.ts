// Kysely types of migrations/0085_status_links.sql: the homeowner's status links and their subscribers.
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Optional, Timestamp } from './columns.js';

export interface PermitStatusLinksTable {
  id: Generated<number>;
  permit_id: number;
  token_hash: string;
  label: Optional<string>;
  show_prices: ColumnType<boolean, boolean | undefined, boolean>;
  revoked_at: NullableTimestamp;
  revoked_by: Optional<string>;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface PermitStatusSubscribersTable {
  id: Generated<number>;
  link_id: number;
  email: string;
  state: 'pending' | 'confirmed' | 'unsubscribed';
  confirm_hash: Optional<string>;
  unsubscribe_hash: string;
  /** Sealed JSON { page, unsubscribe }: the link's token and the unsubscribe token. */
  tokens_sealed: string;
  requested_at: Timestamp;
  confirmed_at: NullableTimestamp;
  unsubscribed_at: NullableTimestamp;
}

export interface StatusLinkTables {
  permit_status_links: PermitStatusLinksTable;
  permit_status_subscribers: PermitStatusSubscribersTable;
}
