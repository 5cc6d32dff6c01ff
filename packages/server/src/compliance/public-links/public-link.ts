// The visitor's side of a public compliance link (issue 13): anyone holding the token opens the company's
// live wallet items (as chosen by the owner) and downloads the files the owner allowed. Unknown, tampered,
// revoked and expired tokens all get the one same answer (404 'This link is no longer available.'), so
// nothing tells them apart. Every open is a visit; every file handed out is a download the owner sees.
import { randomUUID } from 'node:crypto';
import { LINK_MESSAGES, linkItemState, todayIso, type LinkItemKind, type PublicComplianceLink } from '@permitdesk/core';
import type { Db } from '../../db/schema.js';
import { networkOf } from '../../geo/ip-location.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AppServices } from '../../services.js';
import { findCompanyFile, presignCompanyFileDownload } from '../company-documents.js';
import { hashLinkToken, isLinkTokenShaped } from './link-tokens.js';
import { companyWallet, walletKey, type WalletItem } from './wallet.js';

export const linkUnavailable = () => notFound(LINK_MESSAGES.unavailable, 'LINK_UNAVAILABLE');

/** Who is visiting: the client's address (never stored whole) and the request's headers (for a CDN's place). */
export interface Visitor {
  ip: string;
  headers: Headers;
}

interface OpenLink {
  id: number;
  companyId: number;
  companyName: string;
  label: string | null;
  allItems: boolean;
  allowDownloads: boolean;
  expiresAt: Date;
}

/** The link behind a token while it is open; the one 404 otherwise. */
async function openLinkOf(db: Db, token: string, now: Date): Promise<OpenLink> {
  if (!isLinkTokenShaped(token)) throw linkUnavailable();
  const row = await db
    .selectFrom('compliance_links as l')
    .innerJoin('companies as c', 'c.id', 'l.company_id')
    .select(['l.id', 'l.company_id', 'c.name', 'l.label', 'l.all_items', 'l.allow_downloads', 'l.expires_at', 'l.revoked_at'])
    .where('l.token_hash', '=', hashLinkToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || new Date(row.expires_at).getTime() <= now.getTime()) throw linkUnavailable();
  return {
    id: Number(row.id), companyId: Number(row.company_id), companyName: row.name, label: row.label,
    allItems: row.all_items, allowDownloads: row.allow_downloads, expiresAt: new Date(row.expires_at),
  };
}

/** The link's items as they are now, each with whether its file may be downloaded. */
async function linkItems(db: Db, link: OpenLink): Promise<{ item: WalletItem; downloadable: boolean }[]> {
  const wallet = await companyWallet(db, link.companyId);
  if (link.allItems) return wallet.map((item) => ({ item, downloadable: link.allowDownloads }));
  const chosen = await db.selectFrom('compliance_link_items').select(['kind', 'item_id', 'downloadable']).where('link_id', '=', link.id).execute();
  const allowed = new Map(chosen.map((c) => [walletKey(c.kind, Number(c.item_id)), c.downloadable]));
  // An item archived since, or no longer the company's, is simply not shown.
  return wallet.filter((item) => allowed.has(walletKey(item.kind, item.id))).map((item) => ({ item, downloadable: allowed.get(walletKey(item.kind, item.id))! }));
}

async function placeOf(services: Pick<AppServices, 'ipLocator'>, visitor: Visitor): Promise<{ network: string | null; place: string | null }> {
  return { network: networkOf(visitor.ip), place: await services.ipLocator.locate(visitor) };
}

/** GET /v4/public/compliance-links/{token}: the page's content; records the visit. */
export async function openPublicLink(services: Pick<AppServices, 'db' | 'clock' | 'ipLocator'>, token: string, visitor: Visitor): Promise<PublicComplianceLink> {
  const now = services.clock();
  const link = await openLinkOf(services.db, token, now);
  const items = await linkItems(services.db, link);
  const visit = randomUUID();
  await services.db.insertInto('compliance_link_visits').values({ link_id: link.id, visit_key: visit, ...(await placeOf(services, visitor)), visited_at: now }).execute();
  const today = todayIso(now);
  return {
    company: { name: link.companyName },
    label: link.label,
    expiresAt: link.expiresAt.toISOString(),
    visit,
    items: items.map(({ item, downloadable }) => ({
      kind: item.kind,
      id: item.id,
      name: item.name,
      number: item.number,
      issuer: item.issuer,
      stateCode: item.stateCode,
      expiresOn: item.expiresOn,
      ...linkItemState(item.expiresOn, item.file !== null, today),
      fileName: item.fileName,
      // Offered only where there is a file to give.
      downloadable: downloadable && item.file !== null,
    })),
  };
}

/** POST /v4/public/compliance-links/{token}/downloads: a short-lived URL for a file the link allows; records the download. */
export async function downloadFromLink(
  services: Pick<AppServices, 'db' | 'clock' | 'ipLocator' | 'storage'>,
  token: string,
  request: { kind: LinkItemKind; id: number; visit?: string | undefined },
  visitor: Visitor,
): Promise<{ url: string; expiresAt: string }> {
  const db = services.db;
  const now = services.clock();
  const link = await openLinkOf(db, token, now);
  const found = (await linkItems(db, link)).find(({ item }) => item.kind === request.kind && item.id === request.id);
  // An item outside the link is answered like a file the link does not hold (no hint it exists).
  if (!found) throw notFound(LINK_MESSAGES.notInLink, 'LINK_ITEM_NOT_FOUND');
  if (found.item.file === null) throw notFound(LINK_MESSAGES.noFile, 'LINK_FILE_NOT_FOUND');
  if (!found.downloadable) throw forbidden(LINK_MESSAGES.notDownloadable, 'LINK_DOWNLOAD_FORBIDDEN');
  const file = await findCompanyFile(db, found.item.file);
  if (!file || file.companyId !== link.companyId) throw notFound(LINK_MESSAGES.noFile, 'LINK_FILE_NOT_FOUND');
  const download = await presignCompanyFileDownload(services, db, file);
  // The visit's key ties the download to the page it came from (only a visit of this very link).
  const visit = request.visit
    ? await db.selectFrom('compliance_link_visits').select('id').where('visit_key', '=', request.visit).where('link_id', '=', link.id).executeTakeFirst()
    : undefined;
  await db
    .insertInto('compliance_link_downloads')
    .values({ link_id: link.id, visit_id: visit ? Number(visit.id) : null, kind: found.item.kind, item_id: found.item.id, document_id: file.id, file_name: file.fileName, ...(await placeOf(services, visitor)), downloaded_at: now })
    .execute();
  return download;
}
