// The files table records every object the storage keeps: written when an upload URL is handed out,
// marked uploaded (with its size) once the object exists, removed on delete.
import type { Db } from '../db/schema.js';

export interface FilesRecord {
  expect(key: string, fileName: string, contentType: string, ownerUserId: string | null): Promise<void>;
  uploaded(key: string, size: number, contentType?: string): Promise<void>;
  removed(key: string): Promise<void>;
}

export function createFilesRecord(db: Db, clock: () => Date): FilesRecord {
  return {
    async expect(key, fileName, contentType, ownerUserId) {
      await db
        .insertInto('files')
        .values({ key, file_name: fileName, content_type: contentType, owner_user_id: ownerUserId, created_at: clock() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ file_name: fileName, content_type: contentType }))
        .execute();
    },
    async uploaded(key, size, contentType) {
      const fileName = key.split('/').pop() ?? key;
      await db
        .insertInto('files')
        .values({ key, file_name: fileName, content_type: contentType ?? 'application/octet-stream', size, uploaded: true, created_at: clock(), uploaded_at: clock() })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ size, uploaded: true, uploaded_at: clock(), ...(contentType ? { content_type: contentType } : {}) }),
        )
        .execute();
    },
    async removed(key) {
      await db.deleteFrom('files').where('key', '=', key).execute();
    },
  };
}
