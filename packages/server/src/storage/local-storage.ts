// Files in a local folder (DATA_DIR/files), reached through HMAC-signed expiring URLs that this server
// serves itself (storage.routes.ts): PUT to upload, GET to download.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { payloadTooLarge } from '../http/errors.js';
import {
  assertSafeKey,
  DEFAULT_URL_TTL_SECONDS,
  UPLOAD_MAX_BYTES,
  type FileStorage,
  type StoredObject,
} from './file-storage.js';
import type { FilesRecord } from './files-table.js';
import type { SignedOp, UrlSigner } from './url-signing.js';

export const LOCAL_FILES_ROUTE = '/files';

export interface LocalStorage extends FileStorage {
  readonly kind: 'local';
  readonly root: string;
  readonly maxBytes: number;
  signer: UrlSigner;
  /** Writes an upload stream, refusing more than maxBytes with a 413. */
  write(key: string, body: ReadableStream<Uint8Array> | null, contentType: string): Promise<StoredObject>;
  /** A stream of a stored object, or null. */
  read(key: string): Promise<{ stream: ReadableStream<Uint8Array>; object: StoredObject } | null>;
}

interface Deps {
  root: string;
  publicUrl: string;
  signer: UrlSigner;
  files: FilesRecord;
  clock: () => Date;
  maxBytes?: number;
}

export function createLocalStorage(deps: Deps): LocalStorage {
  const maxBytes = deps.maxBytes ?? UPLOAD_MAX_BYTES;
  const fileOf = (key: string) => path.join(deps.root, ...assertSafeKey(key).split('/'));
  const metaOf = (key: string) => `${fileOf(key)}.meta.json`;
  const nowSeconds = () => Math.floor(deps.clock().getTime() / 1000);

  function signedUrl(op: SignedOp, key: string, ttl: number, contentType: string, fileName?: string) {
    const exp = nowSeconds() + ttl;
    const sig = deps.signer.sign({ op, key, exp, ct: contentType });
    const url = new URL(`${deps.publicUrl}${LOCAL_FILES_ROUTE}/${key.split('/').map(encodeURIComponent).join('/')}`);
    url.searchParams.set('op', op);
    url.searchParams.set('exp', String(exp));
    if (contentType) url.searchParams.set('ct', contentType);
    if (fileName) url.searchParams.set('name', fileName);
    url.searchParams.set('sig', sig);
    return { url: url.toString(), expiresAt: new Date(exp * 1000).toISOString() };
  }

  async function head(key: string): Promise<StoredObject | null> {
    try {
      const [info, meta] = await Promise.all([stat(fileOf(key)), readFile(metaOf(key), 'utf8')]);
      return { key, size: info.size, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
    } catch {
      return null;
    }
  }

  return {
    kind: 'local',
    root: deps.root,
    maxBytes,
    signer: deps.signer,
    async presignUpload(key, options) {
      assertSafeKey(key);
      await deps.files.expect(key, options.fileName ?? key.split('/').pop() ?? key, options.contentType, options.ownerUserId ?? null);
      const signed = signedUrl('put', key, options.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS, options.contentType);
      return { ...signed, method: 'PUT', headers: { 'content-type': options.contentType }, key, maxBytes };
    },
    async presignDownload(key, options = {}) {
      assertSafeKey(key);
      return signedUrl('get', key, options.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS, '', options.fileName);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
      await rm(metaOf(key), { force: true });
      await deps.files.removed(key);
    },
    head,
    async write(key, body, contentType) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.${Date.now()}.part`;
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) done(payloadTooLarge(`The file is larger than ${maxBytes} bytes.`, 'FILE_TOO_LARGE'));
          else done(null, chunk);
        },
      });
      try {
        const source = body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from([]);
        await pipeline(source, limit, createWriteStream(partial));
        await writeFile(metaOf(key), JSON.stringify({ contentType }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await deps.files.uploaded(key, size, contentType);
      return { key, size, contentType };
    },
    async read(key) {
      const object = await head(key);
      if (!object) return null;
      return { stream: Readable.toWeb(createReadStream(fileOf(key))) as ReadableStream<Uint8Array>, object };
    },
  };
}
