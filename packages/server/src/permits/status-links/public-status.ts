// The homeowner's side of the status page (issue 16): no account, the link's token is the only key.
// Every unknown, tampered, malformed or revoked token gets one same 404 (no oracle between them). The
// page shows this permit only — no customer name, no other work of the company, no conversation, no
// notes — and prices only when the contractor allowed them. Subscriptions are double opt-in: a request
// mails a confirmation link (limited per link), only its holder confirms; each update mail carries a
// one-click unsubscribe token that works whatever became of the link.
import {
  derivePermitStatus,
  nextStep,
  progressOf,
  stageName,
  STATUS_LINK_MESSAGES,
  statusMessage,
  statusTitle,
  type PublicPermitStatus,
} from '@permitdesk/core';
import type { Db } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../http/errors.js';
import { RateLimitedError } from '../../rate-limits/limiter.js';
import { iso, isoOrNull } from '../../rows/values.js';
import type { AppServices } from '../../services.js';
import { permitDetail } from '../permit-details.js';
import { sealContext } from './notify.js';
import { hashStatusToken, isStatusTokenShaped, newStatusToken, statusConfirmUrl, UNSUBSCRIBE_BOX } from './tokens.js';

type Services = Pick<AppServices, 'db' | 'clock' | 'config' | 'mail' | 'rateLimits' | 'secretBox'>;

const MINUTE = 60_000;
/** Subscription requests per link: a person asks a few times; a script mailing strangers from one page meets a wall. */
export const SUBSCRIBE_LIMIT = { limit: 10, windowMs: 60 * MINUTE, delayMs: 30 * MINUTE, maxDelayMs: 24 * 60 * MINUTE } as const;
/** A confirmation link lives a week. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * MINUTE;

const unavailable = () => notFound(STATUS_LINK_MESSAGES.unavailable, 'STATUS_LINK_UNAVAILABLE');

interface LiveLink {
  id: number;
  permit_id: number;
  show_prices: boolean;
}

/** The live link a token opens, or the one 404. */
async function liveLink(db: Db, token: string): Promise<LiveLink> {
  if (!isStatusTokenShaped(token)) throw unavailable();
  const row = await db
    .selectFrom('permit_status_links')
    .select(['id', 'permit_id', 'show_prices'])
    .where('token_hash', '=', hashStatusToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw unavailable();
  return { id: Number(row.id), permit_id: Number(row.permit_id), show_prices: row.show_prices };
}

const asNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The municipality's typical turnaround for the task, in days, when the directory knows it. */
async function turnaroundDays(db: Db, municipalityId: number, taskId: number): Promise<number | null> {
  const row = await db.selectFrom('municipality_directory').select('turnaround').where('municipality_id', '=', municipalityId).executeTakeFirst();
  if (!row) return null;
  const map = (typeof row.turnaround === 'string' ? JSON.parse(row.turnaround) : row.turnaround) as Record<string, unknown> | null;
  const days = map?.[String(taskId)];
  return typeof days === 'number' && Number.isFinite(days) ? days : null;
}

/** GET /v4/public/permit-status/{token}. */
export async function openStatusPage(services: Services, token: string): Promise<PublicPermitStatus> {
  const { db } = services;
  const link = await liveLink(db, token);
  const now = services.clock();
  const permit = await permitDetail(db, link.permit_id);
  const status = derivePermitStatus(permit, now);
  const extra = await db
    .selectFrom('permits as r')
    .leftJoin('projects as p', 'p.id', 'r.project_id')
    .leftJoin('companies as c', 'c.id', 'p.company_id')
    .select(['r.stage_entered_at', 'c.name as company_name'])
    .where('r.id', '=', link.permit_id)
    .executeTakeFirstOrThrow();
  const history = await db.selectFrom('permit_stage_history').select(['to_stage', 'changed_at']).where('permit_id', '=', link.permit_id).orderBy('changed_at').orderBy('id').execute();
  const steps = history.map((h) => ({ stage: h.to_stage, stageName: stageName(h.to_stage), at: iso(h.changed_at) }));
  if (steps.length === 0 || steps[0]!.stage !== 10) steps.unshift({ stage: 10, stageName: stageName(10), at: permit.createdAt });
  const inspectionRows = await db
    .selectFrom('permit_inspections')
    .select(['inspection_name', 'status', 'scheduled_at', 'completed_at'])
    .where('permit_id', '=', link.permit_id)
    .orderBy('perform_order')
    .orderBy('id')
    .execute();
  const inspections = inspectionRows.map((i) => ({ name: i.inspection_name, status: i.status, scheduledAt: isoOrNull(i.scheduled_at), completedAt: isoOrNull(i.completed_at) }));
  const days = await turnaroundDays(db, permit.municipalityId, permit.taskId);
  const next = nextStep({ status, municipalityName: permit.municipalityName, stageEnteredAt: new Date(extra.stage_entered_at), turnaroundDays: days, inspections, expiresAt: permit.expiresAt });
  let prices: PublicPermitStatus['prices'] = null;
  if (link.show_prices) {
    const fees = await db.selectFrom('permit_fees').select(['label', 'amount']).where('permit_id', '=', link.permit_id).orderBy('position').orderBy('id').execute();
    prices = { projectValue: permit.projectValue, fees: fees.map((f) => ({ label: f.label, amount: asNumber(f.amount) ?? 0 })) };
  }
  return {
    taskName: permit.taskName,
    address: permit.projectAddress,
    municipalityName: permit.municipalityName,
    companyName: extra.company_name ?? null,
    permitNumber: permit.permitNumber,
    stage: permit.stage,
    stageName: stageName(permit.stage),
    status,
    statusLabel: statusTitle(status),
    message: statusMessage(status),
    progress: progressOf(status),
    issuedAt: permit.issuedAt,
    expiresAt: permit.expiresAt,
    estCompletionAt: permit.estCompletionAt,
    steps,
    inspections,
    next,
    prices,
  };
}


/**
 * POST /v4/public/permit-status/{token}/subscriptions: the same answer whatever the address's state (no
 * oracle of who subscribed); a confirmation mail unless already confirmed. Limited per link.
 */
export async function subscribeToStatus(services: Services, token: string, email: string): Promise<{ message: string }> {
  const { db } = services;
  const link = await liveLink(db, token);
  const key = `statusSubscribe:${link.id}`;
  await services.rateLimits.check(key, { message: STATUS_LINK_MESSAGES.tooManySubscriptions, code: 'STATUS_SUBSCRIBE_LIMITED' });
  const blocked = await services.rateLimits.hit(key, SUBSCRIBE_LIMIT);
  if (blocked > 0) throw new RateLimitedError(blocked, STATUS_LINK_MESSAGES.tooManySubscriptions, 'STATUS_SUBSCRIBE_LIMITED');
  const now = services.clock();
  const confirmToken = newStatusToken();
  await inTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('permit_status_subscribers').select(['id', 'state']).where('link_id', '=', link.id).where('email', '=', email).forUpdate().executeTakeFirst();
    if (existing?.state === 'confirmed') return;
    if (existing) {
      await trx.updateTable('permit_status_subscribers').set({ state: 'pending', confirm_hash: hashStatusToken(confirmToken), requested_at: now, unsubscribed_at: null }).where('id', '=', existing.id).execute();
    } else {
      const unsubscribeToken = newStatusToken();
      await trx
        .insertInto('permit_status_subscribers')
        .values({
          link_id: link.id, email, state: 'pending', confirm_hash: hashStatusToken(confirmToken), requested_at: now,
          unsubscribe_hash: hashStatusToken(unsubscribeToken), tokens_sealed: services.secretBox(UNSUBSCRIBE_BOX).seal(sealContext(link.id, email), JSON.stringify({ page: token, unsubscribe: unsubscribeToken })),
        })
        .execute();
    }
    const permit = await permitDetail(trx, link.permit_id);
    await services.mail.send('status_subscription_confirm', email, { taskName: permit.taskName, address: permit.projectAddress, link: statusConfirmUrl(services.config.PUBLIC_URL, token, confirmToken) }, { db: trx });
  });
  return { message: STATUS_LINK_MESSAGES.subscribeSent };
}

/** POST /v4/public/permit-status/{token}/subscriptions/confirm: only a pending subscription of this link, within a week. */
export async function confirmStatusSubscription(services: Services, token: string, confirmToken: string): Promise<{ message: string }> {
  const { db } = services;
  const link = await liveLink(db, token);
  const invalid = () => notFound(STATUS_LINK_MESSAGES.confirmInvalid, 'STATUS_CONFIRM_INVALID');
  if (!isStatusTokenShaped(confirmToken)) throw invalid();
  const now = services.clock();
  const updated = await db
    .updateTable('permit_status_subscribers')
    .set({ state: 'confirmed', confirm_hash: null, confirmed_at: now })
    .where('link_id', '=', link.id)
    .where('confirm_hash', '=', hashStatusToken(confirmToken))
    .where('state', '=', 'pending')
    .where('requested_at', '>', new Date(now.getTime() - CONFIRM_TTL_MS))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw invalid();
  return { message: STATUS_LINK_MESSAGES.confirmed };
}

/** POST /v4/public/permit-status/unsubscribe/{token}: one click, idempotent, whatever became of the link. */
export async function unsubscribeFromStatus(services: Services, unsubscribeToken: string): Promise<{ message: string }> {
  const invalid = () => notFound(STATUS_LINK_MESSAGES.unsubscribeInvalid, 'STATUS_UNSUBSCRIBE_INVALID');
  if (!isStatusTokenShaped(unsubscribeToken)) throw invalid();
  const { db } = services;
  const row = await db.selectFrom('permit_status_subscribers').select(['id', 'state']).where('unsubscribe_hash', '=', hashStatusToken(unsubscribeToken)).executeTakeFirst();
  if (!row) throw invalid();
  if (row.state !== 'unsubscribed') {
    await db.updateTable('permit_status_subscribers').set({ state: 'unsubscribed', confirm_hash: null, unsubscribed_at: services.clock() }).where('id', '=', row.id).execute();
  }
  return { message: STATUS_LINK_MESSAGES.unsubscribed };
}
