// Outbound webhooks (issue 14): a company's subscriptions to its events, and the delivery log.
import * as v from 'valibot';
import { textSchema, timestampSchema } from './common.js';

export const WEBHOOK_EVENTS = [
  'permit.created',
  'permit.stage_changed',
  'inspection.scheduled',
  'inspection.resulted',
  'quote.issued',
  'compliance.item_expiring',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_MESSAGES = {
  url: 'Please enter the address that receives the events (https://…).',
  https: 'The address must start with https:// (http:// only for localhost outside production).',
  privateAddress: 'This address is on a private network and cannot receive webhooks.',
  events: 'Please choose at least one event.',
  notFound: 'Webhook not found.',
  deliveryNotFound: 'Delivery not found.',
  alreadyQueued: 'This delivery is already queued.',
  tooMany: 'A company can have at most 20 webhooks.',
} as const;

export const WEBHOOK_LIMIT = 20;

export const webhookCreateSchema = v.object({
  url: v.pipe(v.string(WEBHOOK_MESSAGES.url), v.trim(), v.nonEmpty(WEBHOOK_MESSAGES.url), v.maxLength(2000, WEBHOOK_MESSAGES.url), v.url(WEBHOOK_MESSAGES.url), v.regex(/^https?:\/\//i, WEBHOOK_MESSAGES.https)),
  events: v.pipe(
    v.array(v.picklist(WEBHOOK_EVENTS, 'Unknown event'), WEBHOOK_MESSAGES.events),
    v.minLength(1, WEBHOOK_MESSAGES.events),
    v.maxLength(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.events),
    v.transform((events) => [...new Set(events)]),
  ),
  description: v.optional(v.nullable(textSchema(200, 'description')), null),
});
export type WebhookCreate = v.InferInput<typeof webhookCreateSchema>;

export const webhookSchema = v.object({
  id: v.string(),
  companyId: v.number(),
  url: v.string(),
  events: v.array(v.string()),
  description: v.nullable(v.string()),
  createdAt: timestampSchema,
});
export type Webhook = v.InferOutput<typeof webhookSchema>;

/** The answer to a create: the subscription and its signing secret, shown this once. */
export const webhookCreatedSchema = v.object({ ...webhookSchema.entries, secret: v.string() });
export type WebhookCreated = v.InferOutput<typeof webhookCreatedSchema>;

export const webhookAttemptSchema = v.object({
  attemptedAt: timestampSchema,
  statusCode: v.nullable(v.number()),
  durationMs: v.number(),
  error: v.nullable(v.string()),
});

export const webhookDeliverySchema = v.object({
  id: v.string(),
  eventId: v.string(),
  eventType: v.string(),
  status: v.picklist(['pending', 'delivered', 'failed']),
  attempts: v.number(),
  lastStatusCode: v.nullable(v.number()),
  lastError: v.nullable(v.string()),
  createdAt: timestampSchema,
  deliveredAt: v.nullable(timestampSchema),
  /** The body exactly as sent (signed). */
  body: v.string(),
  log: v.array(webhookAttemptSchema),
});
export type WebhookDelivery = v.InferOutput<typeof webhookDeliverySchema>;
