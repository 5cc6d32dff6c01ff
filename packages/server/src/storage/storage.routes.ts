// The local file storage's signed URLs: one PUT per upload URL (at most 50,000,000 bytes, 413 beyond;
// the announced size and an accepted type, 400 otherwise) and GET downloads served with the checked type,
// nosniff and a sandboxing CSP; each refused when any parameter or the signature is wrong, or expired.
// A PUT signed as op=part is one part of a multipart upload (multipart.ts): it answers the part's ETag.
import { endpoints } from '@permitdesk/core';
import type { App, AppContext } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import { badRequest, forbidden, notFound, payloadTooLarge } from '../http/errors.js';
import { LOCAL_FILES_ROUTE, type LocalStorage } from './local-storage.js';
import { contentDisposition, contentTypeHeader, dispositionFor, FILE_SECURITY_HEADERS } from './serving.js';
import * as uploads from './uploads.handlers.js';
import type { SignedOp } from './url-signing.js';

function keyOf(c: AppContext): string {
  const raw = c.req.path.slice(LOCAL_FILES_ROUTE.length + 1);
  try {
    return raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    throw badRequest('The file key is not valid.', 'INVALID_FILE_KEY');
  }
}

/** The signed parameters of the request's URL; 403 when any differs from what was signed, or it expired. */
function verify(c: AppContext, storage: LocalStorage, op: SignedOp, key: string): URLSearchParams {
  const params = new URL(c.req.url).searchParams;
  const now = Math.floor(c.get('services').clock().getTime() / 1000);
  const result = params.get('op') === op ? storage.signer.check(key, params, now) : 'invalid';
  if (result === 'expired') throw forbidden('This file link has expired.', 'URL_EXPIRED');
  if (result !== 'ok') throw forbidden('This file link is not valid.', 'URL_INVALID');
  return params;
}

export function registerStorageRoutes(app: App): void {
  registerEndpoint(app, endpoints.uploads.complete, uploads.completeUpload);
  registerEndpoint(app, endpoints.uploads.refreshParts, uploads.refreshUploadParts);
  registerEndpoint(app, endpoints.uploads.abort, uploads.abortUpload);
  const local = (c: AppContext) => {
    const storage = c.get('services').localStorage;
    if (!storage) throw notFound();
    return storage;
  };

  app.put(`${LOCAL_FILES_ROUTE}/*`, async (c) => {
    const storage = local(c);
    const key = keyOf(c);
    if (new URL(c.req.url).searchParams.get('op') === 'part') {
      const params = verify(c, storage, 'part', key);
      const size = Number(params.get('size'));
      const declared = Number(c.req.header('content-length'));
      if (Number.isFinite(declared) && declared > size) throw payloadTooLarge(`The part is larger than ${size} bytes.`, 'FILE_TOO_LARGE');
      const etag = await storage.receivePart(params.get('upload') ?? '', Number(params.get('part')), size, c.req.raw.body);
      return c.json({ partNumber: Number(params.get('part')), etag }, 200, { etag });
    }
    const ct = verify(c, storage, 'put', key).get('ct') ?? '';
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > storage.maxBytes) throw payloadTooLarge(`The file is larger than ${storage.maxBytes} bytes.`, 'FILE_TOO_LARGE');
    if ((c.req.header('content-type') ?? '') !== ct) throw badRequest('The upload must be sent with the content type it was signed for.', 'CONTENT_TYPE_MISMATCH');
    const object = await storage.receive(key, c.req.raw.body);
    return c.json({ key: object.key, size: object.size, contentType: object.contentType });
  });

  app.get(`${LOCAL_FILES_ROUTE}/*`, async (c) => {
    const storage = local(c);
    const key = keyOf(c);
    const params = verify(c, storage, 'get', key);
    const found = await storage.read(key);
    if (!found) throw notFound('This file does not exist.', 'FILE_NOT_FOUND');
    const servedType = params.get('ct') || 'application/octet-stream';
    const disposition = dispositionFor(servedType, params.get('disp') === 'inline' ? 'inline' : 'attachment');
    return new Response(found.stream, {
      headers: {
        'content-type': contentTypeHeader(servedType),
        'content-length': String(found.size),
        'content-disposition': contentDisposition(disposition, params.get('name') || key.split('/').pop()!),
        'cache-control': 'private, max-age=300',
        ...FILE_SECURITY_HEADERS,
      },
    });
  });
}
