// The vault's share of the documents calls (GET /v4/documents, /v4/s3/presigned; documents/ serves
// them): a company's files, each seen only by the members who may read the company's compliance data
// (and the guest companies granted its vault, issue 13), and the current files of the items a wallet
// share or vendor link opens to the caller (shared-access.ts), each such download logged for the owner.
import { forbidden, notFound } from '../http/errors.js';
import { requireVaultReader } from './access.js';
import { findCompanyFile, listCompanyFiles, presignCompanyFileDownload, vaultKindOf } from './company-documents.js';
import { maySeeSharedItem, recordSharedDownload, SHARE_ENDED, sharedFileGrant } from './shared-access.js';
import { companyOfItem, getItem, VAULT_KINDS } from './vault-items.js';
import type { DocumentableType } from '../db/tables/compliance.js';

/** The caller, as the compliance access rules read it. */
type Ctx = Parameters<typeof requireVaultReader>[0];

/** The files of a license / insurance / certificate, or a company's documentation files. */
export async function listVaultDocuments(ctx: Ctx, type: DocumentableType, documentableId: string) {
  const db = ctx.services.db;
  const id = /^\d{1,9}$/.test(documentableId) ? Number(documentableId) : null;
  const kind = vaultKindOf(type);
  if (!kind) {
    if (id === null) throw notFound('Company not found.', 'COMPANY_NOT_FOUND');
    await requireVaultReader(ctx, id);
    return listCompanyFiles(db, id, { type: 'Company', id });
  }
  const companyId = id === null ? null : await companyOfItem(db, kind, id);
  if (companyId === null || id === null) throw notFound(VAULT_KINDS[kind].notFound, VAULT_KINDS[kind].code);
  const own = await requireVaultReader(ctx, companyId).then(() => true, () => false);
  if (own) return listCompanyFiles(db, companyId, { type, id });
  // A company the item is shared with sees its current file only (shared-access.ts); for anyone else
  // an item of a company they are not in does not exist.
  if (!ctx.user || !(await maySeeSharedItem(db, ctx.user.sub, companyId, kind, id))) throw notFound(VAULT_KINDS[kind].notFound, VAULT_KINDS[kind].code);
  const current = (await getItem(db, kind, companyId, id)).documentId;
  return (await listCompanyFiles(db, companyId, { type, id })).filter((file) => file.documentId === current);
}

/** A download URL for a company file (by storage key); null when `file` is not one. */
export async function presignVaultDownload(ctx: Ctx, file: string, notFoundError: () => Error) {
  const db = ctx.services.db;
  const found = await findCompanyFile(db, file);
  if (!found) return null;
  const own = await requireVaultReader(ctx, found.companyId).then(() => true, () => false);
  if (own) return presignCompanyFileDownload(ctx.services, db, found);
  // Not the caller's company: a share or vendor link may open it (issue 13), authorised by that, not by membership.
  if (!ctx.user) throw notFoundError();
  const { grant, hadShare } = await sharedFileGrant(db, ctx.user.sub, found);
  if (!grant) throw hadShare ? forbidden(SHARE_ENDED, 'SHARE_ENDED') : notFoundError();
  const download = await presignCompanyFileDownload(ctx.services, db, found);
  await recordSharedDownload(db, grant, { userId: ctx.user.sub }, found, ctx.services.clock());
  return download;
}
