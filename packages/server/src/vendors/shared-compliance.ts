// What of a company's compliance wallet another side may read:
// - GET /v4/companies/{vendorId}/compliance/shared?vendor-for= : the licenses, insurances and certificates
//   (active ones: archived items are never shared) that an approved wallet share opens to the client
//   company, or that a personal account's vendor link opens to it (vendor-for=Individual). Members of the
//   wallet's own company see what they share.
// - GET /v4/lookup/compliance-permission-documents?invitation= : the files of the wallet an invitation is
//   about, once its owner consented (a vendor that submitted, a sharer that sent its share).
import { INVITE_STATUS, REQUEST_STATUS, SHARING_STATUS, type Certificate, type Document, type Insurance, type License } from '@permitdesk/core';
import { listCompanyFiles } from '../compliance/company-documents.js';
import { approvedShare, isPersonalVendor } from '../compliance/shared-access.js';
import { listItems } from '../compliance/vault-items.js';
import { badRequest, notFound } from '../http/errors.js';
import type { InvitationCtx } from '../invitations/invitation-context.js';
import { factsOf, findInvitation, progressOf, type InvitationRow } from '../invitations/invitation-rows.js';
import { WHOLE_WALLET, type WalletScope } from '../invitations/relations.js';
import { INVITATION_NOT_FOUND, memberOf, standing } from '../invitations/viewer.js';
import { isIndividual } from './vendor-links.js';

export const NOTHING_SHARED = 'Nothing is shared with this company.';
export const VENDOR_FOR_INVALID = 'vendor-for must be a company id or Individual.';

const NOTHING: WalletScope = { licenses: false, insurances: false, certificates: false };

/** The part of `ownerId`'s wallet the reader may see for the client `vendorFor`; 404 when none (compliance/shared-access.ts decides). */
async function sharedScope(ctx: InvitationCtx, ownerId: number, vendorFor: string): Promise<WalletScope> {
  const ownCompany = memberOf(ctx.viewer, ownerId);
  if (isIndividual(vendorFor)) {
    if (ownCompany || (await isPersonalVendor(ctx.db, ctx.viewer.sub, ownerId))) return WHOLE_WALLET;
    throw notFound(NOTHING_SHARED, 'NOT_SHARED');
  }
  if (!/^[1-9]\d{0,15}$/.test(vendorFor)) throw badRequest(VENDOR_FOR_INVALID, 'VALIDATION_ERROR');
  const clientId = Number(vendorFor);
  if (!ownCompany && !memberOf(ctx.viewer, clientId)) throw notFound(NOTHING_SHARED, 'NOT_SHARED');
  const share = await approvedShare(ctx.db, ownerId, clientId);
  if (share) return { licenses: share.licenses, insurances: share.insurances, certificates: share.certificates };
  if (ownCompany) return NOTHING;
  throw notFound(NOTHING_SHARED, 'NOT_SHARED');
}
async function walletItems(ctx: InvitationCtx, ownerId: number, scope: WalletScope) {
  const db = ctx.db;
  const active = { status: 'active' } as const;
  const [licenses, insurances, certificates] = await Promise.all([
    scope.licenses ? listItems(db, 'license', ownerId, active) : Promise.resolve([] as License[]),
    scope.insurances ? listItems(db, 'insurance', ownerId, active) : Promise.resolve([] as Insurance[]),
    scope.certificates ? listItems(db, 'certificate', ownerId, active) : Promise.resolve([] as Certificate[]),
  ]);
  return { licenses, insurances, certificates };
}

export async function sharedCompliance(ctx: InvitationCtx, ownerId: number, vendorFor: string) {
  return walletItems(ctx, ownerId, await sharedScope(ctx, ownerId, vendorFor));
}

/** Whose wallet an invitation is about, which part of it, and whether its owner has consented yet. */
function walletOf(row: InvitationRow): { ownerId: number | null; scope: WalletScope; consented: boolean } {
  const status = Number(row.status);
  const open = (codes: number[]) => codes.includes(status);
  switch (row.kind) {
    case 'VENDOR_ONBOARDING':
    case 'CUSTOM_VENDOR_ONBOARDING':
      return { ownerId: row.to_company_id, scope: progressOf(row).compliance ?? WHOLE_WALLET, consented: open([INVITE_STATUS.UnderReview, INVITE_STATUS.Approved]) };
    case 'SHARE_WALLET':
      return { ownerId: row.from_company_id, scope: WHOLE_WALLET, consented: open([SHARING_STATUS.Pending, SHARING_STATUS.Accepted, SHARING_STATUS.Approved]) };
    case 'COMPLIANCE_REQUEST':
      return row.request_type === 'claiming'
        ? { ownerId: row.from_company_id, scope: WHOLE_WALLET, consented: open([REQUEST_STATUS.Pending, REQUEST_STATUS.Approved]) }
        : { ownerId: row.to_company_id, scope: WHOLE_WALLET, consented: open([REQUEST_STATUS.Approved]) };
    default:
      return { ownerId: null, scope: NOTHING, consented: false };
  }
}

const DOCUMENTABLE_SCOPE = { License: 'licenses', Insurance: 'insurances', Certificate: 'certificates' } as const;

export async function permissionDocuments(ctx: InvitationCtx, invitationId: number): Promise<Document[]> {
  const row = await findInvitation(ctx.db, invitationId);
  if (!row || !standing(ctx.viewer, factsOf(row))) throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
  const { ownerId, scope, consented } = walletOf(row);
  if (ownerId === null || !(consented || memberOf(ctx.viewer, ownerId))) return [];
  const items = await walletItems(ctx, ownerId, scope);
  const activeIds = new Set([
    ...items.licenses.map((i) => `License:${i.licenseId}`),
    ...items.insurances.map((i) => `Insurance:${i.insuranceId}`),
    ...items.certificates.map((i) => `Certificate:${i.certificateId}`),
  ]);
  const files = await listCompanyFiles(ctx.db, ownerId);
  return files.filter((file) => file.documentableType in DOCUMENTABLE_SCOPE && activeIds.has(`${file.documentableType}:${file.documentableId}`));
}
