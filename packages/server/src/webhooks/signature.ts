// The one signature scheme of webhooks, both ways (outbound deliveries and a platform's inbound events):
// HMAC-SHA256 over `${timestamp}.${body}` with the subscription's secret, sent as
// `PermitDesk-Signature: v1=<hex>` next to `PermitDesk-Timestamp: <unix seconds>`. Several `v1=` values may
// be listed (comma-separated) while a secret is being rotated. A receiver refuses a timestamp outside the
// tolerance window (replays of an old capture) and compares in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_HEADERS = {
  event: 'PermitDesk-Event',
  delivery: 'PermitDesk-Delivery',
  timestamp: 'PermitDesk-Timestamp',
  signature: 'PermitDesk-Signature',
} as const;

/** Five minutes either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const hmacHex = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The signature header's value for this body at this time. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${hmacHex(secret, timestamp, body)}`;
}

export type SignatureCheck = 'valid' | 'stale' | 'invalid';

export interface SignedRequest {
  /** The raw header values, as received (missing → invalid). */
  timestamp: string | null | undefined;
  signature: string | null | undefined;
  /** The raw body, exactly as received (not re-serialised JSON). */
  body: string;
}

export function verifyWebhookSignature(
  secret: string,
  request: SignedRequest,
  now: Date,
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
): SignatureCheck {
  const { timestamp: rawTimestamp, signature, body } = request;
  if (!rawTimestamp || !signature || !/^\d{1,12}$/.test(rawTimestamp)) return 'invalid';
  const timestamp = Number(rawTimestamp);
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  const matches = signature
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('v1=') && /^[0-9a-f]{64}$/i.test(part.slice(3)))
    .some((part) => timingSafeEqual(Buffer.from(part.slice(3), 'hex'), expected));
  if (!matches) return 'invalid';
  // Checked after the signature, so a forged request learns nothing about the window.
  return Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds ? 'stale' : 'valid';
}
