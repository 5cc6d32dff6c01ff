// The stage message templates (ops_stage_templates): read by every operator, changed by a service admin
// (audited as a setting). The desk fills one with core's fillTemplate for the message of a stage change.
import { PERMIT_STAGES, stageEntry, stageName, type StageTemplate } from '@permitdesk/core';
import { recordAudit, changedFields, type AuditActor } from '../../audit/audit.js';
import { badRequest } from '../../http/errors.js';
import { iso } from '../../rows/values.js';
import type { Db, Tx } from '../../db/schema.js';

export const UNKNOWN_STAGE_MESSAGE = 'Unknown stage.';

interface TemplateRow {
  stage: number;
  subject: string;
  body: string;
  updated_at: Date | string;
  updated_by_name: string | null;
}
const toTemplate = (row: TemplateRow): StageTemplate => ({
  stage: row.stage,
  stageName: stageName(row.stage),
  subject: row.subject,
  body: row.body,
  updatedAt: iso(row.updated_at),
  updatedBy: row.updated_by_name,
});

const selectTemplates = (db: Db) =>
  db
    .selectFrom('ops_stage_templates as s')
    .leftJoin('users as u', 'u.id', 's.updated_by')
    .select(['s.stage', 's.subject', 's.body', 's.updated_at', (eb) => eb.fn.coalesce('u.name', 'u.email').as('updated_by_name')]);

/** One template per stage of the stage list, in its order (a stage without a row is left out). */
export async function listTemplates(db: Db): Promise<StageTemplate[]> {
  const rows = await selectTemplates(db).execute();
  const order = new Map(PERMIT_STAGES.map((entry, index) => [entry.stage as number, index]));
  return rows
    .filter((row) => order.has(row.stage))
    .sort((a, b) => order.get(a.stage)! - order.get(b.stage)!)
    .map(toTemplate);
}

export async function updateTemplate(trx: Tx, actor: AuditActor, stage: number, input: { subject: string; body: string }, now: Date): Promise<StageTemplate> {
  if (!stageEntry(stage)) throw badRequest(UNKNOWN_STAGE_MESSAGE, 'UNKNOWN_STAGE', { stage: UNKNOWN_STAGE_MESSAGE });
  const before = await trx.selectFrom('ops_stage_templates').select(['subject', 'body']).where('stage', '=', stage).forUpdate().executeTakeFirst();
  await trx
    .insertInto('ops_stage_templates')
    .values({ stage, subject: input.subject, body: input.body, updated_by: actor.userId, updated_at: now })
    .onConflict((oc) => oc.column('stage').doUpdateSet({ subject: input.subject, body: input.body, updated_by: actor.userId, updated_at: now }))
    .execute();
  const changed = changedFields(before ?? {}, { subject: input.subject, body: input.body });
  if (changed) {
    await recordAudit(trx, actor, { entity: 'setting', entityId: `stage_template:${stage}`, action: before ? 'updated' : 'created', ...changed }, now);
  }
  return toTemplate((await selectTemplates(trx).where('s.stage', '=', stage).executeTakeFirstOrThrow()) as TemplateRow);
}
