// Files of a company (company_documents): registering an upload for a license, insurance, certificate
// or documentation (a presigned PUT from the file storage), listing them as core's documents, and a
// short-lived download URL once the bytes are stored. A file's `file` is its storage key.
import { UPLOAD_MAX_BYTES, type Document, type PresignedUpload } from '@permitdesk/core';
import { sql } from 'kysely';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { badRequest, notFound, payloadTooLarge } from '../http/errors.js';
import { FILE_TOO_LARGE_MESSAGE, presignStoredDownload } from '../permits/documents.js';
import { iso } from '../rows/values.js';
import type { AppServices } from '../services.js';
import { newFileKey } from '../storage/file-storage.js';
import { DOCUMENTATION_NOT_FOUND } from './documentations.js';
import { companyOfItem, VAULT_KINDS, type VaultKind } from './vault-items.js';
import type { Db, Tx } from '../db/schema.js';
import type { DocumentableType } from '../db/tables/compliance.js';
import { inTransaction } from '../db/transaction.js';

const KIND_OF: Record<Exclude<DocumentableType, 'Company'>, VaultKind> = { License: 'license', Insurance: 'insurance', Certificate: 'certificate' };
export const vaultKindOf = (type: DocumentableType): VaultKind | null => (type === 'Company' ? null : KIND_OF[type]);

export interface CompanyUpload {
  companyId: number;
  fileName: string;
  contentType: string;
  size: number;
  documentableType: DocumentableType;
  documentableId?: number | null | undefined;
  userId: string;
  /** Who uploaded it, for the audit trail. */
  actor: AuditActor;
}

/**
 * Registers a file and answers where to PUT its bytes. A license / insurance / certificate file becomes
 * the item's documentId; a Company file replaces a documentation's file, or starts a new 'Unsorted'
 * documentation named after the file when no documentableId is given.
 */
export async function registerCompanyUpload(services: Pick<AppServices, 'db' | 'storage' | 'clock'>, db: Db, upload: CompanyUpload): Promise<PresignedUpload> {
  if (upload.size > UPLOAD_MAX_BYTES) throw payloadTooLarge(FILE_TOO_LARGE_MESSAGE, 'FILE_TOO_LARGE');
  const kind = vaultKindOf(upload.documentableType);
  const target = upload.documentableId ?? null;
  if (kind) {
    if (target === null) throw badRequest(`A ${upload.documentableType.toLowerCase()} file needs the id of its ${upload.documentableType.toLowerCase()}.`, 'DOCUMENTABLE_REQUIRED', { documentableId: 'Required.' });
    if ((await companyOfItem(db, kind, target)) !== upload.companyId) throw notFound(VAULT_KINDS[kind].notFound, VAULT_KINDS[kind].code);
  } else if (target !== null) {
    const documentation = await db
      .selectFrom('company_documents')
      .select('id')
      .where('id', '=', target)
      .where('company_id', '=', upload.companyId)
      .where('documentable_type', '=', 'Company')
      .executeTakeFirst();
    if (!documentation) throw notFound(DOCUMENTATION_NOT_FOUND, 'DOCUMENTATION_NOT_FOUND');
  }

  const contentType = upload.contentType.trim() || 'application/octet-stream';
  const key = newFileKey(`companies/${upload.companyId}`, upload.fileName);
  // Outside the transaction: the storage records the expected file through services.db.
  const presigned = await services.storage.presignUpload(key, { contentType, fileName: upload.fileName, size: upload.size, ownerUserId: upload.userId });
  const now = services.clock();
  const file = { file_name: upload.fileName, content_type: contentType, size: upload.size, storage_key: key, uploaded_at: null, updated_at: now };

  const documentId = await inTransaction(db, async (trx) => {
    const id = await storeFile(trx);
    // A vault item's file (or a documentation's): the company's trail shows who filed what.
    await recordAudit(
      trx,
      upload.actor,
      {
        entity: 'vault_item',
        entityId: kind ? `${kind}:${target}` : `documentation:${id}`,
        action: 'file_uploaded',
        companyId: upload.companyId,
        after: { fileName: upload.fileName, documentId: id },
      },
      now,
    );
    return id;
  });

  async function storeFile(trx: Tx): Promise<number> {
    if (!kind && target !== null) {
      await trx.updateTable('company_documents').set(file).where('id', '=', target).execute();
      return target;
    }
    const row = await trx
      .insertInto('company_documents')
      .values({
        company_id: upload.companyId,
        documentable_type: upload.documentableType,
        documentable_id: kind ? target! : upload.companyId,
        name: upload.fileName,
        category: kind ? 'Sorted' : 'Unsorted',
        created_by: upload.userId,
        created_at: now,
        ...file,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    if (kind) {
      await sql`UPDATE ${sql.table(VAULT_KINDS[kind].table)} SET document_id = ${id}, updated_at = ${now} WHERE id = ${target}`.execute(trx);
    }
    return id;
  }
  return { documentId, uploadUrl: presigned.url, method: 'PUT', headers: presigned.headers, expiresAt: presigned.expiresAt, ...(presigned.multipart ? { multipart: presigned.multipart } : {}) };
}

interface FileRow {
  id: number;
  documentable_type: DocumentableType;
  documentable_id: number;
  document_type: string;
  file_name: string;
  content_type: string | null;
  size: number | string | null;
  storage_key: string;
  uploaded: boolean | null;
  created_at: Date | string;
}

const toDocument = (row: FileRow): Document => ({
  documentId: Number(row.id),
  documentType: row.document_type,
  documentableId: String(row.documentable_id),
  documentableType: row.documentable_type,
  fileName: row.file_name,
  contentType: row.content_type ?? 'application/octet-stream',
  size: Number(row.size ?? 0),
  uploaded: Boolean(row.uploaded),
  createdAt: iso(row.created_at),
  file: row.storage_key,
});

/** Files (rows with a stored file) of a company, of one thing it owns, oldest first. */
export async function listCompanyFiles(db: Db, companyId: number, of?: { type: DocumentableType; id: number }): Promise<Document[]> {
  const scope = of ? sql`AND d.documentable_type = ${of.type} AND d.documentable_id = ${of.id}` : sql``;
  const { rows } = await sql<FileRow>`
    SELECT d.id, d.documentable_type, d.documentable_id, d.document_type, d.file_name, COALESCE(f.served_type, d.content_type) AS content_type, d.size, d.storage_key,
           (d.uploaded_at IS NOT NULL OR COALESCE(f.uploaded, false)) AS uploaded, d.created_at
    FROM company_documents d LEFT JOIN files f ON f.key = d.storage_key
    WHERE d.company_id = ${companyId} AND d.storage_key IS NOT NULL ${scope}
    ORDER BY d.created_at, d.id`.execute(db);
  return rows.map(toDocument);
}

export interface StoredCompanyFile {
  id: number;
  companyId: number;
  key: string;
  fileName: string;
  uploadedAt: Date | null;
}

/** A company file by its storage key (what documents carry as `file`); null when unknown. */
export async function findCompanyFile(db: Db, file: string): Promise<StoredCompanyFile | null> {
  const row = await db
    .selectFrom('company_documents')
    .select(['id', 'company_id', 'storage_key', 'file_name', 'uploaded_at'])
    .where('storage_key', '=', file)
    .executeTakeFirst();
  if (!row?.storage_key || !row.file_name) return null;
  return { id: Number(row.id), companyId: Number(row.company_id), key: row.storage_key, fileName: row.file_name, uploadedAt: row.uploaded_at };
}

/** A download URL once the bytes are stored (404 before), marking the file uploaded. */
export const presignCompanyFileDownload = (services: Pick<AppServices, 'storage' | 'clock'>, db: Db, file: StoredCompanyFile) =>
  presignStoredDownload(services, file, (at) => db.updateTable('company_documents').set({ uploaded_at: at }).where('id', '=', file.id).execute());
