// The files table records every object the storage keeps: written when an upload URL is handed out
// (with the announced name, type and size), claimed by the one PUT an upload URL allows, marked uploaded
// with the type it is served with once its bytes are checked, removed on delete.
import type { Db } from '../db/schema.js';

/** What the upload request announced about a file, and what is known of its stored bytes. */
export interface FileRow {
  fileName: string;
  /** The declared content type (a hint only: files are served with servedType). */
  contentType: string;
  /** Null for files registered before sizes were announced. */
  declaredSize: number | null;
  /** The checked type the file is served with; null until its bytes are checked. */
  servedType: string | null;
}

export interface FilesRecord {
  expect(key: string, file: { fileName: string; contentType: string; size: number | null; ownerUserId: string | null }): Promise<void>;
  /** Starts the one PUT of an upload URL: the announced file, or null when its URL was used already. */
  claim(key: string): Promise<FileRow | null>;
  /** Frees the URL again after a PUT that stored nothing. */
  release(key: string): Promise<void>;
  uploaded(key: string, size: number, servedType: string): Promise<void>;
  find(key: string): Promise<FileRow | null>;
  removed(key: string): Promise<void>;
  /** Multipart uploads in progress (multipart.ts). */
  startMultipart(upload: MultipartUpload): Promise<void>;
  findMultipart(id: string): Promise<MultipartUpload | null>;
  endMultipart(id: string): Promise<void>;
  /** Multipart uploads given up before `now`, oldest first. */
  expiredMultiparts(now: Date, limit: number): Promise<MultipartUpload[]>;
}

/** A multipart upload in progress: `id` is the one its user names; `storageUploadId` the storage's own. */
export interface MultipartUpload {
  id: string;
  key: string;
  storageUploadId: string;
  ownerUserId: string | null;
  /** The announced size of the whole file. */
  size: number;
  partSize: number;
  expiresAt: Date;
}

const toMultipart = (row: { id: string; key: string; storage_upload_id: string; owner_user_id: string | null; size: string | number; part_size: number; expires_at: Date }): MultipartUpload => ({
  id: row.id,
  key: row.key,
  storageUploadId: row.storage_upload_id,
  ownerUserId: row.owner_user_id,
  size: Number(row.size),
  partSize: Number(row.part_size),
  expiresAt: new Date(row.expires_at),
});
const MULTIPART_COLUMNS = ['id', 'key', 'storage_upload_id', 'owner_user_id', 'size', 'part_size', 'expires_at'] as const;

const COLUMNS = ['file_name', 'content_type', 'declared_size', 'served_type'] as const;
const toRow = (row: { file_name: string; content_type: string; declared_size: string | number | null; served_type: string | null }): FileRow => ({
  fileName: row.file_name,
  contentType: row.content_type,
  declaredSize: row.declared_size === null ? null : Number(row.declared_size),
  servedType: row.served_type,
});

export function createFilesRecord(db: Db, clock: () => Date): FilesRecord {
  return {
    async expect(key, file) {
      const announced = { file_name: file.fileName, content_type: file.contentType, declared_size: file.size };
      await db
        .insertInto('files')
        .values({ key, ...announced, owner_user_id: file.ownerUserId, created_at: clock() })
        .onConflict((oc) => oc.column('key').doUpdateSet(announced))
        .execute();
    },
    async claim(key) {
      const row = await db
        .updateTable('files')
        .set({ upload_started_at: clock() })
        .where('key', '=', key)
        .where('uploaded', '=', false)
        .where('upload_started_at', 'is', null)
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },
    async release(key) {
      await db.updateTable('files').set({ upload_started_at: null }).where('key', '=', key).execute();
    },
    async uploaded(key, size, servedType) {
      const now = clock();
      await db
        .insertInto('files')
        .values({ key, file_name: key.split('/').pop() ?? key, content_type: servedType, served_type: servedType, size, uploaded: true, created_at: now, uploaded_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ size, uploaded: true, uploaded_at: now, served_type: servedType }))
        .execute();
    },
    async find(key) {
      const row = await db.selectFrom('files').select(COLUMNS).where('key', '=', key).executeTakeFirst();
      return row ? toRow(row) : null;
    },
    async removed(key) {
      await db.deleteFrom('files').where('key', '=', key).execute();
    },
    async startMultipart(upload) {
      await db
        .insertInto('multipart_uploads')
        .values({
          id: upload.id,
          key: upload.key,
          storage_upload_id: upload.storageUploadId,
          owner_user_id: upload.ownerUserId,
          size: upload.size,
          part_size: upload.partSize,
          expires_at: upload.expiresAt,
          created_at: clock(),
        })
        .execute();
    },
    async findMultipart(id) {
      const row = await db.selectFrom('multipart_uploads').select(MULTIPART_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row ? toMultipart(row) : null;
    },
    async endMultipart(id) {
      await db.deleteFrom('multipart_uploads').where('id', '=', id).execute();
    },
    async expiredMultiparts(now, limit) {
      const rows = await db.selectFrom('multipart_uploads').select(MULTIPART_COLUMNS).where('expires_at', '<', now).orderBy('expires_at').limit(limit).execute();
      return rows.map(toMultipart);
    },
  };
}
