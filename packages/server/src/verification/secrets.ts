// The sign-up flow's secrets: the 6-digit code and the link token go out by mail, the flow key ("totp")
// to the browser. Only hashes are stored; the code is an HMAC keyed by a server secret, because six
// digits alone could be brute-forced from a leaked hash.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const newLinkToken = (): string => randomBytes(32).toString('base64url');
export const newFlowKey = (): string => randomBytes(24).toString('base64url');

/** Hash of a high-entropy token (link token, flow key): a plain SHA-256 is enough. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** HMAC of a code, bound to its address so a code for one address never works for another. */
export const hashCode = (secret: string, email: string, code: string): string =>
  createHmac('sha256', secret).update(`${email}\n${code}`).digest('hex');

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
