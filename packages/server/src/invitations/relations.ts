// The company relations an approved invitation creates or ends: vendors (company_vendors), guests
// (company_guests, granted in guest-access.ts) and shared wallets (wallet_shares). Each pair has one row whose status says whether
// it holds (Approved 1) or ended (Revoked 12 / 22); approving again revives it.
import { INVITE_STATUS, SHARING_STATUS } from '@permitdesk/core';
import { WHOLE_WALLET, type WalletScope } from '../compliance/shared-access.js';
import type { Db } from '../db/schema.js';

export { WHOLE_WALLET, type WalletScope };

export async function linkVendor(db: Db, clientCompanyId: number, vendorId: number, invitationId: number | null, now: Date): Promise<void> {
  await db
    .insertInto('company_vendors')
    .values({ company_id: clientCompanyId, vendor_id: vendorId, status: INVITE_STATUS.Approved, invitation_id: invitationId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['company_id', 'vendor_id']).where('company_id', 'is not', null).doUpdateSet({ status: INVITE_STATUS.Approved, invitation_id: invitationId, updated_at: now }))
    .execute();
}

/** A vendor of a personal account (a homeowner): vendor-for=Individual. */
export async function linkPersonalVendor(db: Db, clientUserId: string, vendorId: number, invitationId: number | null, now: Date): Promise<void> {
  await db
    .insertInto('company_vendors')
    .values({ client_user_id: clientUserId, vendor_id: vendorId, status: INVITE_STATUS.Approved, invitation_id: invitationId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['client_user_id', 'vendor_id']).where('client_user_id', 'is not', null).doUpdateSet({ status: INVITE_STATUS.Approved, invitation_id: invitationId, updated_at: now }))
    .execute();
}

/** Whether `vendorId` is an approved vendor of the client company. */
export async function isVendorOf(db: Db, clientCompanyId: number, vendorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('company_vendors')
    .select('id')
    .where('company_id', '=', clientCompanyId)
    .where('vendor_id', '=', vendorId)
    .where('status', '=', INVITE_STATUS.Approved)
    .executeTakeFirst();
  return row !== undefined;
}

export async function shareWallet(db: Db, ownerCompanyId: number, viewerCompanyId: number, scope: WalletScope, invitationId: number | null, now: Date): Promise<void> {
  await db
    .insertInto('wallet_shares')
    .values({ owner_company_id: ownerCompanyId, viewer_company_id: viewerCompanyId, status: SHARING_STATUS.Approved, ...scope, invitation_id: invitationId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['owner_company_id', 'viewer_company_id']).doUpdateSet({ status: SHARING_STATUS.Approved, ...scope, invitation_id: invitationId, updated_at: now }))
    .execute();
}

/** Ends a shared wallet: Revoked (22) by its owner or a vendor relation's end, Withdrawn (21) by its recipient. */
export async function revokeWallet(db: Db, ownerCompanyId: number, viewerCompanyId: number, now: Date, status: number = SHARING_STATUS.Revoked): Promise<void> {
  await db
    .updateTable('wallet_shares')
    .set({ status, updated_at: now })
    .where('owner_company_id', '=', ownerCompanyId)
    .where('viewer_company_id', '=', viewerCompanyId)
    .execute();
}
