// Handlers of the permit calls (SPEC §7.1): each checks the caller's access to the permit's project
// first (404 unseen, 403 not allowed), then does its work in one transaction.
import { TRIAGE, type endpoints } from '@permitdesk/core';
import { sql } from 'kysely';
import { recordAudit } from '../audit/audit.js';
import { auditActor } from '../http/audit-actor.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import type { EndpointHandler } from '../http/register.js';
import { isStaff } from '../staff/staff.js';
import { requirePermitAccess, PERMIT_NOT_FOUND } from './access.js';
import { addReply, PERMIT_TEAM_NAME } from './conversations.js';
import { registerUpload } from './documents.js';
import { permitDetail } from './permit-details.js';
import { changeStage } from './stage-change.js';
import { displayName } from './display-name.js';
import { inTransaction } from '../db/transaction.js';

type Permits = typeof endpoints.permits;

/** The stages a customer may set, on a permit at one of them: the stage-70 question and its answers. */
export const TRIAGE_STAGES: readonly number[] = [TRIAGE.undo, TRIAGE.yes, TRIAGE.no];
export const STAFF_STAGE_MESSAGE = 'Only the permit team can move a permit to this stage.';
export const NOT_AT_TRIAGE_MESSAGE = 'This permit is no longer waiting for the permit-needed answer.';

export const getPermit: EndpointHandler<Permits['get']> = async ({ services, user }, { params }) => {
  const db = services.db;
  await requirePermitAccess(db, user.sub, params.id, 'view-only');
  return permitDetail(db, params.id);
};

export const changePermitStage: EndpointHandler<Permits['changeStage']> = async ({ services, user, c }, { params, body }) => {
  const db = services.db;
  const access = await requirePermitAccess(db, user.sub, params.id, 'editor');
  if (!access.staff) {
    if (!TRIAGE_STAGES.includes(body.stage)) throw forbidden(STAFF_STAGE_MESSAGE, 'STAGE_FORBIDDEN');
    const current = await db.selectFrom('permits').select('stage').where('id', '=', params.id).executeTakeFirstOrThrow();
    if (!TRIAGE_STAGES.includes(current.stage)) throw conflict(NOT_AT_TRIAGE_MESSAGE, 'NOT_AT_TRIAGE');
  }
  await inTransaction(services.db, (trx) =>
    changeStage(trx, services, {
      permitId: params.id,
      stage: body.stage,
      userId: user.sub,
      by: access.staff ? 'permit_team' : 'customer',
      actor: auditActor(c, user, access.staff ? 'permit_team' : 'customer'),
    }),
  );
  return permitDetail(db, params.id);
};

export const replyToPermit: EndpointHandler<Permits['reply']> = async ({ services, user, c }, { params, body }) => {
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
      actor: auditActor(c, user, asTeam ? 'permit_team' : 'customer'),
      now: services.clock(),
    }, services),
  );
};

export const permitBySession: EndpointHandler<Permits['bySession']> = async ({ services, user }, { query }) => {
  const db = services.db;
  const row = await db.selectFrom('permits').select('id').where('session', '=', query.session).executeTakeFirst();
  if (!row) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  await requirePermitAccess(db, user.sub, row.id, 'view-only');
  return permitDetail(db, row.id);
};

export const uploadPermitDocument: EndpointHandler<Permits['uploadDocument']> = async ({ services, user, c }, { params, body }) => {
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
    actor: auditActor(c, user, access.staff ? 'permit_team' : 'customer'),
    companyId: access.companyId,
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

export const updateProjectName: EndpointHandler<Permits['updateProjectName']> = async ({ services, user, c }, { params, query }) => {
  const db = services.db;
  const access = await requirePermitAccess(db, user.sub, params.id, 'editor');
  await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('projects').select('name').where('id', '=', access.projectId).forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable('projects').set({ name: query.projectName, updated_at: services.clock() }).where('id', '=', access.projectId).execute();
    if (before.name === query.projectName) return;
    await recordAudit(trx, auditActor(c, user, access.staff ? 'permit_team' : 'customer'), {
      entity: 'project',
      entityId: access.projectId,
      action: 'renamed',
      companyId: access.companyId,
      permitId: params.id,
      customerVisible: true,
      before: { name: before.name },
      after: { name: query.projectName },
    });
  });
  return permitDetail(db, params.id);
};

export const dismissPermit: EndpointHandler<Permits['dismiss']> = async ({ services, user, c }, { params }) => {
  const db = services.db;
  const access = await requirePermitAccess(db, user.sub, params.id, 'editor');
  const now = services.clock();
  await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('permits').select('dismissed').where('id', '=', params.id).forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable('permits').set({ dismissed: true, dismissed_at: now, updated_at: now, version: sql`version + 1` }).where('id', '=', params.id).execute();
    if (before.dismissed) return;
    await recordAudit(trx, auditActor(c, user, access.staff ? 'permit_team' : 'customer'), {
      entity: 'permit',
      entityId: params.id,
      action: 'dismissed',
      companyId: access.companyId,
      permitId: params.id,
      customerVisible: true,
      before: { dismissed: false },
      after: { dismissed: true },
    });
  });
  return { ok: true as const };
};
