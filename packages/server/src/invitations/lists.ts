// Lists of invitations (SPEC §3, §7.5): pending (what the user's companies sent that still waits),
// todo (what waits on the user: vendors to review, requests for their documents, vendor updates), the
// invitations a company sent, and one invitation by kind and id.
import { INVITE_STATUS, REQUEST_STATUS, SHARING_STATUS, type Invitation, type InvitationKind } from '@permitdesk/core';
import { NO_COMPANY_ACCESS } from '../companies/company-access.js';
import { forbidden, notFound } from '../http/errors.js';
import type { InvitationCtx } from './invitation-context.js';
import { factsOf, findInvitation, selectInvitations, toInvitation, type InvitationRow } from './invitation-rows.js';
import { INVITATION_NOT_FOUND, managedCompanies, memberCompanies, memberOf, standing } from './viewer.js';

const VENDOR_KINDS: readonly InvitationKind[] = ['VENDOR_ONBOARDING', 'CUSTOM_VENDOR_ONBOARDING'];
const isVendorKind = (kind: InvitationKind) => VENDOR_KINDS.includes(kind);

/** Every invitation the reader has a side of, newest first. */
async function visibleRows(ctx: InvitationCtx): Promise<InvitationRow[]> {
  const members = memberCompanies(ctx.viewer);
  const managed = managedCompanies(ctx.viewer);
  const rows = await selectInvitations(ctx.db)
    .where((eb) =>
      eb.or([
        eb('i.email', '=', ctx.viewer.email),
        ...(members.length > 0 ? [eb('i.from_company_id', 'in', members)] : []),
        ...(managed.length > 0 ? [eb('i.to_company_id', 'in', managed)] : []),
      ]),
    )
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  return rows.filter((row) => standing(ctx.viewer, factsOf(row)) !== null);
}

const PENDING_STATUSES = {
  sharedWallet: [SHARING_STATUS.Pending, SHARING_STATUS.Accepted] as number[],
  vendorOnboarding: [INVITE_STATUS.Pending, INVITE_STATUS.Viewed, INVITE_STATUS.UnderReview, INVITE_STATUS.CustomVendorOnboardingPending] as number[],
  complianceRequest: [REQUEST_STATUS.Pending] as number[],
};

/** GET /v4/invitations/pending: sent by the reader's companies and still open (withdrawing removes one). */
export async function pending(ctx: InvitationCtx) {
  const sent = (await visibleRows(ctx)).filter((row) => memberOf(ctx.viewer, row.from_company_id));
  const pick = (test: (row: InvitationRow) => boolean) => sent.filter(test).map((row) => toInvitation(row, ctx.viewer));
  return {
    sharedWallet: pick((r) => r.kind === 'SHARE_WALLET' && PENDING_STATUSES.sharedWallet.includes(r.status)),
    vendorOnboarding: pick((r) => isVendorKind(r.kind) && PENDING_STATUSES.vendorOnboarding.includes(r.status)),
    complianceRequest: pick((r) => r.kind === 'COMPLIANCE_REQUEST' && PENDING_STATUSES.complianceRequest.includes(r.status)),
  };
}

/** Actions that answer an invitation, as opposed to managing one the reader sent. */
const ANSWERS = new Set(['approve', 'accept', 'decline', 'submit']);

/**
 * GET /v4/invitations/todo: what the reader can answer now.
 * - vendorReview: submitted vendor onboardings of new vendors, and custom onboardings their company must approve;
 * - existedVendorUpdate: submitted onboardings of companies that already were the sender's vendors;
 * - documentRequest: what asks the reader's company for its compliance documents or access (vendor
 *   onboardings to fill, wallet shares and requests to answer, guest access to grant, shares to approve).
 * User invitations are answered on their own page and are not listed.
 */
export async function todo(ctx: InvitationCtx) {
  const out = { vendorReview: [] as Invitation[], documentRequest: [] as Invitation[], existedVendorUpdate: [] as Invitation[] };
  for (const row of await visibleRows(ctx)) {
    if (row.kind === 'USER_TYPE') continue;
    const invitation = toInvitation(row, ctx.viewer);
    if (!invitation.actions?.some((action) => ANSWERS.has(action))) continue;
    const reviewing = isVendorKind(row.kind) && invitation.side === 'sender' && row.status === INVITE_STATUS.UnderReview;
    if (reviewing && row.existing_vendor) out.existedVendorUpdate.push(invitation);
    else if (reviewing || (row.status === INVITE_STATUS.CustomVendorOnboardingPending && invitation.side === 'recipient')) out.vendorReview.push(invitation);
    else out.documentRequest.push(invitation);
  }
  return out;
}

/** GET /v4/companies/{id}/invitations: everything the company sent, for its members. */
export async function companyInvitations(ctx: InvitationCtx, companyId: number): Promise<Invitation[]> {
  if (!memberOf(ctx.viewer, companyId)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  const rows = await selectInvitations(ctx.db).where('i.from_company_id', '=', companyId).orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').execute();
  return rows.map((row) => toInvitation(row, ctx.viewer));
}

/** Which kinds a lookup type covers: a vendor onboarding may be a custom one, a share page answers requests too. */
const LOOKUP_KINDS: Record<InvitationKind, readonly InvitationKind[]> = {
  VENDOR_ONBOARDING: VENDOR_KINDS,
  CUSTOM_VENDOR_ONBOARDING: ['CUSTOM_VENDOR_ONBOARDING'],
  SHARE_WALLET: ['SHARE_WALLET', 'COMPLIANCE_REQUEST'],
  USER_TYPE: ['USER_TYPE'],
  GUEST_ACCESS: ['GUEST_ACCESS'],
  COMPLIANCE_REQUEST: ['COMPLIANCE_REQUEST'],
};

/**
 * GET /v4/invitations/lookup?type&id. The invitee opening a pending vendor onboarding marks it Viewed
 * (14, 'Awaiting Documents'), so the client sees the vendor has it.
 */
export async function lookup(ctx: InvitationCtx, type: InvitationKind, id: number): Promise<Invitation> {
  const row = await findInvitation(ctx.db, id);
  const mine = row && LOOKUP_KINDS[type].includes(row.kind) ? standing(ctx.viewer, factsOf(row)) : null;
  if (!row || !mine) throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
  if (isVendorKind(row.kind) && row.status === INVITE_STATUS.Pending && mine.side === 'recipient' && row.email === ctx.viewer.email) {
    await ctx.db.updateTable('invitations').set({ status: INVITE_STATUS.Viewed, updated_at: ctx.now }).where('id', '=', row.id).where('status', '=', INVITE_STATUS.Pending).execute();
    return toInvitation({ ...row, status: INVITE_STATUS.Viewed, updated_at: ctx.now }, ctx.viewer);
  }
  return toInvitation(row, ctx.viewer);
}
