// PATCH /v4/operator/permits/{id}: the municipality's permit number and the permit's fees, made on the
// version the operator saw (409 PERMIT_CHANGED otherwise), audited before → after, bumping the version.
import type { PermitDeskUpdate } from '@permitdesk/core';
import { recordAudit, changedFields, type AuditActor } from '../../audit/audit.js';
import type { Tx } from '../../db/schema.js';
import { bumpPermitVersion } from '../../permits/permit-version.js';
import { lockPermit } from './permit-version.js';

type Fee = { label: string; amount: number };
const feesOf = (rows: readonly { label: string; amount: string | number }[]): Fee[] => rows.map((row) => ({ label: row.label, amount: Number(row.amount) }));

export async function updatePermitDesk(trx: Tx, actor: AuditActor, permitId: number, update: PermitDeskUpdate, now: Date): Promise<void> {
  const permit = await lockPermit(trx, permitId, update.version);
  const fees = feesOf(await trx.selectFrom('permit_fees').select(['label', 'amount']).where('permit_id', '=', permitId).orderBy('position').orderBy('id').execute());
  const before: Record<string, unknown> = { permitNumber: permit.permit_number, fees };
  const after: Record<string, unknown> = { ...before };

  if (update.permitNumber !== undefined) {
    after.permitNumber = update.permitNumber === null || update.permitNumber === '' ? null : update.permitNumber;
  }
  if (update.fees !== undefined) after.fees = update.fees.map((fee) => ({ label: fee.label, amount: fee.amount }));

  const changed = changedFields(before, after);
  if (!changed) return;
  if ('permitNumber' in changed.after) {
    await trx.updateTable('permits').set({ permit_number: after.permitNumber as string | null }).where('id', '=', permitId).execute();
  }
  if ('fees' in changed.after) {
    await trx.deleteFrom('permit_fees').where('permit_id', '=', permitId).execute();
    const list = after.fees as Fee[];
    if (list.length) {
      await trx
        .insertInto('permit_fees')
        .values(list.map((fee, position) => ({ permit_id: permitId, position, label: fee.label, amount: fee.amount, created_at: now })))
        .execute();
    }
  }
  await bumpPermitVersion(trx, permitId, update.version, now);
  await recordAudit(trx, actor, {
    entity: 'permit',
    entityId: permitId,
    action: 'updated',
    companyId: permit.company_id,
    permitId,
    customerVisible: true,
    ...changed,
  }, now);
}
