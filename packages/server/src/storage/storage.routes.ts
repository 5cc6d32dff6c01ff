// The local file storage's signed URLs: PUT uploads (at most 50,000,000 bytes, 413 beyond) and GET
// downloads, each refused when the signature is wrong or the URL has expired.
import type { App, AppContext } from '../http/context.js';
import { badRequest, forbidden, notFound, payloadTooLarge } from '../http/errors.js';
import { LOCAL_FILES_ROUTE, type LocalStorage } from './local-storage.js';
import type { SignedOp } from './url-signing.js';

function keyOf(c: AppContext): string {
  const raw = c.req.path.slice(LOCAL_FILES_ROUTE.length + 1);
  try {
    return raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    throw badRequest('The file key is not valid.', 'INVALID_FILE_KEY');
  }
}

function verify(c: AppContext, storage: LocalStorage, op: SignedOp, key: string): { ct: string } {
  const exp = Number(c.req.query('exp'));
  const sig = c.req.query('sig') ?? '';
  const ct = c.req.query('ct') ?? '';
  if (c.req.query('op') !== op || !Number.isInteger(exp) || !sig) throw forbidden('This file link is not valid.', 'URL_INVALID');
  const now = Math.floor(c.get('services').clock().getTime() / 1000);
  const result = storage.signer.check({ op, key, exp, ct }, sig, now);
  if (result === 'expired') throw forbidden('This file link has expired.', 'URL_EXPIRED');
  if (result !== 'ok') throw forbidden('This file link is not valid.', 'URL_INVALID');
  return { ct };
}

export function registerStorageRoutes(app: App): void {
  const local = (c: AppContext) => {
    const storage = c.get('services').localStorage;
    if (!storage) throw notFound();
    return storage;
  };

  app.put(`${LOCAL_FILES_ROUTE}/*`, async (c) => {
    const storage = local(c);
    const key = keyOf(c);
    const { ct } = verify(c, storage, 'put', key);
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > storage.maxBytes) throw payloadTooLarge(`The file is larger than ${storage.maxBytes} bytes.`, 'FILE_TOO_LARGE');
    const contentType = c.req.header('content-type') ?? 'application/octet-stream';
    if (ct && contentType !== ct) throw badRequest('The upload must be sent with the content type it was signed for.', 'CONTENT_TYPE_MISMATCH');
    const object = await storage.write(key, c.req.raw.body, contentType);
    return c.json({ key: object.key, size: object.size, contentType: object.contentType });
  });

  app.get(`${LOCAL_FILES_ROUTE}/*`, async (c) => {
    const storage = local(c);
    const key = keyOf(c);
    verify(c, storage, 'get', key);
    const found = await storage.read(key);
    if (!found) throw notFound('This file does not exist.', 'FILE_NOT_FOUND');
    const name = c.req.query('name');
    return new Response(found.stream, {
      headers: {
        'content-type': found.object.contentType,
        'content-length': String(found.object.size),
        'cache-control': 'private, max-age=300',
        'x-content-type-options': 'nosniff',
        ...(name ? { 'content-disposition': `attachment; filename="${name.replace(/["\\\r\n]/g, '')}"` } : {}),
      },
    });
  });
}
