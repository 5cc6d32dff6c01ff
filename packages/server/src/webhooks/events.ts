// emitEvent: one company event → one webhook_deliveries row per subscription to its type, each with its
// delivery job, written in the caller's transaction (no event without its change, no change without its
// events). The body is fixed here, so every attempt and replay sends the same bytes (signed anew).
import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@permitdesk/core';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { enqueueJob } from '../jobs/index.js';

export const DELIVER_JOB = 'webhook.deliver';

export interface WebhookEvent {
  companyId: number;
  type: WebhookEventType;
  /** The event's data: ids and the facts a receiver needs (no secrets). */
  data: Record<string, unknown>;
  /** When it happened (the services' clock); now by default. */
  at?: Date;
}

/** The delivery job of a delivery (a replay's carries its number, so it is a job of its own). */
export const deliveryJobKey = (deliveryId: string, replay = 0): string => `${DELIVER_JOB}:${deliveryId}${replay ? `:replay:${replay}` : ''}`;

/** Writes the deliveries of an event; answers how many subscriptions it goes to. */
export async function emitEvent(trx: Db, event: WebhookEvent): Promise<number> {
  const subscriptions = await trx
    .selectFrom('webhook_subscriptions')
    .select('id')
    .where('company_id', '=', event.companyId)
    .where(sql<boolean>`events ? ${event.type}`)
    .orderBy('created_at')
    .execute();
  if (subscriptions.length === 0) return 0;
  const at = event.at ?? new Date();
  const eventId = randomUUID();
  const body = JSON.stringify({ id: eventId, type: event.type, createdAt: at.toISOString(), companyId: event.companyId, data: event.data });
  for (const subscription of subscriptions) {
    const id = randomUUID();
    await trx
      .insertInto('webhook_deliveries')
      .values({ id, subscription_id: subscription.id, company_id: event.companyId, event_id: eventId, event_type: event.type, body, status: 'pending', retry_since: at, created_at: at })
      .execute();
    await enqueueJob(trx, { kind: DELIVER_JOB, payload: { deliveryId: id }, runAt: at, key: deliveryJobKey(id) });
  }
  return subscriptions.length;
}
