// The owner's side of public compliance links (issue 13): create (the token shown once), list with
// status, visits and the last visit, one link with every visit and download, revoke at once. The callers
// check the caller is the company's owner or an administrator (compliance/access.ts) first.
import { LINK_MESSAGES, linkStatus, type ComplianceLink, type ComplianceLinkDetail, type CreateComplianceLink, type LinkItemKind } from '@permitdesk/core';
import { sql } from 'kysely';
import { recordAudit, type AuditActor } from '../../audit/audit.js';
import type { Db } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { iso } from '../../rows/values.js';
import { hashLinkToken, newLinkToken } from './link-tokens.js';
import { companyWallet, walletKey } from './wallet.js';

const DAY_MS = 86_400_000;

const linkNotFound = () => notFound(LINK_MESSAGES.notFound, 'LINK_NOT_FOUND');

interface LinkRow {
  id: number;
  company_id: number;
  label: string | null;
  all_items: boolean;
  allow_downloads: boolean;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  created_at: Date | string;
  visits_count: number | string;
  downloads_count: number | string;
  last_visit_at: Date | string | null;
}

/** The links of a company (or one of them) with their counts. */
async function selectLinks(db: Db, companyId: number, linkId?: number): Promise<LinkRow[]> {
  const one = linkId === undefined ? sql`` : sql`AND l.id = ${linkId}`;
  const { rows } = await sql<LinkRow>`
    SELECT l.id, l.company_id, l.label, l.all_items, l.allow_downloads, l.expires_at, l.revoked_at, l.created_at,
           (SELECT count(*) FROM compliance_link_visits v WHERE v.link_id = l.id) AS visits_count,
           (SELECT count(*) FROM compliance_link_downloads d WHERE d.link_id = l.id) AS downloads_count,
           (SELECT max(v.visited_at) FROM compliance_link_visits v WHERE v.link_id = l.id) AS last_visit_at
    FROM compliance_links l WHERE l.company_id = ${companyId} ${one}
    ORDER BY l.created_at DESC, l.id DESC`.execute(db);
  return rows;
}

/** Rows as core's ComplianceLink, with each chosen item's current name (null once it is gone). */
async function toLinks(db: Db, companyId: number, rows: LinkRow[], now: Date): Promise<ComplianceLink[]> {
  if (rows.length === 0) return [];
  const items = await db.selectFrom('compliance_link_items').selectAll().where('link_id', 'in', rows.map((r) => Number(r.id))).orderBy('kind').orderBy('item_id').execute();
  const names = new Map((await companyWallet(db, companyId, {})).map((item) => [walletKey(item.kind, item.id), item.name]));
  return rows.map((row) => {
    const link = { revokedAt: row.revoked_at === null ? null : iso(row.revoked_at), expiresAt: iso(row.expires_at) };
    return {
      id: Number(row.id),
      companyId: Number(row.company_id),
      label: row.label,
      allItems: row.all_items,
      allowDownloads: row.allow_downloads,
      items: items
        .filter((item) => Number(item.link_id) === Number(row.id))
        .map((item) => ({ kind: item.kind, id: Number(item.item_id), name: names.get(walletKey(item.kind, Number(item.item_id))) ?? null, downloadable: item.downloadable })),
      status: linkStatus(link, now),
      ...link,
      createdAt: iso(row.created_at),
      visitsCount: Number(row.visits_count),
      downloadsCount: Number(row.downloads_count),
      lastVisitAt: row.last_visit_at === null ? null : iso(row.last_visit_at),
    };
  });
}

export async function listLinks(db: Db, companyId: number, now: Date): Promise<ComplianceLink[]> {
  return toLinks(db, companyId, await selectLinks(db, companyId), now);
}

/** One link of the company; 404 when the company has no such link (another company's included). */
export async function getLink(db: Db, companyId: number, linkId: number, now: Date): Promise<ComplianceLink> {
  const [link] = await toLinks(db, companyId, await selectLinks(db, companyId, linkId), now);
  if (!link) throw linkNotFound();
  return link;
}

export interface NewLink {
  companyId: number;
  userId: string;
  actor: AuditActor;
  input: Required<Pick<CreateComplianceLink, 'allItems' | 'allowDownloads'>> & { label?: string | null | undefined; items: { kind: LinkItemKind; id: number; downloadable?: boolean | undefined }[]; expiresInDays: number };
}

/** Creates a link; the token is returned here and nowhere else (only its SHA-256 is stored). */
export async function createLink(db: Db, link: NewLink, now: Date): Promise<{ link: ComplianceLink; token: string }> {
  const { input } = link;
  // Chosen items: the company's own active items, each once.
  const chosen = input.allItems ? [] : [...new Map(input.items.map((item) => [walletKey(item.kind, item.id), item])).values()];
  if (chosen.length > 0) {
    const wallet = new Set((await companyWallet(db, link.companyId)).map((item) => walletKey(item.kind, item.id)));
    if (chosen.some((item) => !wallet.has(walletKey(item.kind, item.id)))) throw badRequest(LINK_MESSAGES.notOwnItem, 'LINK_ITEM_NOT_IN_WALLET', { items: LINK_MESSAGES.notOwnItem });
  }
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const label = input.label?.trim() || null;
  const id = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('compliance_links')
      .values({ company_id: link.companyId, token_hash: hashLinkToken(token), label, all_items: input.allItems, allow_downloads: input.allowDownloads, expires_at: expiresAt, created_by: link.userId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const linkId = Number(row.id);
    if (chosen.length > 0) {
      await trx
        .insertInto('compliance_link_items')
        .values(chosen.map((item) => ({ link_id: linkId, kind: item.kind, item_id: item.id, downloadable: item.downloadable ?? input.allowDownloads })))
        .execute();
    }
    await recordAudit(
      trx,
      link.actor,
      {
        entity: 'company', entityId: link.companyId, action: 'public_link_created', companyId: link.companyId,
        after: { linkId, label, items: input.allItems ? 'all' : chosen.length, allowDownloads: input.allowDownloads, expiresAt: expiresAt.toISOString() },
      },
      now,
    );
    return linkId;
  });
  return { link: await getLink(db, link.companyId, id, now), token };
}

/** Revokes a link at once: the next open or download of it is refused (an issued file URL lives out its short life). */
export async function revokeLink(db: Db, companyId: number, linkId: number, by: { userId: string; actor: AuditActor }, now: Date): Promise<ComplianceLink> {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('compliance_links').select(['id', 'revoked_at', 'label']).where('id', '=', linkId).where('company_id', '=', companyId).forUpdate().executeTakeFirst();
    if (!row) throw linkNotFound();
    if (row.revoked_at !== null) throw conflict(LINK_MESSAGES.alreadyRevoked, 'LINK_ALREADY_REVOKED');
    await trx.updateTable('compliance_links').set({ revoked_at: now, revoked_by: by.userId }).where('id', '=', linkId).execute();
    await recordAudit(trx, by.actor, { entity: 'company', entityId: companyId, action: 'public_link_revoked', companyId, after: { linkId, label: row.label } }, now);
  });
  return getLink(db, companyId, linkId, now);
}

/** One link with every visit (newest first) and what each downloaded. */
export async function linkDetail(db: Db, companyId: number, linkId: number, now: Date): Promise<ComplianceLinkDetail> {
  const link = await getLink(db, companyId, linkId, now);
  const visits = await db.selectFrom('compliance_link_visits').select(['id', 'visited_at', 'place', 'network']).where('link_id', '=', linkId).orderBy('visited_at', 'desc').orderBy('id', 'desc').execute();
  const downloads = await db.selectFrom('compliance_link_downloads').selectAll().where('link_id', '=', linkId).orderBy('downloaded_at').orderBy('id').execute();
  const toDownload = (d: (typeof downloads)[number]) => ({ kind: d.kind, itemId: Number(d.item_id), fileName: d.file_name, downloadedAt: iso(d.downloaded_at), place: d.place });
  return {
    link,
    visits: visits.map((visit) => ({
      id: Number(visit.id),
      visitedAt: iso(visit.visited_at),
      place: visit.place,
      network: visit.network,
      downloads: downloads.filter((d) => d.visit_id !== null && Number(d.visit_id) === Number(visit.id)).map(toDownload),
    })),
    otherDownloads: downloads.filter((d) => d.visit_id === null).map(toDownload),
  };
}
