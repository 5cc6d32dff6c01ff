// Where a webhook may be sent (SSRF): https, to a public address. Outside production, http:// and the
// loopback addresses are allowed for a receiver on this machine (localhost, 127.0.0.1, ::1). Checked when
// a subscription is made (the literal host) and again at every delivery on the addresses the name
// resolves to, inside the connection's own lookup, so a name re-pointed at an internal address
// (DNS rebinding) is refused at the moment of connecting.
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@permitdesk/core';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) as its IPv4 address. */
const unmap = (address: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
};

export interface UrlPolicy {
  production: boolean;
}

const isLoopback = (address: string) => {
  const plain = unmap(address);
  const family = isIP(plain);
  return family !== 0 && loopback.check(plain, family === 4 ? 'ipv4' : 'ipv6');
};

/** Whether a connection to this resolved address is allowed. */
export function addressAllowed(address: string, policy: UrlPolicy): boolean {
  const plain = unmap(address);
  const family = isIP(plain);
  if (family === 0) return false;
  if (!policy.production && isLoopback(plain)) return true;
  return !blocked.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host as a URL writes it, without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** null when a subscription may point there; else the message that says why not. */
export function refuseUrl(raw: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MESSAGES.url;
  }
  if (url.username || url.password) return WEBHOOK_MESSAGES.url;
  const host = bareHost(url);
  const local = host === 'localhost' || isLoopback(host);
  if (url.protocol === 'http:') {
    if (policy.production || !local) return WEBHOOK_MESSAGES.https;
  } else if (url.protocol !== 'https:') return WEBHOOK_MESSAGES.https;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
    return policy.production ? WEBHOOK_MESSAGES.privateAddress : null;
  }
  if (isIP(host) !== 0 && !addressAllowed(host, policy)) return WEBHOOK_MESSAGES.privateAddress;
  // A name without a dot (an intranet host) is not on the public internet.
  if (isIP(host) === 0 && !host.includes('.')) return WEBHOOK_MESSAGES.privateAddress;
  return null;
}
