// Permit documents: POST /v4/permits/{id}/upload-document registers a row and hands out a presigned PUT
// URL from the file storage (local folder or S3); GET /v4/documents lists a permit's or a project's
// documents; GET /v4/s3/presigned?file= answers a short-lived download URL for one of them.
import { UPLOAD_MAX_BYTES, type Document, type PresignedUpload } from '@permitdesk/core';
import { sql } from 'kysely';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { payloadTooLarge } from '../http/errors.js';
import { iso } from '../rows/values.js';
import type { AppServices } from '../services.js';
import { fileNotUploaded, newFileKey } from '../storage/file-storage.js';
import type { Db } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';

/** SPEC §9: the upload limit, in the words the user sees. */
export const FILE_TOO_LARGE_MESSAGE = `The file is too large: the limit is ${UPLOAD_MAX_BYTES.toLocaleString('en-US')} bytes.`;
export const DOCUMENT_NOT_FOUND = 'Document not found.';

export interface UploadRequest {
  permitId: number;
  projectId: number;
  fileName: string;
  contentType: string;
  size: number;
  documentType: string;
  userId: string;
  /** Who added it, for the audit trail (the permit's company is the trail's company). */
  actor: AuditActor;
  companyId: number | null;
}

/**
 * Registers a document (audited in the row's transaction) and answers where to PUT its bytes; the
 * storage call comes first, outside any transaction.
 */
export async function registerUpload(
  services: Pick<AppServices, 'db' | 'storage'>,
  db: Db,
  request: UploadRequest,
): Promise<PresignedUpload> {
  if (request.size > UPLOAD_MAX_BYTES) throw payloadTooLarge(FILE_TOO_LARGE_MESSAGE, 'FILE_TOO_LARGE');
  const contentType = request.contentType.trim() || 'application/octet-stream';
  const key = newFileKey(`permits/${request.permitId}`, request.fileName);
  const presigned = await services.storage.presignUpload(key, { contentType, fileName: request.fileName, size: request.size, ownerUserId: request.userId });
  const row = await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('permit_documents')
      .values({
        permit_id: request.permitId,
        project_id: request.projectId,
        document_type: request.documentType,
        file_name: request.fileName,
        content_type: contentType,
        size: request.size,
        storage_key: key,
        created_by: request.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, request.actor, {
      entity: 'permit',
      entityId: request.permitId,
      action: 'document_added',
      companyId: request.companyId,
      permitId: request.permitId,
      customerVisible: true,
      before: null,
      after: { documentId: Number(inserted.id), fileName: request.fileName, documentType: request.documentType },
    });
    return inserted;
  });
  return { documentId: Number(row.id), uploadUrl: presigned.url, method: 'PUT', headers: presigned.headers, expiresAt: presigned.expiresAt, ...(presigned.multipart ? { multipart: presigned.multipart } : {}) };
}

interface DocumentRow {
  id: number;
  permit_id: number;
  document_type: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  uploaded: boolean | null;
  created_at: Date | string;
}

const toDocument = (row: DocumentRow, documentableType: 'Permit' | 'Project', documentableId: number): Document => ({
  documentId: Number(row.id),
  documentType: row.document_type,
  documentableId: String(documentableId),
  documentableType,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  uploaded: Boolean(row.uploaded),
  createdAt: iso(row.created_at),
  file: String(row.id),
});

/** The documents of a permit, or of every permit of a project, oldest first. */
export async function listDocuments(db: Db, of: { permitId: number } | { projectId: number }): Promise<Document[]> {
  const where = 'permitId' in of ? sql`d.permit_id = ${of.permitId}` : sql`d.project_id = ${of.projectId}`;
  const { rows } = await sql<DocumentRow>`
    SELECT d.id, d.permit_id, d.document_type, d.file_name, COALESCE(f.served_type, d.content_type) AS content_type, d.size, d.storage_key,
           (d.uploaded_at IS NOT NULL OR COALESCE(f.uploaded, false)) AS uploaded, d.created_at
    FROM permit_documents d LEFT JOIN files f ON f.key = d.storage_key
    WHERE ${where} ORDER BY d.created_at, d.id`.execute(db);
  return 'permitId' in of ? rows.map((row) => toDocument(row, 'Permit', of.permitId)) : rows.map((row) => toDocument(row, 'Project', of.projectId));
}

/** A document by its id (what documents carry as `file`) or by its storage key; null when unknown. */
export async function findDocument(db: Db, file: string): Promise<{ id: number; permitId: number; fileName: string; key: string; uploadedAt: Date | null } | null> {
  const query = db.selectFrom('permit_documents').select(['id', 'permit_id', 'file_name', 'storage_key', 'uploaded_at']);
  const row = /^\d{1,9}$/.test(file) ? await query.where('id', '=', Number(file)).executeTakeFirst() : await query.where('storage_key', '=', file).executeTakeFirst();
  return row ? { id: Number(row.id), permitId: Number(row.permit_id), fileName: row.file_name, key: row.storage_key, uploadedAt: row.uploaded_at } : null;
}

/**
 * A download URL for a stored file once its bytes are in (404 before). The first time, `markUploaded`
 * records that they are (permit documents and company files each in their own table).
 */
export async function presignStoredDownload(
  services: Pick<AppServices, 'storage' | 'clock'>,
  file: { key: string; fileName: string; uploadedAt: Date | null },
  markUploaded: (at: Date) => Promise<unknown>,
) {
  if (file.uploadedAt === null) {
    // Checks the stored bytes the first time (a refused file is removed: 400).
    const stored = await services.storage.head(file.key);
    if (!stored) throw fileNotUploaded();
    await markUploaded(services.clock());
  }
  const download = await services.storage.presignDownload(file.key, { fileName: file.fileName });
  return { url: download.url, expiresAt: download.expiresAt };
}

/** A download URL once the bytes are stored (404 before), marking the document uploaded. */
export const presignDocumentDownload = (services: Pick<AppServices, 'storage' | 'clock'>, db: Db, document: { id: number; key: string; fileName: string; uploadedAt: Date | null }) =>
  presignStoredDownload(services, document, (at) => db.updateTable('permit_documents').set({ uploaded_at: at }).where('id', '=', document.id).execute());
