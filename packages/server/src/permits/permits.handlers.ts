// Handlers of the permit calls (SPEC §7.1) and the documents of permits: each checks the caller's access
// to the permit's project first (404 unseen, 403 not allowed), then does its work in one transaction.
import { TRIAGE, type endpoints } from '@permitdesk/core';
import { conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import type { EndpointHandler, HandlerContext } from '../http/register.js';
import { isStaff } from '../staff/staff.js';
import { LOCAL_FILES_ROUTE } from '../storage/local-storage.js';
import { listVaultDocuments, presignVaultDownload } from '../compliance/compliance.handlers.js';
import { requirePermitAccess, requireProjectAccess, PERMIT_NOT_FOUND } from './access.js';
import { addReply, PERMIT_TEAM_NAME } from './conversations.js';
import { findDocument, listDocuments, presignDocumentDownload, registerUpload, DOCUMENT_NOT_FOUND } from './documents.js';
import { permitDetail } from './permit-details.js';
import { changeStage } from './stage-change.js';
import { displayName } from './display-name.js';
import { inTransaction } from '../db/transaction.js';

type Permits = typeof endpoints.permits;
type Documents = typeof endpoints.documents;

/** The stages a customer may set, on a permit at one of them: the stage-70 question and its answers. */
export const TRIAGE_STAGES: readonly number[] = [TRIAGE.undo, TRIAGE.yes, TRIAGE.no];
export const STAFF_STAGE_MESSAGE = 'Only the permit team can move a permit to this stage.';
export const NOT_AT_TRIAGE_MESSAGE = 'This permit is no longer waiting for the permit-needed answer.';

export const getPermit: EndpointHandler<Permits['get']> = async ({ services, user }, { params }) => {
  const db = services.db;
  await requirePermitAccess(db, user.sub, params.id, 'view-only');
  return permitDetail(db, params.id);
};

export const changePermitStage: EndpointHandler<Permits['changeStage']> = async ({ services, user }, { params, body }) => {
  const db = services.db;
  const access = await requirePermitAccess(db, user.sub, params.id, 'editor');
  if (!access.staff) {
    if (!TRIAGE_STAGES.includes(body.stage)) throw forbidden(STAFF_STAGE_MESSAGE, 'STAGE_FORBIDDEN');
    const current = await db.selectFrom('permits').select('stage').where('id', '=', params.id).executeTakeFirstOrThrow();
    if (!TRIAGE_STAGES.includes(current.stage)) throw conflict(NOT_AT_TRIAGE_MESSAGE, 'NOT_AT_TRIAGE');
  }
  await inTransaction(services.db, (trx) =>
    changeStage(trx, services, { permitId: params.id, stage: body.stage, userId: user.sub, by: access.staff ? 'permit_team' : 'customer' }),
  );
  return permitDetail(db, params.id);
};

export const replyToPermit: EndpointHandler<Permits['reply']> = async ({ services, user }, { params, body }) => {
  const db = services.db;
  await requirePermitAccess(db, user.sub, params.id, 'contributor');
  const asTeam = await isStaff(db, user.sub);
  const name = asTeam ? PERMIT_TEAM_NAME : await displayName(db, user.sub);
  return inTransaction(services.db, (trx) =>
    addReply(trx, {
      permitId: params.id,
      conversationId: body.conversationId,
      subject: body.subject,
      body: body.body,
      author: { userId: user.sub, name, role: asTeam ? 'permit_team' : 'customer' },
      now: services.clock(),
    }),
  );
};

export const permitBySession: EndpointHandler<Permits['bySession']> = async ({ services, user }, { query }) => {
  const db = services.db;
  const row = await db.selectFrom('permits').select('id').where('session', '=', query.session).executeTakeFirst();
  if (!row) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  await requirePermitAccess(db, user.sub, row.id, 'view-only');
  return permitDetail(db, row.id);
};

export const uploadPermitDocument: EndpointHandler<Permits['uploadDocument']> = async ({ services, user }, { params, body }) => {
  const db = services.db;
  const access = await requirePermitAccess(db, user.sub, params.id, 'contributor');
  return registerUpload(services, db, {
    permitId: params.id,
    projectId: access.projectId,
    fileName: body.fileName,
    contentType: body.contentType,
    size: body.size,
    documentType: body.documentType,
    userId: user.sub,
  });
};

export const permitCancellationStatus: EndpointHandler<Permits['cancellationStatus']> = async ({ services, user }, { params }) => {
  const db = services.db;
  await requirePermitAccess(db, user.sub, params.id, 'view-only');
  const open = await db
    .selectFrom('cancellation_requests')
    .select('created_at')
    .where('permit_id', '=', params.id)
    .where('resolved_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return { isSubmitted: open !== undefined, submittedAt: open ? new Date(open.created_at).toISOString() : null };
};

export const updateProjectName: EndpointHandler<Permits['updateProjectName']> = async ({ services, user }, { params, query }) => {
  const db = services.db;
  const access = await requirePermitAccess(db, user.sub, params.id, 'editor');
  await db.updateTable('projects').set({ name: query.projectName, updated_at: services.clock() }).where('id', '=', access.projectId).execute();
  return permitDetail(db, params.id);
};

export const dismissPermit: EndpointHandler<Permits['dismiss']> = async ({ services, user }, { params }) => {
  const db = services.db;
  await requirePermitAccess(db, user.sub, params.id, 'editor');
  const now = services.clock();
  await db.updateTable('permits').set({ dismissed: true, dismissed_at: now, updated_at: now }).where('id', '=', params.id).execute();
  return { ok: true as const };
};

/** Documents of a permit or a project; the compliance vault's kinds are handed to the compliance area. */
export const listDocumentsHandler: EndpointHandler<Documents['list']> = async ({ services, user }, { query }) => {
  const db = services.db;
  const id = /^\d{1,9}$/.test(query.documentable_id) ? Number(query.documentable_id) : null;
  if (query.documentable_type === 'Permit') {
    if (id === null) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
    await requirePermitAccess(db, user.sub, id, 'view-only');
    return listDocuments(db, { permitId: id });
  }
  if (query.documentable_type === 'Project') {
    if (id === null) throw notFound('Project not found.', 'PROJECT_NOT_FOUND');
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
