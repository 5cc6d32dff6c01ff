// The permit team's calls (/v4/operator/...): every permit of every company, any stage, inspections,
// replies as the permit team and cancellation decisions. Each call needs the staff flag (403 otherwise).
import { ESIGN_MESSAGES, STAGE, type endpoints, type PermitInspection } from '@permitdesk/core';
import { sql } from 'kysely';
import { changedFields, recordAudit } from '../audit/audit.js';
import { cancellationAwaitsSignature, voidOpenCancellation } from '../esign/envelopes.js';
import { auditActor } from '../http/audit-actor.js';
import { conflict, notFound } from '../http/errors.js';
import type { EndpointHandler } from '../http/register.js';
import { PERMIT_NOT_FOUND } from '../permits/access.js';
import { permitDetail, permitRows } from '../permits/permit-details.js';
import { recordProjectUpdate } from '../permits/project-updates.js';
import { bumpPermitVersion } from '../permits/permit-version.js';
import { changeStage } from '../permits/stage-change.js';
import { iso } from '../rows/values.js';
import { inspectionEvent, mailInspection } from './desk/inspection-mail.js';
import { mailStatusSubscribersOfInspection } from '../permits/status-links/notify.js';
import { teamReply } from './desk/team-reply.js';
import { requireStaff, staffRole } from '../staff/staff.js';
import type { Db } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { emitEvent } from '../webhooks/index.js';

type Operator = typeof endpoints.operator;

export const INSPECTION_NOT_FOUND = 'Inspection not found.';
export const NO_CANCELLATION_MESSAGE = 'There is no cancellation request to decide.';

async function requirePermit(db: Db, permitId: number) {
  const row = await db
    .selectFrom('permits as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .innerJoin('permit_tasks as t', 't.id', 'r.task_id')
    .select(['r.id', 'r.stage', 'r.version', 'r.project_id', 'p.company_id', 'p.owner_user_id', 'p.customer_name', 't.name as task_name'])
    .where('r.id', '=', permitId)
    .executeTakeFirst();
  if (!row) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  return row;
}

interface InspectionRow {
  id: number;
  inspection_name: string;
  status: PermitInspection['status'];
  perform_order: number;
  scheduled_at: Date | string | null;
  result_notes: string | null;
}
const inspectionFields = (row: InspectionRow) => ({
  inspectionName: row.inspection_name,
  status: row.status,
  performOrder: row.perform_order,
  scheduledAt: row.scheduled_at === null ? null : iso(row.scheduled_at),
});
const toInspection = (row: InspectionRow): PermitInspection => ({
  id: Number(row.id),
  inspectionName: row.inspection_name,
  status: row.status,
  performOrder: row.perform_order,
  scheduledAt: row.scheduled_at === null ? null : iso(row.scheduled_at),
  resultNotes: row.result_notes,
});
const INSPECTION_COLUMNS = ['id', 'inspection_name', 'status', 'perform_order', 'scheduled_at', 'result_notes'] as const;
/** The company's webhooks (issue 14): inspection.scheduled, or inspection.resulted (passed / failed). */
async function emitInspectionEvent(trx: Db, permit: { id: number; project_id: number; company_id: number | null }, inspection: PermitInspection, event: 'scheduled' | 'passed' | 'failed', at: Date) {
  if (permit.company_id === null) return;
  await emitEvent(trx, {
    companyId: permit.company_id,
    type: event === 'scheduled' ? 'inspection.scheduled' : 'inspection.resulted',
    data: { permitId: permit.id, projectId: permit.project_id, inspectionId: inspection.id, inspectionName: inspection.inspectionName, status: inspection.status, scheduledAt: inspection.scheduledAt, resultNotes: inspection.resultNotes ?? null },
    at,
  });
}

/** An inspection in the audit trail's words. */
const auditedInspection = (i: PermitInspection) => ({ inspection: i.inspectionName, status: i.status, scheduledAt: i.scheduledAt, resultNotes: i.resultNotes ?? null });

export const operatorStatus: EndpointHandler<Operator['status']> = async ({ services, user }) => {
  const role = await staffRole(services.db, user.sub);
  return { staff: role !== null, role };
};

export const listPermits: EndpointHandler<Operator['permits']> = async ({ services, user }, { query }) => {
  const db = services.db;
  await requireStaff(db, user.sub);
  const parts = [sql`true`];
  if (query.stage !== undefined) parts.push(sql`r.stage = ${query.stage}`);
  if (query.keyword) parts.push(sql`r.search_text LIKE ${`%${query.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const where = sql.join(parts, sql` AND `);
  const [ids, count] = await Promise.all([
    sql<{ id: number }>`SELECT r.id FROM permits r WHERE ${where} ORDER BY r.updated_at DESC, r.id DESC LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM permits r WHERE ${where}`.execute(db),
  ]);
  const items = await permitRows(db, ids.rows.map((row) => Number(row.id)));
  return { items, page: query.page, size: query.size, totalCount: Number(count.rows[0]?.n ?? 0) };
};

export const getPermit: EndpointHandler<Operator['permit']> = async ({ services, user }, { params }) => {
  const db = services.db;
  await requireStaff(db, user.sub);
  return permitDetail(db, params.id);
};

export const changePermitStage: EndpointHandler<Operator['changeStage']> = async ({ services, user, c }, { params, body }) => {
  const db = services.db;
  await requireStaff(db, user.sub);
  await requirePermit(db, params.id);
  const { version, ...change } = body;
  const actor = auditActor(c, user, 'permit_team');
  await inTransaction(services.db, (trx) =>
    changeStage(trx, services, { permitId: params.id, userId: user.sub, by: 'permit_team', actor, expectedVersion: version, ...change }),
  );
  return permitDetail(db, params.id);
};

export const addInspection: EndpointHandler<Operator['addInspection']> = async ({ services, user, c }, { params, body }) => {
  const db = services.db;
  await requireStaff(db, user.sub);
  const permit = await requirePermit(db, params.id);
  const now = services.clock();
  // An inspection placed at a perform order moves the ones from there on one step later.
  return inTransaction(services.db, async (trx) => {
    if (body.performOrder !== undefined) {
      await sql`UPDATE permit_inspections SET perform_order = perform_order + 1 WHERE permit_id = ${params.id} AND perform_order >= ${body.performOrder}`.execute(trx);
    }
    const inserted = await sql<InspectionRow>`
      INSERT INTO permit_inspections (permit_id, inspection_name, status, perform_order, scheduled_at, completed_at, result_notes)
      VALUES (${params.id}, ${body.inspectionName}, ${body.status},
        COALESCE(${body.performOrder ?? null}::int, (SELECT COALESCE(max(perform_order), 0) + 1 FROM permit_inspections WHERE permit_id = ${params.id})),
        ${body.scheduledAt ?? null}::timestamptz, ${body.status === 'passed' || body.status === 'failed' ? now : null}, ${body.resultNotes || null})
      RETURNING id, inspection_name, status, perform_order, scheduled_at, result_notes`.execute(trx);
    const inspection = toInspection(inserted.rows[0]!);
    await bumpPermitVersion(trx, params.id, body.version, now);
    await recordAudit(trx, auditActor(c, user, 'permit_team'), {
      entity: 'permit', entityId: params.id, action: 'inspection_added', companyId: permit.company_id, permitId: params.id,
      customerVisible: true, before: null, after: auditedInspection(inspection),
    });
    const event = inspectionEvent(null, inspection);
    if (event) await mailInspection(trx, services, permit, inspection, event);
    if (event) await mailStatusSubscribersOfInspection(trx, services, params.id, inspection, event);
    if (event) await emitInspectionEvent(trx, permit, inspection, event, now);
    return inspection;
  });
};

export const updateInspection: EndpointHandler<Operator['updateInspection']> = async ({ services, user, c }, { params, body }) => {
  const db = services.db;
  await requireStaff(db, user.sub);
  const permit = await requirePermit(db, params.id);
  const now = services.clock();
  return inTransaction(services.db, async (trx) => {
    const found = await trx.selectFrom('permit_inspections').select(INSPECTION_COLUMNS).where('id', '=', params.inspectionId).where('permit_id', '=', params.id).forUpdate().executeTakeFirst();
    if (!found) throw notFound(INSPECTION_NOT_FOUND, 'INSPECTION_NOT_FOUND');
    const before = toInspection(found);
    const row = await trx
      .updateTable('permit_inspections')
      .set({
        ...(body.inspectionName !== undefined ? { inspection_name: body.inspectionName } : {}),
        ...(body.status !== undefined ? { status: body.status, completed_at: body.status === 'passed' || body.status === 'failed' ? now : null } : {}),
        ...(body.performOrder !== undefined ? { perform_order: body.performOrder } : {}),
        ...(body.scheduledAt !== undefined ? { scheduled_at: body.scheduledAt === null ? null : new Date(body.scheduledAt) } : {}),
        ...(body.resultNotes !== undefined ? { result_notes: body.resultNotes || null } : {}),
      })
      .where('id', '=', params.inspectionId)
      .where('permit_id', '=', params.id)
      .returning(INSPECTION_COLUMNS)
      .executeTakeFirstOrThrow();
    const after = toInspection(row);
    const changed = changedFields(auditedInspection(before), auditedInspection(after));
    if (changed) {
      await bumpPermitVersion(trx, params.id, body.version, now);
      await recordAudit(trx, auditActor(c, user, 'permit_team'), {
        entity: 'permit', entityId: params.id, action: 'inspection_updated', companyId: permit.company_id, permitId: params.id,
        customerVisible: true, before: { inspection: after.inspectionName, ...changed.before }, after: { inspection: after.inspectionName, ...changed.after },
      });
    }
    if (body.status !== undefined && before.status !== after.status) {
      await recordProjectUpdate(trx, permit, {
        stage: permit.stage,
        message: `${row.inspection_name} inspection for ${permit.customer_name}: ${row.status}.`,
        createdAt: now,
      });
    }
    const event = inspectionEvent(before, after);
    if (event) await mailInspection(trx, services, permit, after, event);
    if (event) await mailStatusSubscribersOfInspection(trx, services, params.id, after, event);
    if (event) await emitInspectionEvent(trx, permit, after, event, now);
    return after;
  });
};

export const replyAsTeam: EndpointHandler<Operator['reply']> = async ({ services, user, c }, { params, body }) => {
  const db = services.db;
  await requireStaff(db, user.sub);
  await requirePermit(db, params.id);
  return inTransaction(services.db, (trx) => teamReply(trx, services, auditActor(c, user, 'permit_team'), params.id, body));
};

/** Approve: the permit is canceled (55) and the request stays on record; decline: back to the stage before. */
export const decideCancellation: EndpointHandler<Operator['decideCancellation']> = async ({ services, user, c }, { params, body }) => {
  const db = services.db;
  await requireStaff(db, user.sub);
  const permit = await requirePermit(db, params.id);
  const actor = auditActor(c, user, 'permit_team');
  await inTransaction(services.db, async (trx) => {
    const open = await trx
      .selectFrom('cancellation_requests')
      .select(['id', 'previous_stage'])
      .where('permit_id', '=', params.id)
      .where('resolved_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!open) throw conflict(NO_CANCELLATION_MESSAGE, 'NO_CANCELLATION');
    // Form 50 (issue 13): a cancellation sent for signature is complete only once everyone signed.
    if (body.decision === 'approve' && (await cancellationAwaitsSignature(trx, params.id))) throw conflict(ESIGN_MESSAGES.cancellationUnsigned, 'CANCELLATION_UNSIGNED');
    const stage = body.decision === 'approve' ? STAGE.Canceled : (open.previous_stage ?? STAGE.Requested);
    await changeStage(trx, services, { permitId: params.id, stage, userId: user.sub, by: 'permit_team', actor, expectedVersion: body.version, note: body.note ?? null });
    if (body.decision === 'decline') {
      await trx.updateTable('cancellation_requests').set({ resolved_at: services.clock() }).where('id', '=', open.id).execute();
      // Its document no longer needs a signature: a link still in the mail says so instead of signing.
      await voidOpenCancellation(trx, actor, params.id, services.clock());
    }
    await recordAudit(trx, actor, {
      entity: 'permit',
      entityId: params.id,
      action: 'cancellation_decided',
      companyId: permit.company_id,
      permitId: params.id,
      customerVisible: true,
      before: { cancellationRequested: true },
      after: { cancellationRequested: false, decision: body.decision, ...(body.note ? { note: body.note } : {}) },
    });
  });
  return permitDetail(db, params.id);
};
