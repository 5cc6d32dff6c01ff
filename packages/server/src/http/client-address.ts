// Who is calling, by network address: the key of per-client rate limits and of an anonymous caller's
// Idempotency-Keys. One rule for both, so a deployment behind a proxy never lumps its clients together.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppContext } from './context.js';

/**
 * The socket's peer, or, behind TRUST_PROXY trusted proxies, the address those proxies wrote into
 * X-Forwarded-For (each appends the peer it saw, so the client is `hops` from the end). Without
 * TRUST_PROXY the header is ignored: any caller can write it. 'local' for in-process requests.
 */
export function clientAddress(c: AppContext): string {
  let peer = 'local';
  try {
    peer = getConnInfo(c).remote.address ?? 'local';
  } catch {
    /* no socket: an in-process request */
  }
  const hops = c.get('services').config.TRUST_PROXY;
  if (hops <= 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return forwarded[Math.max(0, forwarded.length - hops)] ?? peer;
}
