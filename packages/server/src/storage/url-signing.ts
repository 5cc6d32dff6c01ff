// HMAC-signed, expiring URLs for the local file storage. The signature covers the operation, the key,
// the expiry and (for uploads) the content type, so none can be changed without breaking it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedOp = 'get' | 'put';

export interface SignedFields {
  op: SignedOp;
  key: string;
  /** Expiry, epoch seconds. */
  exp: number;
  /** Content type the upload must carry ('' for downloads). */
  ct: string;
}

export function createUrlSigner(secret: Uint8Array) {
  // A key of its own, derived from the server secret, so file URLs can never pass as anything else.
  const key = createHmac('sha256', secret).update('permitdesk/file-urls').digest();
  const sign = (f: SignedFields) => createHmac('sha256', key).update(`${f.op}\n${f.key}\n${f.exp}\n${f.ct}`).digest('base64url');
  return {
    sign,
    /** 'ok', 'expired' or 'invalid'. */
    check(fields: SignedFields, signature: string, nowSeconds: number): 'ok' | 'expired' | 'invalid' {
      const expected = Buffer.from(sign(fields));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      return nowSeconds > fields.exp ? 'expired' : 'ok';
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;
