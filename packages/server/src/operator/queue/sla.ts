// SLA targets per stage (ops_stage_sla): how long a permit may stay in a stage before the queue marks
// it. A stage without a row has no clock. Changed by a service admin, audited as a setting.
import { PERMIT_STAGES, stageName, type OpsSla, type OpsSlaUpdate } from '@permitdesk/core';
import { recordAudit, type AuditActor } from '../../audit/audit.js';
import type { Db, Tx } from '../../db/schema.js';

/** stage → target hours, for the stages with a clock. */
export type SlaTargets = ReadonlyMap<number, number>;

export async function loadSlaTargets(db: Db): Promise<SlaTargets> {
  const rows = await db.selectFrom('ops_stage_sla').select(['stage', 'target_hours']).execute();
  return new Map(rows.map((row) => [Number(row.stage), Number(row.target_hours)]));
}

export const slaView = (targets: SlaTargets): OpsSla => ({
  targets: PERMIT_STAGES.map((entry) => ({ stage: entry.stage, name: entry.name, targetHours: targets.get(entry.stage) ?? null })),
});

/** Sets the targets given (null removes a stage's clock) and records one audit entry with what changed. */
export async function updateSlaTargets(trx: Tx, actor: AuditActor, update: OpsSlaUpdate, now: Date): Promise<SlaTargets> {
  const before = await loadSlaTargets(trx);
  for (const { stage, targetHours } of update.targets) {
    if (targetHours === null) {
      await trx.deleteFrom('ops_stage_sla').where('stage', '=', stage).execute();
    } else {
      await trx
        .insertInto('ops_stage_sla')
        .values({ stage, target_hours: targetHours, updated_by: actor.userId, updated_at: now })
        .onConflict((oc) => oc.column('stage').doUpdateSet({ target_hours: targetHours, updated_by: actor.userId, updated_at: now }))
        .execute();
    }
  }
  const after = await loadSlaTargets(trx);
  const changed = update.targets.filter(({ stage }) => (before.get(stage) ?? null) !== (after.get(stage) ?? null));
  if (changed.length > 0) {
    const fields = (targets: SlaTargets) => Object.fromEntries(changed.map(({ stage }) => [`${stageName(stage)} (${stage}) hours`, targets.get(stage) ?? null]));
    await recordAudit(trx, actor, { entity: 'setting', entityId: 'sla', action: 'updated', before: fields(before), after: fields(after) }, now);
  }
  return after;
}
