// The contractor's side of the homeowner's status page (issue 16): create a link (the token shown once),
// list the permit's links with who subscribed, revoke one at once. The callers check the caller may
// change the permit (its company's Owner, Administrator or PM, an editor assignee, the permit team) first.
import { STATUS_LINK_MESSAGES, type StatusLink } from '@permitdesk/core';
import { recordAudit, type AuditActor } from '../../audit/audit.js';
import type { Db } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../http/errors.js';
import { iso, isoOrNull } from '../../rows/values.js';
import { hashStatusToken, newStatusToken } from './tokens.js';

const linkNotFound = () => notFound(STATUS_LINK_MESSAGES.notFound, 'STATUS_LINK_NOT_FOUND');

export async function listStatusLinks(db: Db, permitId: number, linkId?: number): Promise<StatusLink[]> {
  let query = db
    .selectFrom('permit_status_links as l')
    .leftJoin('users as u', 'u.id', 'l.created_by')
    .select(['l.id', 'l.permit_id', 'l.label', 'l.show_prices', 'l.created_at', 'l.revoked_at', 'u.name as created_by_name'])
    .where('l.permit_id', '=', permitId);
  if (linkId !== undefined) query = query.where('l.id', '=', linkId);
  const links = await query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').execute();
  if (links.length === 0) return [];
  const subscribers = await db
    .selectFrom('permit_status_subscribers')
    .select(['id', 'link_id', 'email', 'state', 'requested_at', 'confirmed_at'])
    .where('link_id', 'in', links.map((l) => Number(l.id)))
    .orderBy('requested_at')
    .orderBy('id')
    .execute();
  return links.map((link) => ({
    id: Number(link.id),
    permitId: Number(link.permit_id),
    label: link.label,
    showPrices: link.show_prices,
    status: link.revoked_at === null ? 'active' : 'revoked',
    createdAt: iso(link.created_at),
    createdByName: link.created_by_name ?? null,
    revokedAt: isoOrNull(link.revoked_at),
    subscribers: subscribers
      .filter((s) => Number(s.link_id) === Number(link.id))
      .map((s) => ({ id: Number(s.id), email: s.email, state: s.state, requestedAt: iso(s.requested_at), confirmedAt: isoOrNull(s.confirmed_at) })),
  }));
}

async function oneLink(db: Db, permitId: number, linkId: number): Promise<StatusLink> {
  const [link] = await listStatusLinks(db, permitId, linkId);
  if (!link) throw linkNotFound();
  return link;
}

export interface NewStatusLink {
  permitId: number;
  companyId: number | null;
  userId: string;
  actor: AuditActor;
  label: string | null | undefined;
  showPrices: boolean;
}

/** Creates a link; the token is returned here and nowhere else (only its SHA-256 is stored). */
export async function createStatusLink(db: Db, input: NewStatusLink, now: Date): Promise<{ link: StatusLink; token: string }> {
  const token = newStatusToken();
  const label = input.label?.trim() || null;
  const id = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('permit_status_links')
      .values({ permit_id: input.permitId, token_hash: hashStatusToken(token), label, show_prices: input.showPrices, created_by: input.userId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const linkId = Number(row.id);
    await recordAudit(
      trx,
      input.actor,
      { entity: 'permit', entityId: input.permitId, action: 'status_link_created', companyId: input.companyId, permitId: input.permitId, after: { linkId, label, showPrices: input.showPrices } },
      now,
    );
    return linkId;
  });
  return { link: await oneLink(db, input.permitId, id), token };
}

/** Revokes a link at once: its page, confirmations and mails stop (a 404 for the page, no more mail). */
export async function revokeStatusLink(db: Db, permitId: number, linkId: number, by: { userId: string; actor: AuditActor; companyId: number | null }, now: Date): Promise<StatusLink> {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('permit_status_links').select(['id', 'revoked_at', 'label']).where('id', '=', linkId).where('permit_id', '=', permitId).forUpdate().executeTakeFirst();
    if (!row) throw linkNotFound();
    if (row.revoked_at !== null) throw conflict(STATUS_LINK_MESSAGES.alreadyRevoked, 'STATUS_LINK_ALREADY_REVOKED');
    await trx.updateTable('permit_status_links').set({ revoked_at: now, revoked_by: by.userId }).where('id', '=', linkId).execute();
    await recordAudit(trx, by.actor, { entity: 'permit', entityId: permitId, action: 'status_link_revoked', companyId: by.companyId, permitId, after: { linkId, label: row.label } }, now);
  });
  return oneLink(db, permitId, linkId);
}
