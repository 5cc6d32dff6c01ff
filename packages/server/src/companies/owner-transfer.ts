// Handing the owner role to another member (issue 18): the owner names an active member of the company;
// the member becomes the owner and the caller an Administrator, in one transaction with its audit entry.
// A sole owner must do this before deleting their account.
import { ACCOUNT_MESSAGES } from '@permitdesk/core';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import type { Db } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { badRequest, forbidden } from '../http/errors.js';
import { NO_COMPANY_ACCESS, roleInCompany } from './company-access.js';

export async function transferOwner(db: Db, companyId: number, callerId: string, newOwnerId: string, actor: AuditActor): Promise<void> {
  const role = await roleInCompany(db, callerId, companyId);
  if (role === null || role === 'guest') throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  if (role !== 'owner') throw forbidden(ACCOUNT_MESSAGES.ownerOnly, 'OWNER_ONLY');
  if (newOwnerId === callerId) throw badRequest(ACCOUNT_MESSAGES.ownerTargetNotMember, 'OWNER_TARGET_INVALID');
  await inTransaction(db, async (trx) => {
    const target = await trx
      .selectFrom('company_users as cu')
      .innerJoin('users as u', 'u.id', 'cu.user_id')
      .select(['cu.id', 'cu.role'])
      .where('cu.company_id', '=', companyId)
      .where('cu.user_id', '=', newOwnerId)
      .where('cu.active', '=', true)
      .where('u.deleted_at', 'is', null)
      .where('u.status', '!=', 'DISABLED')
      .executeTakeFirst();
    if (!target || target.role === 'guest') throw badRequest(ACCOUNT_MESSAGES.ownerTargetNotMember, 'OWNER_TARGET_INVALID');
    await trx.updateTable('company_users').set({ role: 'owner' }).where('id', '=', target.id).execute();
    await trx.updateTable('company_users').set({ role: 'administrator' }).where('company_id', '=', companyId).where('user_id', '=', callerId).execute();
    await recordAudit(trx, actor, {
      entity: 'company',
      entityId: companyId,
      action: 'owner_transferred',
      companyId,
      before: { owner: callerId, newOwnerRole: target.role },
      after: { owner: newOwnerId, previousOwnerRole: 'administrator' },
    });
  });
}
