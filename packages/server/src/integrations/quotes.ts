// Accounting quotes (SPEC §3, §7.7): GET and POST /v1/permit-quote/{quoteId} for the accounting agent and
// organisation named by the sass_agent_id / sass_organization_id headers (a quote of another agent or
// organisation answers 404, like a missing one), and PUT for the permit team to issue one.
// Statuses (the SPEC shows none): pending until the customer accepts or declines; a pending quote past
// its expiry date reads 'expired' and can no longer be answered.
import { isQuoteExpired, QUOTE_STATUSES, type AccountingQuote } from '@permitdesk/core';
import { sql } from 'kysely';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { Db } from '../db/schema.js';
import { emitEvent } from '../webhooks/index.js';

export const QUOTE_MESSAGES = {
  notFound: 'Quote not found.',
  badStatus: 'The quote status must be accepted or declined.',
  expired: 'This quote has expired.',
  answered: 'This quote has already been answered.',
} as const;

interface QuoteRow {
  quote_id: string;
  total: string | number;
  expiry_date: string | null;
  status: string;
  online_invoice_url: string | null;
  order_id: string | null;
  /** Null for a quote issued from the permit desk (desk-quotes.ts): the header path never finds those. */
  agent_id: string | null;
  org_id: string | null;
  permit_id: number | null;
}

export interface QuoteCaller {
  sass_agent_id: string;
  sass_organization_id: string;
}

/** A pending quote past its expiry date (valid through that day, UTC) reads 'expired'. */
export const effectiveStatus = (row: { status: string; expiry_date: string | null }, now: Date): string =>
  row.status === QUOTE_STATUSES.pending && isQuoteExpired(row.expiry_date, now) ? QUOTE_STATUSES.expired : row.status;

const toQuote = (row: QuoteRow, now: Date): AccountingQuote => ({
  quoteId: row.quote_id,
  total: Number(row.total),
  expiryDate: row.expiry_date,
  status: effectiveStatus(row, now),
  onlineInvoiceUrl: row.online_invoice_url,
  orderId: row.order_id,
  agentId: row.agent_id,
  orgId: row.org_id,
});

async function findQuote(db: Db, quoteId: string): Promise<QuoteRow | null> {
  const { rows } = await sql<QuoteRow>`
    SELECT quote_id, total, to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date, status, online_invoice_url, order_id, agent_id, org_id, permit_id
    FROM permit_quotes WHERE quote_id = ${quoteId}`.execute(db);
  return rows[0] ?? null;
}

async function callersQuote(db: Db, quoteId: string, caller: QuoteCaller): Promise<QuoteRow> {
  const row = await findQuote(db, quoteId);
  if (!row || row.agent_id !== caller.sass_agent_id || row.org_id !== caller.sass_organization_id) throw notFound(QUOTE_MESSAGES.notFound, 'QUOTE_NOT_FOUND');
  return row;
}

export async function getQuote(db: Db, quoteId: string, caller: QuoteCaller, now: Date): Promise<AccountingQuote> {
  return toQuote(await callersQuote(db, quoteId, caller), now);
}

/** POST: the customer accepts or declines a pending quote, with the accounting order id (audited: run it in a transaction). */
export async function answerQuote(db: Db, quoteId: string, caller: QuoteCaller, answer: { status: string; orderId: string }, now: Date, actor: AuditActor): Promise<AccountingQuote> {
  const row = await callersQuote(db, quoteId, caller);
  const status = answer.status.trim().toLowerCase();
  if (status !== QUOTE_STATUSES.accepted && status !== QUOTE_STATUSES.declined) throw badRequest(QUOTE_MESSAGES.badStatus, 'QUOTE_STATUS_INVALID');
  const current = effectiveStatus(row, now);
  if (current === QUOTE_STATUSES.expired) throw conflict(QUOTE_MESSAGES.expired, 'QUOTE_EXPIRED');
  if (current !== QUOTE_STATUSES.pending) throw conflict(QUOTE_MESSAGES.answered, 'QUOTE_ANSWERED');
  const updated = await db
    .updateTable('permit_quotes')
    .set({ status, order_id: answer.orderId.trim() || null, updated_at: now })
    .where('quote_id', '=', quoteId)
    .where('status', '=', QUOTE_STATUSES.pending)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw conflict(QUOTE_MESSAGES.answered, 'QUOTE_ANSWERED');
  await recordAudit(
    db,
    actor,
    {
      entity: 'quote', entityId: quoteId, action: status, permitId: row.permit_id, customerVisible: row.permit_id !== null,
      before: { status: QUOTE_STATUSES.pending }, after: { status, orderId: answer.orderId.trim() || null },
    },
    now,
  );
  return getQuote(db, quoteId, caller, now);
}

export interface NewQuote {
  total: number;
  expiryDate: string | null;
  onlineInvoiceUrl: string | null;
  agentId: string;
  orgId: string;
  permitId: number | null;
}

export const DESK_QUOTE_ELSEWHERE = 'This quote was issued from the permit desk; it cannot be changed through the accounting path.';

/** PUT (permit team): issues a quote, or changes one nobody has answered yet (audited: run it in a transaction). */
export async function issueQuote(db: Db, quoteId: string, quote: NewQuote, actor: AuditActor, now: Date): Promise<AccountingQuote> {
  const existing = await findQuote(db, quoteId);
  if (existing && existing.agent_id === null) throw conflict(DESK_QUOTE_ELSEWHERE, 'DESK_QUOTE');
  if (existing && existing.status !== QUOTE_STATUSES.pending) throw conflict(QUOTE_MESSAGES.answered, 'QUOTE_ANSWERED');
  if (quote.permitId !== null && !(await db.selectFrom('permits').select('id').where('id', '=', quote.permitId).executeTakeFirst())) {
    throw notFound('Permit not found.', 'PERMIT_NOT_FOUND');
  }
  const values = {
    total: quote.total, expiry_date: quote.expiryDate, online_invoice_url: quote.onlineInvoiceUrl, agent_id: quote.agentId, org_id: quote.orgId,
    permit_id: quote.permitId, updated_at: now,
  };
  await db
    .insertInto('permit_quotes')
    .values({ quote_id: quoteId, ...values, status: QUOTE_STATUSES.pending, created_by: actor.userId, created_at: now })
    .onConflict((oc) => oc.column('quote_id').doUpdateSet(values))
    .execute();
  const after = { total: quote.total, expiryDate: quote.expiryDate, onlineInvoiceUrl: quote.onlineInvoiceUrl, agentId: quote.agentId, orgId: quote.orgId, permitId: quote.permitId };
  const before = existing
    ? { total: Number(existing.total), expiryDate: existing.expiry_date, onlineInvoiceUrl: existing.online_invoice_url, agentId: existing.agent_id, orgId: existing.org_id, permitId: existing.permit_id }
    : null;
  if (!existing && quote.permitId !== null) {
    const owner = await db.selectFrom('permits as r').innerJoin('projects as p', 'p.id', 'r.project_id').select('p.company_id').where('r.id', '=', quote.permitId).executeTakeFirst();
    if (owner?.company_id != null) {
      await emitEvent(db, { companyId: owner.company_id, type: 'quote.issued', data: { quoteId, permitId: quote.permitId, total: quote.total, validUntil: quote.expiryDate, onlineInvoiceUrl: quote.onlineInvoiceUrl }, at: now });
    }
  }
  const diff = before ? changedFields(before, after) : { before: null, after };
  if (diff) {
    await recordAudit(db, actor, { entity: 'quote', entityId: quoteId, action: existing ? 'updated' : 'issued', permitId: quote.permitId, customerVisible: quote.permitId !== null, before: diff.before, after: diff.after }, now);
  }
  return getQuote(db, quoteId, { sass_agent_id: quote.agentId, sass_organization_id: quote.orgId }, now);
}
