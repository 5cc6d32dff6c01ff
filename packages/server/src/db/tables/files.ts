// Kysely types of the uploaded-files record (migrations/0001_identity.sql, 0050_file_uploads.sql).
import type { ColumnType, Generated } from 'kysely';
import type { BigId, NullableTimestamp, Timestamp } from './columns.js';

export interface FilesTable {
  id: Generated<BigId>;
  key: string;
  file_name: string;
  content_type: string;
  size: ColumnType<string | number | null, number | null | undefined, number | null>;
  uploaded: Generated<boolean>;
  owner_user_id: string | null;
  created_at: Timestamp;
  uploaded_at: NullableTimestamp;
  /** migrations/0050_file_uploads.sql: the size announced by the upload request, the start of its one PUT, the checked type it is served with. */
  declared_size: ColumnType<string | number | null, number | null | undefined, number | null>;
  upload_started_at: NullableTimestamp;
  served_type: string | null;
}

/** migrations/0096_multipart_uploads.sql: a multipart upload in progress. */
export interface MultipartUploadsTable {
  id: string;
  key: string;
  storage_upload_id: string;
  owner_user_id: string | null;
  size: ColumnType<string | number, number, number>;
  part_size: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface FileTables {
  files: FilesTable;
  multipart_uploads: MultipartUploadsTable;
}
