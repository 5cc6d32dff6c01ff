// Files in a local folder (DATA_DIR/files), reached through HMAC-signed expiring URLs that this server
// serves itself (storage.routes.ts): one PUT to upload (its bytes checked before they are kept), GET to
// download with the checked type. A large file comes in parts (multipart.ts): each part PUT to a signed
// URL of its own into DATA_DIR/multipart-parts/<upload>/, then streamed together on completion.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest, conflict, HttpError, notFound, payloadTooLarge } from '../http/errors.js';
import {
  assertSafeKey,
  DEFAULT_URL_TTL_SECONDS,
  expectUpload,
  fileNotUploaded,
  servedTypeOf,
  UPLOAD_MAX_BYTES,
  type FileStorage,
  type StoredObject,
} from './file-storage.js';
import type { FilesRecord, MultipartUpload } from './files-table.js';
import { MULTIPART_THRESHOLD_BYTES, presignMultipart, UPLOAD_NOT_FOUND_MESSAGE } from './multipart.js';
import { dispositionFor } from './serving.js';
import { checkUpload, SNIFF_BYTES, type StoredBytes } from './upload-check.js';
import type { SignedOp, UrlSigner } from './url-signing.js';

export const LOCAL_FILES_ROUTE = '/files';
export const UPLOAD_URL_USED_MESSAGE = 'This upload link has already been used. Ask for a new one to upload again.';

export interface LocalStorage extends FileStorage {
  readonly kind: 'local';
  readonly root: string;
  readonly maxBytes: number;
  signer: UrlSigner;
  /**
   * The one PUT of an upload URL: refuses a used URL (409), more than maxBytes (413), and bytes of
   * another size than announced or of a type not accepted (400), keeping nothing then.
   */
  receive(key: string, body: ReadableStream<Uint8Array> | null): Promise<StoredObject>;
  /**
   * The PUT of one part of a multipart upload: exactly `size` bytes (413 beyond, 400 short), 404 once
   * the upload was completed or aborted. Answers the part's ETag (MD5 of its bytes, as S3 does).
   */
  receivePart(storageUploadId: string, partNumber: number, size: number, body: ReadableStream<Uint8Array> | null): Promise<string>;
  /** A stream of a stored file's bytes and its size, or null. */
  read(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
}

interface Deps {
  root: string;
  publicUrl: string;
  signer: UrlSigner;
  files: FilesRecord;
  clock: () => Date;
  maxBytes?: number;
  /** Where parts of multipart uploads wait; by default multipart-parts next to root. */
  partsRoot?: string;
}

/** The first bytes of a file, and a stream of all of them. */
async function bytesOf(file: string, size: number): Promise<StoredBytes> {
  const handle = await open(file, 'r');
  try {
    const head = new Uint8Array(Math.min(size, SNIFF_BYTES));
    await handle.read(head, 0, head.length, 0);
    // Opened only if read (the text check reads all of a file; other types are told by their head).
    const whole = (async function* () {
      yield* createReadStream(file);
    })();
    return { size, head, whole };
  } finally {
    await handle.close();
  }
}

/** How Node's HTTP server ends a request body whose client disconnected. */
const isDroppedConnection = (error: unknown): boolean =>
  error instanceof Error && !(error instanceof HttpError) && ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || error.message === 'aborted');

export function createLocalStorage(deps: Deps): LocalStorage {
  const maxBytes = deps.maxBytes ?? UPLOAD_MAX_BYTES;
  const fileOf = (key: string) => path.join(deps.root, ...assertSafeKey(key).split('/'));
  const nowSeconds = () => Math.floor(deps.clock().getTime() / 1000);

  function signedUrl(op: SignedOp, key: string, ttl: number, params: Record<string, string>) {
    const exp = nowSeconds() + ttl;
    const url = new URL(`${deps.publicUrl}${LOCAL_FILES_ROUTE}/${key.split('/').map(encodeURIComponent).join('/')}`);
    url.search = deps.signer.sign(key, { op, exp: String(exp), ...params }).toString();
    return { url: url.toString(), expiresAt: new Date(exp * 1000).toISOString() };
  }

  async function sizeOf(key: string): Promise<number | null> {
    const info = await stat(fileOf(key)).catch(() => null);
    return info?.isFile() ? info.size : null;
  }

  async function remove(key: string) {
    await rm(fileOf(key), { force: true });
    // Written by earlier versions next to each file.
    await rm(`${fileOf(key)}.meta.json`, { force: true });
  }

  async function head(key: string): Promise<StoredObject | null> {
    const size = await sizeOf(key);
    if (size === null) return null;
    const contentType = await servedTypeOf(deps.files, key, () => bytesOf(fileOf(key), size), () => remove(key));
    return { key, size, contentType };
  }

  /** Streams a body into a temporary file next to the target, at most `limitBytes`: its size (and MD5, hex). */
  async function writePartial(body: ReadableStream<Uint8Array> | null, partial: string, limitBytes = maxBytes): Promise<{ size: number; md5: string }> {
    let size = 0;
    const hash = createHash('md5');
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        hash.update(chunk);
        if (size > limitBytes) done(payloadTooLarge(`The ${limitBytes === maxBytes ? 'file' : 'part'} is larger than ${limitBytes} bytes.`, 'FILE_TOO_LARGE'));
        else done(null, chunk);
      },
    });
    const source = body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from([]);
    try {
      await pipeline(source, limit, createWriteStream(partial));
    } catch (error) {
      // The uploader went away mid-way (a dropped line, Cancel): their retry's business, not a server fault.
      if (isDroppedConnection(error)) throw badRequest('The upload was interrupted: send the file again.', 'UPLOAD_INTERRUPTED');
      throw error;
    }
    return { size, md5: hash.digest('hex') };
  }

  const partsRoot = deps.partsRoot ?? path.join(path.dirname(deps.root), 'multipart-parts');
  // The storage upload id is a UUID this adapter made; checked again since it comes back in a URL.
  const partsDirOf = (storageUploadId: string) => {
    if (!/^[0-9a-f-]{36}$/.test(storageUploadId)) throw notFound(UPLOAD_NOT_FOUND_MESSAGE, 'UPLOAD_NOT_FOUND');
    return path.join(partsRoot, storageUploadId);
  };
  /**
   * A part is kept under its number and ETag, so a part sent twice never mixes with its other copy. The
   * ETag comes back from the client at completion: only an MD5 in hex names a file (never a path).
   */
  const partFile = (dir: string, partNumber: number, etag: string) => {
    const md5 = /^"?([0-9a-f]{32})"?$/.exec(etag)?.[1];
    return md5 ? path.join(dir, `${partNumber}-${md5}`) : null;
  };
  const isDir = (dir: string) => stat(dir).then((info) => info.isDirectory(), () => false);

  /** Streams the parts, in order, into one file; 400 PART_MISSING when one is not there as named. */
  async function assemble(dir: string, parts: { partNumber: number; etag: string }[], into: string): Promise<void> {
    const files = parts.map((part) => partFile(dir, part.partNumber, part.etag));
    for (const [i, file] of files.entries()) {
      if (!file || !(await stat(file).catch(() => null))?.isFile()) throw badRequest(`Part ${parts[i]!.partNumber} was not received as sent: send it again.`, 'PART_MISSING');
    }
    await pipeline(
      (async function* () {
        for (const file of files) yield* createReadStream(file!);
      })(),
      createWriteStream(into),
    );
  }

  const storage: LocalStorage = {
    kind: 'local',
    root: deps.root,
    maxBytes,
    signer: deps.signer,
    async presignUpload(key, options) {
      await expectUpload(deps.files, key, options);
      if (options.size > MULTIPART_THRESHOLD_BYTES) return presignMultipart(storage, deps.files, key, options, deps.clock(), maxBytes);
      const signed = signedUrl('put', key, options.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS, { ct: options.contentType });
      return { ...signed, method: 'PUT', headers: { 'content-type': options.contentType }, key, expiresAt: signed.expiresAt, maxBytes };
    },
    async presignDownload(key, options = {}) {
      const object = await head(key);
      if (!object) throw fileNotUploaded();
      return signedUrl('get', key, options.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS, {
        ct: object.contentType,
        disp: dispositionFor(object.contentType, options.disposition),
        name: options.fileName ?? key.split('/').pop() ?? key,
      });
    },
    async put(key, bytes, file) {
      await deps.files.expect(key, { fileName: file.fileName, contentType: file.contentType, size: bytes.length, ownerUserId: file.ownerUserId });
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(fileOf(key), bytes);
      await deps.files.uploaded(key, bytes.length, file.contentType);
    },
    async delete(key) {
      await remove(key);
      await deps.files.removed(key);
    },
    head,
    async receive(key, body) {
      const target = fileOf(key);
      const declared = await deps.files.claim(key);
      if (!declared) throw conflict(UPLOAD_URL_USED_MESSAGE, 'UPLOAD_URL_USED');
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.${Date.now()}.part`;
      let stored: { size: number; contentType: string };
      try {
        const { size } = await writePartial(body, partial);
        stored = { size, contentType: await checkUpload(await bytesOf(partial, size), declared) };
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        await deps.files.release(key);
        throw error;
      }
      await deps.files.uploaded(key, stored.size, stored.contentType);
      return { key, ...stored };
    },
    async read(key) {
      const size = await sizeOf(key);
      if (size === null) return null;
      return { stream: Readable.toWeb(createReadStream(fileOf(key))) as ReadableStream<Uint8Array>, size };
    },
    async startMultipart() {
      const storageUploadId = randomUUID();
      await mkdir(partsDirOf(storageUploadId), { recursive: true });
      return storageUploadId;
    },
    async presignPart(upload, partNumber, size, ttl) {
      return signedUrl('part', upload.key, ttl, { upload: upload.storageUploadId, part: String(partNumber), size: String(size) });
    },
    async receivePart(storageUploadId, partNumber, size, body) {
      const dir = partsDirOf(storageUploadId);
      if (!(await isDir(dir))) throw notFound(UPLOAD_NOT_FOUND_MESSAGE, 'UPLOAD_NOT_FOUND');
      const partial = path.join(dir, `${partNumber}.${process.pid}.${randomUUID()}.tmp`);
      try {
        const written = await writePartial(body, partial, size);
        if (written.size !== size) throw badRequest(`Part ${partNumber} must be ${size} bytes.`, 'PART_SIZE_MISMATCH');
        await rename(partial, partFile(dir, partNumber, written.md5)!);
        return `"${written.md5}"`;
      } finally {
        await rm(partial, { force: true });
      }
    },
    async completeMultipart(upload: MultipartUpload, parts) {
      const dir = partsDirOf(upload.storageUploadId);
      const target = fileOf(upload.key);
      const declared = await deps.files.claim(upload.key);
      if (!declared) throw conflict(UPLOAD_URL_USED_MESSAGE, 'UPLOAD_URL_USED');
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.${Date.now()}.part`;
      let stored: { size: number; contentType: string };
      try {
        await assemble(dir, parts, partial);
        const size = (await stat(partial)).size;
        stored = { size, contentType: await checkUpload(await bytesOf(partial, size), declared) };
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        await deps.files.release(upload.key);
        // A refused file is over: its parts go too. A missing part can still be sent.
        if (!(error instanceof HttpError && error.code === 'PART_MISSING')) await rm(dir, { recursive: true, force: true });
        throw error;
      }
      await rm(dir, { recursive: true, force: true });
      await deps.files.uploaded(upload.key, stored.size, stored.contentType);
      return { key: upload.key, ...stored };
    },
    async abortMultipart(upload) {
      await rm(partsDirOf(upload.storageUploadId), { recursive: true, force: true });
    },
  };
  return storage;
}
