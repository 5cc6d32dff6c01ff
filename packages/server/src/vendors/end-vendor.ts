// Issue 13: either side ends a vendor relation (DELETE /v4/companies/{companyId}/vendors/{vendorId}; SPEC §7
// has no call for it): the client, or the vendor. In one transaction: the link becomes Revoked (12), the
// wallet the vendor shared with the client Revoked (22), so shared-access.ts opens none of its files any
// more, and the approved onboarding that made the link Revoked (12, SPEC §4.4's invite code); the other
// side's managers are told.
import { INVITE_STATUS, SHARING_STATUS, type Vendor } from '@permitdesk/core';
import { inTransaction } from '../db/transaction.js';
import { moveStatus, type InvitationCtx } from '../invitations/invitation-context.js';
import { mailNotice, managerEmails, notifyLink } from '../invitations/invitation-mail.js';
import { findInvitation } from '../invitations/invitation-rows.js';
import { revokeWallet } from '../invitations/relations.js';
import { vendorLink } from './vendor-links.js';

export async function endVendorLink(ctx: InvitationCtx, companyId: number, vendorId: number, by: 'client' | 'vendor'): Promise<Vendor> {
  const link = await vendorLink(ctx.db, companyId, vendorId);
  const row = await ctx.db.selectFrom('company_vendors').select(['invitation_id']).where('company_id', '=', companyId).where('vendor_id', '=', vendorId).executeTakeFirstOrThrow();
  const invitation = row.invitation_id === null ? null : await findInvitation(ctx.db, Number(row.invitation_id));
  const client = await ctx.db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow();
  const notify = await managerEmails(ctx.db, by === 'client' ? vendorId : companyId);
  await inTransaction(ctx.db, async (trx) => {
    await trx.updateTable('company_vendors').set({ status: INVITE_STATUS.Revoked, updated_at: ctx.now }).where('company_id', '=', companyId).where('vendor_id', '=', vendorId).execute();
    await revokeWallet(trx, vendorId, companyId, ctx.now, SHARING_STATUS.Revoked);
    const onboarding = invitation && (invitation.kind === 'VENDOR_ONBOARDING' || invitation.kind === 'CUSTOM_VENDOR_ONBOARDING') && Number(invitation.status) === INVITE_STATUS.Approved;
    if (onboarding) await moveStatus(ctx, trx, invitation, { status: INVITE_STATUS.Revoked, answered: true });
    await mailNotice(ctx.services, trx, notify, {
      title: `${by === 'client' ? client.name : link.vendor.name} ended its vendor relation with ${by === 'client' ? link.vendor.name : client.name}`,
      intro: `${link.vendor.name} is no longer a vendor of ${client.name}; the compliance wallet it shared is closed.`,
      link: notifyLink(ctx.services.config.PUBLIC_URL), action: 'See your invitations',
    });
  });
  return { ...link, status: INVITE_STATUS.Revoked };
}
