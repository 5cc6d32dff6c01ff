// Delivering one webhook: the job handler of 'webhook.deliver'. It POSTs the delivery's body, signed
// with the subscription's secret (signature.ts), within 10 s; a 2xx is delivered, anything else is
// logged and retried with exponential backoff from the job queue for 24 h, then the delivery fails.
// Idempotent: a delivery already delivered is not sent again by a rerun of its job. A worker that dies
// after the receiver answered but before the row says so sends it once more with the same
// PermitDesk-Delivery id: receivers dedupe on it (at least once, as every webhook sender).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { PermanentJobError, type JobHandlerOptions, type JobRunner } from '../jobs/index.js';
import type { Db } from '../db/schema.js';
import type { SecretBox } from '../security/secret-box.js';
import { DELIVER_JOB } from './events.js';
import { signWebhook, WEBHOOK_HEADERS } from './signature.js';
import { addressAllowed, refuseUrl, type UrlPolicy } from './url-policy.js';

export const WEBHOOK_DELIVERY = {
  timeoutMs: 10_000,
  /** Retries stop this long after the event (or the replay). */
  retryForMs: 24 * 60 * 60 * 1000,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60 * 1000,
  /** Of the response body kept in the log. */
  maxErrorChars: 300,
} as const;

export interface DeliveryResponse {
  status: number;
  body: string;
}

/** Sends one request; the default is node:http(s) with the SSRF check in the connection's lookup. */
export type WebhookSender = (url: string, headers: Record<string, string>, body: string, policy: UrlPolicy) => Promise<DeliveryResponse>;

export const sendWebhookRequest: WebhookSender = (target, headers, body, policy) =>
  new Promise((resolve, reject) => {
    const refused = refuseUrl(target, policy);
    if (refused) return reject(new PermanentJobError(refused));
    const url = new URL(target);
    // Every address the name resolves to is checked before the socket connects to it.
    const lookup: LookupFunction = (hostname, options, callback) => {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        const allowed = addresses.filter((a) => addressAllowed(a.address, policy));
        if (allowed.length === 0 || allowed.length !== addresses.length) {
          return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), '', 0);
        }
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
        callback(null, allowed[0]!.address, allowed[0]!.family);
      });
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup, timeout: WEBHOOK_DELIVERY.timeoutMs, signal: AbortSignal.timeout(WEBHOOK_DELIVERY.timeoutMs) },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= 4096) chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${WEBHOOK_DELIVERY.timeoutMs / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });

export interface DeliveryDeps {
  db: Db;
  clock: () => Date;
  box: SecretBox;
  policy: UrlPolicy;
  send?: WebhookSender;
}

const clip = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, WEBHOOK_DELIVERY.maxErrorChars);

/** Registers the delivery handler on the runner. */
export function registerWebhookDelivery(jobs: JobRunner, deps: DeliveryDeps): void {
  const send = deps.send ?? sendWebhookRequest;
  const options: JobHandlerOptions<{ deliveryId: string }> = {
    // The 24 hours end it (see below); this only bounds a clock gone wrong.
    maxAttempts: 60,
    baseDelayMs: WEBHOOK_DELIVERY.baseDelayMs,
    maxDelayMs: WEBHOOK_DELIVERY.maxDelayMs,
    leaseMs: WEBHOOK_DELIVERY.timeoutMs * 3,
    onFailed: async ({ deliveryId }, _ctx, error) => {
      await deps.db.updateTable('webhook_deliveries').set({ status: 'failed', last_error: clip(error) }).where('id', '=', deliveryId).where('status', '=', 'pending').execute();
    },
  };
  jobs.register<{ deliveryId: string }>(
    DELIVER_JOB,
    async ({ deliveryId }) => {
      const row = await deps.db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
        .select(['d.id', 'd.status', 'd.body', 'd.event_type', 'd.retry_since', 's.id as subscription_id', 's.url', 's.secret_sealed'])
        .where('d.id', '=', deliveryId)
        .executeTakeFirst();
      // Deleted with its subscription, or already delivered (a rerun): nothing to send.
      if (!row || row.status !== 'pending') return;
      const started = deps.clock();
      const timestamp = Math.floor(started.getTime() / 1000);
      const secret = deps.box.open(row.subscription_id, row.secret_sealed);
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'PermitDesk-Webhooks/1',
        [WEBHOOK_HEADERS.event]: row.event_type,
        [WEBHOOK_HEADERS.delivery]: row.id,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, row.body),
      };
      const wallStart = performance.now();
      let statusCode: number | null = null;
      let error: string | null = null;
      let permanent = false;
      try {
        const response = await send(row.url, headers, row.body, deps.policy);
        statusCode = response.status;
        if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}${response.body ? `: ${clip(response.body)}` : ''}`;
      } catch (failure) {
        permanent = failure instanceof PermanentJobError;
        error = clip(failure instanceof Error ? failure.message : String(failure)) || 'The request failed';
      }
      const durationMs = Math.max(0, Math.round(performance.now() - wallStart));
      const now = deps.clock();
      await deps.db.transaction().execute(async (trx) => {
        await trx.insertInto('webhook_delivery_attempts').values({ delivery_id: row.id, attempted_at: started, status_code: statusCode, duration_ms: durationMs, error }).execute();
        await trx
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            attempts: eb('attempts', '+', 1),
            last_status_code: statusCode,
            last_error: error,
            ...(error === null ? { status: 'delivered' as const, delivered_at: now } : {}),
          }))
          .where('id', '=', row.id)
          .execute();
      });
      if (error === null) return;
      if (permanent || now.getTime() - new Date(row.retry_since).getTime() >= WEBHOOK_DELIVERY.retryForMs) throw new PermanentJobError(error);
      throw new Error(error);
    },
    options,
  );
}
