// Kysely types of migrations/0077_compliance_links.sql: public compliance links, their chosen items,
// visits and downloads.
import type { Generated } from 'kysely';
import type { NullableTimestamp, Optional, Timestamp } from './columns.js';

export type LinkItemKindColumn = 'license' | 'insurance' | 'certificate' | 'documentation';

export interface ComplianceLinksTable {
  id: Generated<number>;
  company_id: number;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  label: Optional<string>;
  all_items: boolean;
  allow_downloads: boolean;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_by: Optional<string>;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface ComplianceLinkItemsTable {
  link_id: number;
  kind: LinkItemKindColumn;
  item_id: number;
  downloadable: boolean;
}

export interface ComplianceLinkVisitsTable {
  id: Generated<number>;
  link_id: number;
  visit_key: string;
  network: Optional<string>;
  place: Optional<string>;
  visited_at: Timestamp;
}

export interface ComplianceLinkDownloadsTable {
  id: Generated<number>;
  link_id: number;
  visit_id: Optional<number>;
  kind: LinkItemKindColumn;
  item_id: number;
  document_id: Optional<number>;
  file_name: string;
  network: Optional<string>;
  place: Optional<string>;
  downloaded_at: Timestamp;
}

export interface ComplianceLinkTables {
  compliance_links: ComplianceLinksTable;
  compliance_link_items: ComplianceLinkItemsTable;
  compliance_link_visits: ComplianceLinkVisitsTable;
  compliance_link_downloads: ComplianceLinkDownloadsTable;
}
