// A company's webhook subscriptions and their delivery log. The secret is made here (32 random bytes),
// sealed with the 'webhook-secrets' box under the subscription's id, and answered once.
import { randomBytes, randomUUID } from 'node:crypto';
import { WEBHOOK_EVENTS, WEBHOOK_LIMIT, WEBHOOK_MESSAGES, type Webhook, type WebhookCreated, type WebhookDelivery } from '@permitdesk/core';
import type { Db } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { enqueueJob } from '../jobs/index.js';
import { iso, isoOrNull } from '../rows/values.js';
import type { SecretBox } from '../security/secret-box.js';
import { DELIVER_JOB, deliveryJobKey } from './events.js';
import { refuseUrl, type UrlPolicy } from './url-policy.js';

type SubscriptionRow = { id: string; company_id: number; url: string; events: string[] | string; description: string | null; created_at: Date | string };
const toWebhook = (row: SubscriptionRow): Webhook => ({
  id: row.id,
  companyId: row.company_id,
  url: row.url,
  events: typeof row.events === 'string' ? (JSON.parse(row.events) as string[]) : row.events,
  description: row.description,
  createdAt: iso(row.created_at),
});
const SUBSCRIPTION_COLUMNS = ['id', 'company_id', 'url', 'events', 'description', 'created_at'] as const;

export async function listWebhooks(db: Db, companyId: number): Promise<Webhook[]> {
  const rows = await db.selectFrom('webhook_subscriptions').select(SUBSCRIPTION_COLUMNS).where('company_id', '=', companyId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toWebhook);
}

export async function createWebhook(
  db: Db,
  box: SecretBox,
  policy: UrlPolicy,
  input: { companyId: number; url: string; events: string[]; description: string | null; userId: string },
  now: Date,
): Promise<WebhookCreated> {
  const refused = refuseUrl(input.url, policy);
  if (refused) throw badRequest(refused, 'WEBHOOK_URL_REFUSED', { url: refused });
  const count = await db.selectFrom('webhook_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', input.companyId).executeTakeFirstOrThrow();
  if (Number(count.n) >= WEBHOOK_LIMIT) throw conflict(WEBHOOK_MESSAGES.tooMany, 'WEBHOOK_LIMIT');
  const id = randomUUID();
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('webhook_subscriptions')
    .values({ id, company_id: input.companyId, url: input.url, events: JSON.stringify(input.events), description: input.description, secret_sealed: box.seal(id, secret), created_by: input.userId, created_at: now })
    .returning(SUBSCRIPTION_COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...toWebhook(row), secret };
}

/**
 * The subscription a platform connection owns (PLATFORM_EVENTS_URL): every event, signed with the
 * connection's own secret (the platform already holds it: it signs its events to us with it). Made on
 * connect, brought up to date on reconnect; configured by the operator, so the URL policy is not asked.
 */
export async function upsertPlatformSubscription(
  db: Db,
  box: SecretBox,
  input: { companyId: number; connectionId: string; url: string; secret: string; description: string; userId: string },
  now: Date,
): Promise<void> {
  const existing = await db.selectFrom('webhook_subscriptions').select('id').where('platform_connection_id', '=', input.connectionId).executeTakeFirst();
  const id = existing?.id ?? randomUUID();
  const values = { url: input.url, events: JSON.stringify([...WEBHOOK_EVENTS]), description: input.description, secret_sealed: box.seal(id, input.secret) };
  if (existing) await db.updateTable('webhook_subscriptions').set(values).where('id', '=', id).execute();
  else await db.insertInto('webhook_subscriptions').values({ id, company_id: input.companyId, platform_connection_id: input.connectionId, created_by: input.userId, created_at: now, ...values }).execute();
}

/** Disconnect: the platform hears nothing more (deliveries still queued go with the subscription). */
export async function deletePlatformSubscription(db: Db, connectionId: string): Promise<void> {
  await db.deleteFrom('webhook_subscriptions').where('platform_connection_id', '=', connectionId).execute();
}

export async function deleteWebhook(db: Db, companyId: number, id: string): Promise<void> {
  const deleted = await db.deleteFrom('webhook_subscriptions').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(WEBHOOK_MESSAGES.notFound, 'WEBHOOK_NOT_FOUND');
}

async function requireSubscription(db: Db, companyId: number, id: string): Promise<void> {
  const row = await db.selectFrom('webhook_subscriptions').select('id').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound, 'WEBHOOK_NOT_FOUND');
}

const DELIVERY_COLUMNS = ['id', 'event_id', 'event_type', 'status', 'attempts', 'last_status_code', 'last_error', 'created_at', 'delivered_at', 'body'] as const;

async function withLog(db: Db, rows: { id: string; event_id: string; event_type: string; status: WebhookDelivery['status']; attempts: number; last_status_code: number | null; last_error: string | null; created_at: Date; delivered_at: Date | null; body: string }[]): Promise<WebhookDelivery[]> {
  const attempts = rows.length === 0 ? [] : await db.selectFrom('webhook_delivery_attempts').selectAll().where('delivery_id', 'in', rows.map((r) => r.id)).orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: iso(row.created_at),
    deliveredAt: isoOrNull(row.delivered_at),
    body: row.body,
    log: attempts
      .filter((a) => a.delivery_id === row.id)
      .map((a) => ({ attemptedAt: iso(a.attempted_at), statusCode: a.status_code, durationMs: a.duration_ms, error: a.error })),
  }));
}

export async function listDeliveries(db: Db, companyId: number, subscriptionId: string): Promise<WebhookDelivery[]> {
  await requireSubscription(db, companyId, subscriptionId);
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_COLUMNS)
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(100)
    .execute();
  return withLog(db, rows);
}

/** Sends a delivery again: pending, its 24 hours start over, a job of its own. */
export async function replayDelivery(db: Db, companyId: number, subscriptionId: string, deliveryId: string, now: Date): Promise<WebhookDelivery> {
  await requireSubscription(db, companyId, subscriptionId);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('webhook_deliveries')
      .select(['id', 'status', 'replays'])
      .where('id', '=', deliveryId)
      .where('subscription_id', '=', subscriptionId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound, 'DELIVERY_NOT_FOUND');
    if (row.status === 'pending') throw conflict(WEBHOOK_MESSAGES.alreadyQueued, 'DELIVERY_QUEUED');
    const replay = row.replays + 1;
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', replays: replay, retry_since: now, delivered_at: null })
      .where('id', '=', deliveryId)
      .returning(DELIVERY_COLUMNS)
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, { kind: DELIVER_JOB, payload: { deliveryId }, runAt: now, key: deliveryJobKey(deliveryId, replay) });
    const [delivery] = await withLog(trx, [updated]);
    return delivery!;
  });
}
