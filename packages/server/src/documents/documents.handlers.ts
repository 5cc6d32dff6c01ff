// Handlers of the documents calls (GET /v4/documents, /v4/s3/presigned, /app/cloudfront/presigned):
// one address for the documents of permits and projects (permits/) and the files of the compliance
// vault (compliance/), so this module sits on top of both and neither imports the other.
import type { endpoints } from '@permitdesk/core';
import { listVaultDocuments, presignVaultDownload } from '../compliance/vault-documents.js';
import { HttpError, notFound } from '../http/errors.js';
import type { EndpointHandler, HandlerContext } from '../http/register.js';
import { PERMIT_NOT_FOUND, PROJECT_NOT_FOUND, requirePermitAccess, requireProjectAccess } from '../permits/access.js';
import { DOCUMENT_NOT_FOUND, findDocument, listDocuments, presignDocumentDownload } from '../permits/documents.js';
import { LOCAL_FILES_ROUTE } from '../storage/local-storage.js';

type Documents = typeof endpoints.documents;

/** Documents of a permit or a project, or the files of the compliance vault's kinds. */
export const listDocumentsHandler: EndpointHandler<Documents['list']> = async ({ services, user }, { query }) => {
  const db = services.db;
  const id = /^\d{1,9}$/.test(query.documentable_id) ? Number(query.documentable_id) : null;
  if (query.documentable_type === 'Permit') {
    if (id === null) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
    await requirePermitAccess(db, user.sub, id, 'view-only');
    return listDocuments(db, { permitId: id });
  }
  if (query.documentable_type === 'Project') {
    if (id === null) throw notFound(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
    await requireProjectAccess(db, user.sub, id, 'view-only');
    return listDocuments(db, { projectId: id });
  }
  return listVaultDocuments({ services, user }, query.documentable_type, query.documentable_id);
};

/** A download URL for a stored file: a permit document (by id or storage key), or a company file of the vault. */
async function presignFile(ctx: Pick<HandlerContext<Documents['presignedDownload']>, 'services' | 'user'>, file: string) {
  const db = ctx.services.db;
  const document = await findDocument(db, file);
  if (!document) {
    // Not a permit document: perhaps a company file of the compliance vault (its storage key).
    const vault = await presignVaultDownload(ctx, file, () => notFound(DOCUMENT_NOT_FOUND, 'DOCUMENT_NOT_FOUND'));
    if (vault) return vault;
    throw notFound(DOCUMENT_NOT_FOUND, 'DOCUMENT_NOT_FOUND');
  }
  try {
    await requirePermitAccess(db, ctx.user.sub, document.permitId, 'view-only');
  } catch (error) {
    // An unseen permit's document does not exist for this user.
    if (error instanceof HttpError && error.status === 404) throw notFound(DOCUMENT_NOT_FOUND, 'DOCUMENT_NOT_FOUND');
    throw error;
  }
  return presignDocumentDownload(ctx.services, db, document);
}

export const presignedDownloadHandler: EndpointHandler<Documents['presignedDownload']> = ({ services, user }, { query }) => presignFile({ services, user }, query.file);

/**
 * POST /app/cloudfront/presigned: the lasting address of a stored file (the local /files/{key} route, an
 * object-storage URL with the key as its path, or the key itself) turned into a short-lived download URL.
 */
export const cloudfrontPresignedHandler: EndpointHandler<Documents['cloudfrontPresigned']> = async ({ services, user }, { body }) => {
  const key = storageKeyOf(body.originalUrl);
  if (key === null) throw notFound(DOCUMENT_NOT_FOUND, 'DOCUMENT_NOT_FOUND');
  return presignFile({ services, user }, key);
};

/** The storage key an original file URL names, or null when it names none. */
export function storageKeyOf(originalUrl: string): string | null {
  let path = originalUrl;
  try {
    path = decodeURIComponent(new URL(originalUrl).pathname).replace(new RegExp(`^${LOCAL_FILES_ROUTE}/`), '');
  } catch {
    // Not a URL: the key itself.
  }
  const key = path.replace(/^\/+/, '');
  // A bare number is a document id to GET /v4/s3/presigned, not the address of a file.
  return key === '' || /^\d+$/.test(key) ? null : key;
}
