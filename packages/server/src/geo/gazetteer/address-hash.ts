// The address id: a hash of the normalised address, so the same address typed twice (any case, any
// spacing) gets the same id and its request count accumulates.
import { createHash } from 'node:crypto';

export const normaliseAddressPart = (text: string): string => text.toUpperCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim();

export function addressHash(parts: { street: string; city: string; state: string; zip: string }): string {
  const key = [parts.street, parts.city, parts.state, parts.zip.slice(0, 5)].map(normaliseAddressPart).join('|');
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}
