// HMAC-signed, expiring URLs for the local file storage. The signature covers the key and every query
// parameter (operation, expiry, content type, name, disposition...), so none can be changed, added or
// dropped without breaking it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedOp = 'get' | 'put' | 'part';

/** Every parameter but the signature itself, in a fixed order; repeated names stay repeated. */
const canonical = (key: string, params: URLSearchParams) =>
  JSON.stringify([key, [...params].filter(([name]) => name !== 'sig').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);

/**
 * A signer whose key is derived from the server secret for one purpose ('permitdesk/file-urls' for file
 * URLs, 'permitdesk/export-links' for CSV download links), so a URL of one kind never passes as another.
 */
export function createUrlSigner(secret: Uint8Array, purpose = 'permitdesk/file-urls') {
  const hmacKey = createHmac('sha256', secret).update(purpose).digest();
  const sign = (key: string, params: URLSearchParams) => createHmac('sha256', hmacKey).update(canonical(key, params)).digest('base64url');
  return {
    /** `params` with their signature added as `sig`; `exp` (epoch seconds) must be one of them. */
    sign(key: string, params: Record<string, string>): URLSearchParams {
      const signed = new URLSearchParams(params);
      signed.set('sig', sign(key, signed));
      return signed;
    },
    /** 'ok', 'expired' or 'invalid', for a key and the query of a request. */
    check(key: string, params: URLSearchParams, nowSeconds: number): 'ok' | 'expired' | 'invalid' {
      const expected = Buffer.from(sign(key, params));
      const given = Buffer.from(params.get('sig') ?? '');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      const exp = Number(params.get('exp'));
      if (!Number.isInteger(exp)) return 'invalid';
      return nowSeconds > exp ? 'expired' : 'ok';
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;
