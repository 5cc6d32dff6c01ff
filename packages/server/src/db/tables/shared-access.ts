// Kysely types of migrations/0079_shared_file_downloads.sql: the files a wallet share or vendor link opened.
import type { Generated } from 'kysely';
import type { Optional, Timestamp } from './columns.js';

export interface SharedFileDownloadsTable {
  id: Generated<number>;
  owner_company_id: number;
  viewer_company_id: Optional<number>;
  user_id: Optional<string>;
  wallet_share_id: Optional<number>;
  kind: 'license' | 'insurance' | 'certificate';
  item_id: number;
  document_id: Optional<number>;
  file_name: string;
  downloaded_at: Timestamp;
}

export interface SharedAccessTables {
  shared_file_downloads: SharedFileDownloadsTable;
}
