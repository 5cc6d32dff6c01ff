// Webhooks (issue 14), both ways on one signature scheme (signature.ts). Outbound: companies subscribe a
// URL to events; emitEvent(trx, { companyId, type, data }) — called inside the transaction of the change
// — writes a delivery per matching subscription and enqueues its job; the job POSTs it signed, retried
// with backoff for 24 h (delivery.ts), logged per attempt, replayable.
export { emitEvent, DELIVER_JOB, type WebhookEvent } from './events.js';
export { registerWebhookDelivery, sendWebhookRequest, WEBHOOK_DELIVERY, type WebhookSender, type DeliveryResponse } from './delivery.js';
export { upsertPlatformSubscription, deletePlatformSubscription } from './subscriptions.js';
export { refuseUrl, addressAllowed, type UrlPolicy } from './url-policy.js';
export { signWebhook, verifyWebhookSignature, WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS, type SignatureCheck, type SignedRequest } from './signature.js';

/** The secret box purpose of the subscriptions' signing secrets (context: the subscription's id). */
export const WEBHOOK_SECRETS = 'webhook-secrets';
