// Where a visitor roughly is, from the request, for the owner of a public compliance link (issue 13), and
// the visitor's address cut down to its network. One interface with three sources (IP_GEOLOCATION):
//   none     the default: no place is recorded (nothing leaves the server)
//   headers  the city / region / country headers a CDN in front of the server adds (Cloudflare, CloudFront)
//   <url>    an http(s) URL template with {ip}, answering JSON { city, region|regionName, country|countryCode }
// Only the approximate place is kept, never the address: callers store networkOf(ip) beside it.
import type { Config } from '../config.js';

export interface IpLocator {
  readonly source: 'none' | 'headers' | 'url';
  /** 'City, Region, Country' (the parts known), or null when unknown. Never throws. */
  locate(request: { ip: string; headers: Headers }): Promise<string | null>;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight groups of an IPv6 address ('::' expanded), or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  return groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) ? groups : null;
}

/** The address truncated to its network: IPv4 /24 ('203.0.113.0/24'), IPv6 /48; null when not an address. */
export function networkOf(ip: string): string | null {
  const address = ip.trim().replace(/^::ffff:(?=\d+\.)/i, '');
  const v4 = IPV4.exec(address);
  if (v4) return v4.slice(1).every((n) => Number(n) <= 255) ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : null;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 3).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/48` : null;
}

/** Loopback, private and link-local addresses: nothing to look up. */
const isPrivate = (ip: string) => /^(local$|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|::1$|f[cd]|fe80:)/i.test(ip.replace(/^::ffff:/i, ''));

const clean = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  // Header values may be URL-encoded (Cloudflare's city); keep printable, short text only.
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    /* as sent */
  }
  text = text.replace(/[^\p{L}\p{N} .,'()-]/gu, '').trim().slice(0, 60);
  return text && text !== 'XX' && text !== 'T1' ? text : null;
};
const placeOf = (...parts: unknown[]): string | null => {
  const known = [...new Set(parts.map(clean).filter((p): p is string => p !== null))];
  return known.length > 0 ? known.join(', ') : null;
};

const none: IpLocator = { source: 'none', locate: async () => null };

function fromHeaders(): IpLocator {
  return {
    source: 'headers',
    async locate({ headers }) {
      const h = (name: string) => headers.get(name);
      return (
        placeOf(h('cf-ipcity'), h('cf-region'), h('cf-ipcountry')) ??
        placeOf(h('cloudfront-viewer-city'), h('cloudfront-viewer-country-region-name') ?? h('cloudfront-viewer-country-region'), h('cloudfront-viewer-country'))
      );
    },
  };
}

function fromUrl(template: string, timeoutMs: number): IpLocator {
  return {
    source: 'url',
    async locate({ ip }) {
      if (isPrivate(ip) || networkOf(ip) === null) return null;
      try {
        const res = await fetch(template.replace('{ip}', encodeURIComponent(ip)), { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (!res.ok) return null;
        const body = (await res.json()) as Record<string, unknown>;
        return placeOf(body.city, body.region ?? body.regionName ?? body.region_name, body.country ?? body.countryCode ?? body.country_code);
      } catch {
        // A slow or failing source never holds up the visitor: the visit is recorded without a place.
        return null;
      }
    },
  };
}

export function createIpLocator(config: Pick<Config, 'IP_GEOLOCATION'>, timeoutMs = 1500): IpLocator {
  const source = config.IP_GEOLOCATION;
  if (source === 'headers') return fromHeaders();
  if (source !== 'none' && /^https?:/.test(source)) return fromUrl(source, timeoutMs);
  return none;
}
