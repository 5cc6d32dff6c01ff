// Quotes the permit team issues from the permit desk (issue 12), answered by the signed-in customer:
// - issue: line items and a valid-until date; the total is their sum, the id generated, the quote linked
//   to the permit, audited (entity 'quote') and mailed to the customer with the link to /quote/{quoteId};
// - read: whoever may read the quote's permit (permits/access.ts); anyone else gets 404;
// - accept (editor access and up): the order is recorded (order id generated) and the permit moves to
//   core's stageAfterAcceptedQuote through permits/stage-change.ts; decline: the team is mailed. An
//   expired or answered quote answers 409. Both are audited and the team hears of both.
// The SPEC's header path (quotes.ts, /v1/permit-quote) is the external integration's and stays as it was.
import { randomBytes } from 'node:crypto';
import {
  formatDate,
  formatUsd,
  quoteTotal,
  QUOTE_STATUSES,
  stageAfterAcceptedQuote,
  stageName,
  type PermitQuote,
  type QuoteLineItem,
} from '@permitdesk/core';
import { sql } from 'kysely';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { NOT_ALLOWED, PERMIT_NOT_FOUND, atLeast, projectAccess, type ProjectAccess } from '../permits/access.js';
import { customerRecipient } from '../permits/recipients.js';
import { changeStage } from '../permits/stage-change.js';
import { isoOrNull, iso } from '../rows/values.js';
import type { AppServices } from '../services.js';
import type { Db, Tx } from '../db/schema.js';
import { effectiveStatus, QUOTE_MESSAGES } from './quotes.js';

export const DESK_QUOTE_MESSAGES = {
  validUntilPast: 'Valid until must be today or a later date.',
} as const;

type Services = Pick<AppServices, 'clock' | 'config' | 'mail' | 'secretBox'>;

interface DeskQuoteRow {
  quote_id: string;
  permit_id: number;
  project_id: number;
  company_id: number | null;
  stage: number;
  customer_name: string;
  task_name: string;
  municipality_name: string;
  assigned_to: string | null;
  status: string;
  total: string | number;
  line_items: unknown;
  expiry_date: string | null;
  order_id: string | null;
  answered_at: Date | string | null;
  decline_reason: string | null;
  created_at: Date | string;
}

const lineItemsOf = (value: unknown): QuoteLineItem[] => {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.map((item: { label: string; amount: number | string }) => ({ label: String(item.label), amount: Number(item.amount) })) : [];
};

const toQuote = (row: DeskQuoteRow, now: Date): PermitQuote => ({
  quoteId: row.quote_id,
  permitId: Number(row.permit_id),
  projectId: Number(row.project_id),
  customerName: row.customer_name,
  taskName: row.task_name,
  municipalityName: row.municipality_name,
  status: effectiveStatus(row, now),
  total: Number(row.total),
  lineItems: lineItemsOf(row.line_items),
  validUntil: row.expiry_date,
  orderId: row.order_id,
  answeredAt: isoOrNull(row.answered_at),
  declineReason: row.decline_reason,
  createdAt: iso(row.created_at),
});

const selectQuotes = (where: ReturnType<typeof sql>, lock = false) => sql<DeskQuoteRow>`
  SELECT q.quote_id, q.permit_id, r.project_id, p.company_id, r.stage, p.customer_name, t.name AS task_name, m.name AS municipality_name,
         r.assigned_to::text AS assigned_to, q.status, q.total, q.line_items, to_char(q.expiry_date, 'YYYY-MM-DD') AS expiry_date, q.order_id,
         q.answered_at, q.decline_reason, q.created_at
  FROM permit_quotes q
  JOIN permits r ON r.id = q.permit_id
  JOIN projects p ON p.id = r.project_id
  JOIN permit_tasks t ON t.id = r.task_id
  JOIN municipalities m ON m.id = r.municipality_id
  WHERE ${where}
  ORDER BY q.created_at DESC, q.quote_id DESC
  ${lock ? sql`FOR UPDATE OF q` : sql``}`;

async function findQuote(db: Db, quoteId: string, lock = false): Promise<DeskQuoteRow | null> {
  const { rows } = await selectQuotes(sql`q.quote_id = ${quoteId}`, lock).execute(db);
  return rows[0] ?? null;
}

const quoteNotFound = () => notFound(QUOTE_MESSAGES.notFound, 'QUOTE_NOT_FOUND');

/** 'Q-7K2M9X4P': short, unguessable, unambiguous (no 0/O, 1/I). */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const token = (length: number) => [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
export const newQuoteId = (): string => `Q-${token(10)}`;
export const newOrderId = (): string => `ORD-${token(10)}`;

/** A permit's quotes, newest first (404 for an unknown permit). */
export async function permitQuotes(db: Db, permitId: number, now: Date): Promise<PermitQuote[]> {
  if (!(await db.selectFrom('permits').select('id').where('id', '=', permitId).executeTakeFirst())) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  const { rows } = await selectQuotes(sql`q.permit_id = ${permitId}`).execute(db);
  return rows.map((row) => toQuote(row, now));
}

/** The permit team issues a quote; inside the caller's transaction (the audit row and the mail commit with it). */
export async function issueDeskQuote(
  trx: Tx,
  services: Services,
  actor: AuditActor,
  permitId: number,
  input: { lineItems: QuoteLineItem[]; validUntil: string },
): Promise<PermitQuote> {
  const now = services.clock();
  const permit = await trx
    .selectFrom('permits as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .select(['r.id', 'p.company_id', 'p.customer_name'])
    .where('r.id', '=', permitId)
    .executeTakeFirst();
  if (!permit) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  if (input.validUntil < now.toISOString().slice(0, 10)) {
    throw badRequest(DESK_QUOTE_MESSAGES.validUntilPast, 'QUOTE_VALID_UNTIL_PAST', { validUntil: DESK_QUOTE_MESSAGES.validUntilPast });
  }
  const quoteId = newQuoteId();
  const total = quoteTotal(input.lineItems);
  await trx
    .insertInto('permit_quotes')
    .values({
      quote_id: quoteId, total, expiry_date: input.validUntil, status: QUOTE_STATUSES.pending, permit_id: permitId, line_items: JSON.stringify(input.lineItems),
      created_by: actor.userId, created_at: now, updated_at: now,
    })
    .execute();
  await recordAudit(
    trx,
    actor,
    {
      entity: 'quote', entityId: quoteId, action: 'issued', permitId, companyId: permit.company_id, customerVisible: true,
      after: { status: QUOTE_STATUSES.pending, total, lineItems: input.lineItems, validUntil: input.validUntil },
    },
    now,
  );
  const recipient = await customerRecipient(trx, permitId);
  if (recipient) {
    await services.mail.send(
      'quote_issued',
      recipient.email,
      {
        name: recipient.name,
        permitId,
        customerName: permit.customer_name,
        total: formatUsd(total),
        validUntil: formatDate(input.validUntil),
        lineItems: input.lineItems.map((item) => ({ label: item.label, amount: formatUsd(item.amount) })),
        link: quoteLink(services, quoteId),
      },
      { db: trx },
    );
  }
  const row = await findQuote(trx, quoteId);
  return toQuote(row!, now);
}

export const quoteLink = (services: Pick<AppServices, 'config'>, quoteId: string): string => `${services.config.PUBLIC_URL}/quote/${encodeURIComponent(quoteId)}`;
export const deskLink = (services: Pick<AppServices, 'config'>, permitId: number): string => `${services.config.PUBLIC_URL}/ops/permits/${permitId}`;

/** The quote when the user may read its permit (404 otherwise), with whether they are staff. */
async function readableQuote(db: Db, userId: string, quoteId: string, lock = false): Promise<{ row: DeskQuoteRow; access: ProjectAccess }> {
  const row = await findQuote(db, quoteId, lock);
  if (!row) throw quoteNotFound();
  const access = await projectAccess(db, userId, Number(row.project_id));
  // A guest (issue 13) is granted the permit, its documents and conversation: not the money between the host and the team.
  if (!access || access.level === null || access.guest) throw quoteNotFound();
  return { row, access };
}

export async function customerQuote(db: Db, userId: string, quoteId: string, now: Date): Promise<PermitQuote> {
  return toQuote((await readableQuote(db, userId, quoteId)).row, now);
}

export type QuoteAnswer = { answer: 'accepted' } | { answer: 'declined'; reason: string | null };

/**
 * The customer accepts or declines; inside the caller's transaction, the quote row locked so two answers
 * cannot both pass. `actorOf` gets whether the caller is on the permit team (answering for the customer).
 */
export async function answerDeskQuote(
  trx: Tx,
  services: Services,
  userId: string,
  actorOf: (staff: boolean) => AuditActor,
  quoteId: string,
  answer: QuoteAnswer,
): Promise<PermitQuote> {
  const now = services.clock();
  const { row, access } = await readableQuote(trx, userId, quoteId, true);
  const staff = access.staff;
  if (!atLeast(access.level, 'editor')) throw forbidden(NOT_ALLOWED.editor, 'PROJECT_FORBIDDEN');
  const current = effectiveStatus(row, now);
  if (current === QUOTE_STATUSES.expired) throw conflict(QUOTE_MESSAGES.expired, 'QUOTE_EXPIRED');
  if (current !== QUOTE_STATUSES.pending) throw conflict(QUOTE_MESSAGES.answered, 'QUOTE_ANSWERED');
  const actor = actorOf(staff);
  const orderId = answer.answer === 'accepted' ? newOrderId() : null;
  const reason = answer.answer === 'declined' ? answer.reason : null;
  await trx
    .updateTable('permit_quotes')
    .set({ status: answer.answer, order_id: orderId, answered_at: now, answered_by: userId, decline_reason: reason, updated_at: now })
    .where('quote_id', '=', quoteId)
    .execute();
  await recordAudit(
    trx,
    actor,
    {
      entity: 'quote', entityId: quoteId, action: answer.answer, permitId: Number(row.permit_id), companyId: row.company_id, customerVisible: true,
      before: { status: QUOTE_STATUSES.pending },
      after: { status: answer.answer, ...(orderId ? { orderId } : {}), ...(reason ? { reason } : {}) },
    },
    now,
  );
  let movedTo: number | null = null;
  if (answer.answer === 'accepted') {
    const next = stageAfterAcceptedQuote(row.stage);
    if (next !== null) {
      await changeStage(trx, services, {
        permitId: Number(row.permit_id), stage: next, userId, by: staff ? 'permit_team' : 'customer', actor,
        note: `Quote ${quoteId} accepted (order ${orderId}).`,
      });
      movedTo = next;
    }
  }
  await mailTeam(trx, services, row, answer, movedTo);
  const updated = await findQuote(trx, quoteId);
  return toQuote(updated!, now);
}

/** The permit's assigned operator, else every operator. */
async function teamAddresses(db: Db, assignedTo: string | null): Promise<string[]> {
  if (assignedTo) {
    const assigned = await db.selectFrom('users').select('email').where('id', '=', assignedTo).where('staff', '=', true).executeTakeFirst();
    if (assigned) return [assigned.email];
  }
  const team = await db.selectFrom('users').select('email').where('staff', '=', true).orderBy('email').execute();
  return team.map((user) => user.email);
}

async function mailTeam(trx: Tx, services: Services, row: DeskQuoteRow, answer: QuoteAnswer, movedTo: number | null): Promise<void> {
  for (const email of await teamAddresses(trx, row.assigned_to)) {
    await services.mail.send(
      'quote_answered',
      email,
      {
        permitId: Number(row.permit_id),
        customerName: row.customer_name,
        quoteId: row.quote_id,
        total: formatUsd(row.total),
        answer: answer.answer,
        reason: answer.answer === 'declined' ? answer.reason : null,
        stageName: movedTo === null ? null : stageName(movedTo),
        link: deskLink(services, Number(row.permit_id)),
      },
      { db: trx },
    );
  }
}
