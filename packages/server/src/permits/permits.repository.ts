// The permit repository: a new permit (stage 10 Requested, its timeline started) and the checks of what
// a permit is requested for (an offered task, an existing municipality). Projects and forms both add
// permits through it.
import { STAGE, type GateResult } from '@permitdesk/core';
import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { badRequest } from '../http/errors.js';
import type { Db, Tx } from '../db/schema.js';
import { emitEvent } from '../webhooks/index.js';

export interface NewPermit {
  projectId: number;
  taskId: number;
  municipalityId: number;
  createdBy: string;
  stage?: number;
  session?: string;
  scopeOfWork?: string | null | undefined;
  projectValue?: number | null | undefined;
  estCompletionAt?: Date | null | undefined;
  redirectUrl?: string | null | undefined;
  /** The pre-filing gate's answer (forms 52 and 31), kept for the permit team. */
  gateResult?: GateResult | null | undefined;
  /** Who asked for it, for the audit trail. */
  actor: AuditActor;
  now: Date;
}

/** A permit at stage 10 Requested (unless told otherwise), its timeline started. */
export async function insertPermit(trx: Tx, permit: NewPermit): Promise<{ id: number; session: string }> {
  const session = permit.session ?? randomUUID();
  const stage = permit.stage ?? STAGE.Requested;
  const row = await trx
    .insertInto('permits')
    .values({
      project_id: permit.projectId,
      task_id: permit.taskId,
      municipality_id: permit.municipalityId,
      stage,
      session,
      scope_of_work: permit.scopeOfWork ?? null,
      project_value: permit.projectValue ?? null,
      est_completion_at: permit.estCompletionAt ?? null,
      redirect_url: permit.redirectUrl ?? null,
      gate_result: permit.gateResult ? JSON.stringify(permit.gateResult) : null,
      created_by: permit.createdBy,
      created_at: permit.now,
      updated_at: permit.now,
    })
    // The project's company comes back with the new row (issue 17: one statement less per permit).
    .returning((eb) => ['id', eb.selectFrom('projects').select('projects.company_id').whereRef('projects.id', '=', 'permits.project_id').as('company_id')])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('permit_stage_history')
    .values({ permit_id: row.id, from_stage: null, to_stage: stage, changed_by: permit.createdBy, note: null, changed_at: permit.now })
    .execute();
  const project = { company_id: row.company_id ?? null };
  await recordAudit(
    trx,
    permit.actor,
    {
      entity: 'permit',
      entityId: Number(row.id),
      action: 'created',
      companyId: project?.company_id ?? null,
      permitId: Number(row.id),
      customerVisible: true,
      before: null,
      after: { stage, projectId: permit.projectId, taskId: permit.taskId, municipalityId: permit.municipalityId, version: 1 },
    },
    permit.now,
  );
  if (project?.company_id != null) {
    await emitEvent(trx, {
      companyId: project.company_id,
      type: 'permit.created',
      data: { permitId: Number(row.id), projectId: permit.projectId, taskId: permit.taskId, municipalityId: permit.municipalityId, stage },
      at: permit.now,
    });
  }
  return { id: Number(row.id), session };
}

/** 400 unless every task of the list exists and is offered. */
export async function assertTasks(db: Db, taskIds: readonly number[]): Promise<void> {
  const unique = [...new Set(taskIds)];
  const found = await db.selectFrom('permit_tasks').select('id').where('id', 'in', unique).where('active', '=', true).execute();
  if (found.length !== unique.length) throw badRequest('The selected project type does not exist.', 'TASK_NOT_FOUND', { taskIds: 'The selected project type does not exist.' });
}

/** 400 unless the municipality exists. */
export async function assertMunicipality(db: Db, municipalityId: number): Promise<{ id: number; name: string; stateCode: string }> {
  const row = await db.selectFrom('municipalities').select(['id', 'name', 'state_code']).where('id', '=', municipalityId).executeTakeFirst();
  if (!row) throw badRequest('The municipality does not exist.', 'MUNICIPALITY_NOT_FOUND', { municipalityId: 'The municipality does not exist.' });
  return { id: row.id, name: row.name, stateCode: row.state_code };
}
