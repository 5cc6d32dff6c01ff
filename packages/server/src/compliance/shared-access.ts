// The one rule of issue 13 (part 1): may company X read company Y's vault item? Beyond Y's own members
// (access.ts), the answer is yes while an approved wallet share of Y's wallet with X holds (wallet_shares,
// Approved 1: a share-wallet invitation the sharer approved, a compliance request, or an approved vendor
// onboarding, which shares the vendor's wallet with its client) and covers the item's kind; or, for a
// homeowner's personal account, while Y is its approved vendor (vendor-for=Individual). Only active items,
// and only each item's current file, are shared. Lists (vendors/shared-compliance.ts), item reads and the
// presigned download (vault-documents.ts) all ask here, so ending a share (revoked by its owner, withdrawn
// by its recipient, a vendor relation ended) closes every path at once: nothing is cached, and a signed URL
// already handed out dies with its short life (storage/: 15 minutes).
import { INVITE_STATUS, SHARING_STATUS, isUsableRole, type ItemHistory, type SharedItemKind } from '@permitdesk/core';
import { listAuditEntries } from '../audit/audit-trail.js';
import type { AuditActor } from '../audit/audit.js';
import { iso } from '../rows/values.js';
import type { Db } from '../db/schema.js';
import { VAULT_KINDS } from './vault-items.js';
import type { StoredCompanyFile } from './company-documents.js';

export interface WalletScope {
  licenses: boolean;
  insurances: boolean;
  certificates: boolean;
}
export const WHOLE_WALLET: WalletScope = { licenses: true, insurances: true, certificates: true };
export const NOTHING_SHARED_SCOPE: WalletScope = { licenses: false, insurances: false, certificates: false };

const SCOPE_KEY: Record<SharedItemKind, keyof WalletScope> = { license: 'licenses', insurance: 'insurances', certificate: 'certificates' };

export const SHARE_ENDED = 'This company no longer shares this file with you.';

/** The approved share of `ownerId`'s wallet with `viewerCompanyId`, or null when none holds. */
export async function approvedShare(db: Db, ownerId: number, viewerCompanyId: number): Promise<(WalletScope & { id: number }) | null> {
  const share = await db
    .selectFrom('wallet_shares')
    .select(['id', 'licenses', 'insurances', 'certificates'])
    .where('owner_company_id', '=', ownerId)
    .where('viewer_company_id', '=', viewerCompanyId)
    .where('status', '=', SHARING_STATUS.Approved)
    .executeTakeFirst();
  return share ? { id: Number(share.id), licenses: share.licenses, insurances: share.insurances, certificates: share.certificates } : null;
}

/** Whether `ownerId` is an approved vendor of the user's personal account (its whole wallet is open to them). */
export async function isPersonalVendor(db: Db, userId: string, ownerId: number): Promise<boolean> {
  const link = await db
    .selectFrom('company_vendors')
    .select('id')
    .where('client_user_id', '=', userId)
    .where('vendor_id', '=', ownerId)
    .where('status', '=', INVITE_STATUS.Approved)
    .executeTakeFirst();
  return link !== undefined;
}

/** The vault item whose current file is `documentId`, when it is active; null otherwise. */
async function itemOfCurrentFile(db: Db, ownerId: number, documentId: number): Promise<{ kind: SharedItemKind; id: number } | null> {
  for (const kind of Object.keys(SCOPE_KEY) as SharedItemKind[]) {
    const row = await db
      .selectFrom(VAULT_KINDS[kind].table)
      .select('id')
      .where('company_id', '=', ownerId)
      .where('document_id', '=', documentId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (row) return { kind, id: Number(row.id) };
  }
  return null;
}

/** Whether one of the user's companies (or their personal account) may read another company's item now. */
export async function maySeeSharedItem(db: Db, userId: string, ownerId: number, kind: SharedItemKind, itemId: number): Promise<boolean> {
  const item = await db.selectFrom(VAULT_KINDS[kind].table).select('id').where('id', '=', itemId).where('company_id', '=', ownerId).where('status', '=', 'active').executeTakeFirst();
  if (!item) return false;
  if (await isPersonalVendor(db, userId, ownerId)) return true;
  const shares = await db
    .selectFrom('wallet_shares as s')
    .innerJoin('company_users as cu', (join) => join.onRef('cu.company_id', '=', 's.viewer_company_id').on('cu.user_id', '=', userId).on('cu.active', '=', true).on('cu.role', '!=', 'guest'))
    .select(['s.licenses', 's.insurances', 's.certificates'])
    .where('s.owner_company_id', '=', ownerId)
    .where('s.status', '=', SHARING_STATUS.Approved)
    .execute();
  return shares.some((share) => share[SCOPE_KEY[kind]]);
}

/** What lets a user read another company's file: the company they read for (null: personal) and the share. */
export interface SharedFileGrant {
  ownerCompanyId: number;
  viewerCompanyId: number | null;
  walletShareId: number | null;
  kind: SharedItemKind;
  itemId: number;
}

/**
 * Why the user may read `file` of another company through a share or a vendor link, or null when nothing
 * opens it (then `hadShare` tells whether one of their companies held a share of that wallet that has
 * ended: such a reader is told so, 403, where anyone else learns nothing, 404).
 */
export async function sharedFileGrant(db: Db, userId: string, file: StoredCompanyFile): Promise<{ grant: SharedFileGrant | null; hadShare: boolean }> {
  const memberships = await db.selectFrom('company_users').select(['company_id', 'role']).where('user_id', '=', userId).where('active', '=', true).execute();
  const companies = memberships.filter((m) => isUsableRole(m.role)).map((m) => Number(m.company_id)).sort((a, b) => a - b);
  const shares = companies.length === 0
    ? []
    : await db.selectFrom('wallet_shares').select(['id', 'viewer_company_id', 'status', 'licenses', 'insurances', 'certificates'])
      .where('owner_company_id', '=', file.companyId).where('viewer_company_id', 'in', companies).orderBy('viewer_company_id').execute();
  const personal = await isPersonalVendor(db, userId, file.companyId);
  const approved = shares.filter((s) => s.status === SHARING_STATUS.Approved);
  // Ended (revoked, withdrawn, the vendor relation ended) and none holds: the reader is told it ended.
  const hadShare = shares.length > 0 && approved.length === 0;
  if (approved.length === 0 && !personal) return { grant: null, hadShare };
  const item = await itemOfCurrentFile(db, file.companyId, file.id);
  if (!item) return { grant: null, hadShare };
  const share = approved.find((s) => s[SCOPE_KEY[item.kind]]);
  if (share) return { grant: { ownerCompanyId: file.companyId, viewerCompanyId: Number(share.viewer_company_id), walletShareId: Number(share.id), kind: item.kind, itemId: item.id }, hadShare };
  if (personal) return { grant: { ownerCompanyId: file.companyId, viewerCompanyId: null, walletShareId: null, kind: item.kind, itemId: item.id }, hadShare };
  return { grant: null, hadShare };
}

/** One download through a share: who, for which company, when, which file version. */
export async function recordSharedDownload(db: Db, grant: SharedFileGrant, actor: Pick<AuditActor, 'userId'>, file: StoredCompanyFile, now: Date): Promise<void> {
  await db
    .insertInto('shared_file_downloads')
    .values({
      owner_company_id: grant.ownerCompanyId, viewer_company_id: grant.viewerCompanyId, user_id: actor.userId, wallet_share_id: grant.walletShareId,
      kind: grant.kind, item_id: grant.itemId, document_id: file.id, file_name: file.fileName, downloaded_at: now,
    })
    .execute();
}

/** An item's history for its own company: file versions (newest first), changes (audit trail) and shared downloads. */
export async function itemHistory(db: Db, companyId: number, kind: SharedItemKind, itemId: number): Promise<ItemHistory | null> {
  const item = await db.selectFrom(VAULT_KINDS[kind].table).select(['id', 'name', 'document_id']).where('id', '=', itemId).where('company_id', '=', companyId).executeTakeFirst();
  if (!item) return null;
  const [versions, changes, downloads] = await Promise.all([
    db.selectFrom('company_documents').select(['id', 'file_name', 'created_at'])
      .where('company_id', '=', companyId).where('documentable_type', '=', VAULT_KINDS[kind].documentableType).where('documentable_id', '=', itemId)
      .where('storage_key', 'is not', null).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    listAuditEntries(db, { entity: 'vault_item', entityId: `${kind}:${itemId}`, companyId }, { order: 'desc', limit: 200 }),
    db.selectFrom('shared_file_downloads as d').leftJoin('users as u', 'u.id', 'd.user_id').leftJoin('companies as c', 'c.id', 'd.viewer_company_id')
      .select(['d.id', 'd.downloaded_at', 'u.name as user_name', 'u.email as user_email', 'c.id as company_id', 'c.name as company_name', 'd.document_id', 'd.file_name'])
      .where('d.owner_company_id', '=', companyId).where('d.kind', '=', kind).where('d.item_id', '=', itemId)
      .orderBy('d.downloaded_at', 'desc').orderBy('d.id', 'desc').limit(500).execute(),
  ]);
  return {
    kind,
    itemId,
    name: item.name,
    versions: versions.map((v) => ({ documentId: Number(v.id), fileName: v.file_name ?? 'file', createdAt: iso(v.created_at), current: item.document_id !== null && Number(item.document_id) === Number(v.id) })),
    changes,
    downloads: downloads.map((d) => ({
      id: Number(d.id),
      downloadedAt: iso(d.downloaded_at),
      user: d.user_email ? { name: d.user_name?.trim() || d.user_email, email: d.user_email } : null,
      company: d.company_id !== null && d.company_name !== null ? { id: Number(d.company_id), name: d.company_name } : null,
      documentId: d.document_id === null ? null : Number(d.document_id),
      fileName: d.file_name,
    })),
  };
}
