// S3-compatible storage (AWS S3, MinIO, R2...) with presigned URLs, used when S3_BUCKET is set. The
// upload URL signs the announced length, the declared type and `If-None-Match: *` (S3 stores the object
// once: a second PUT gets 412). The stored bytes are checked (sniffed) before the first download URL is
// handed out; the download URL signs the served type and disposition (response-content-type and
// response-content-disposition are part of the S3 signature).
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config.js';
import { assertSafeKey, DEFAULT_URL_TTL_SECONDS, expectUpload, fileNotUploaded, servedTypeOf, UPLOAD_MAX_BYTES, type FileStorage } from './file-storage.js';
import { badRequest, conflict } from '../http/errors.js';
import type { FilesRecord } from './files-table.js';
import { MULTIPART_THRESHOLD_BYTES, presignMultipart } from './multipart.js';
import { contentDisposition, contentTypeHeader, dispositionFor } from './serving.js';
import { SNIFF_BYTES } from './upload-check.js';

type S3Config = Pick<Config, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const codeOf = (error: unknown) => (error as { name?: string }).name;
/** S3's answers to a completion whose parts are not all there as named: the parts can still be sent. */
const PART_ERRORS = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'NoSuchKey']);

export function createS3Storage(config: S3Config & { S3_BUCKET: string }, files: FilesRecord, clock: () => Date): FileStorage {
  const client = new S3Client({
    region: config.S3_REGION,
    // A presigned PUT must not carry the checksum of an empty body (S3 would refuse the real bytes).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
  const Bucket = config.S3_BUCKET;
  const expiry = (seconds: number) => new Date(clock().getTime() + seconds * 1000).toISOString();

  /** The first bytes of an object (the S3 check reads only these: the text check sees the start of a file). */
  async function headBytes(key: string, size: number) {
    if (size === 0) return { size, head: new Uint8Array() };
    const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${Math.min(size, SNIFF_BYTES) - 1}` }));
    return { size, head: (await out.Body?.transformToByteArray()) ?? new Uint8Array() };
  }

  async function head(key: string) {
    let size: number;
    try {
      size = (await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeKey(key) }))).ContentLength ?? 0;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
    const contentType = await servedTypeOf(files, key, () => headBytes(key, size), () => client.send(new DeleteObjectCommand({ Bucket, Key: key })).then(() => undefined));
    return { key, size, contentType };
  }

  const storage: FileStorage = {
    kind: 's3',
    async presignUpload(key, options) {
      await expectUpload(files, key, options);
      if (options.size > MULTIPART_THRESHOLD_BYTES) return presignMultipart(storage, files, key, options, clock(), UPLOAD_MAX_BYTES);
      const ttl = options.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS;
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: options.contentType, ContentLength: options.size, IfNoneMatch: '*' });
      const url = await getSignedUrl(client, command, { expiresIn: ttl, signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']) });
      const headers = { 'content-type': options.contentType, 'if-none-match': '*' };
      return { url, method: 'PUT', headers, key, expiresAt: expiry(ttl), maxBytes: UPLOAD_MAX_BYTES };
    },
    async presignDownload(key, options = {}) {
      // Checked once: afterwards the files table knows the type, without asking S3.
      const servedType = (await files.find(key))?.servedType ?? (await head(key))?.contentType;
      if (!servedType) throw fileNotUploaded();
      const ttl = options.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS;
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: contentTypeHeader(servedType),
        ResponseContentDisposition: contentDisposition(dispositionFor(servedType, options.disposition), options.fileName ?? key.split('/').pop()!),
      });
      return { url: await getSignedUrl(client, command, { expiresIn: ttl }), expiresAt: expiry(ttl) };
    },
    async put(key, bytes, file) {
      await files.expect(assertSafeKey(key), { fileName: file.fileName, contentType: file.contentType, size: bytes.length, ownerUserId: file.ownerUserId });
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: file.contentType, ContentDisposition: contentDisposition('attachment', file.fileName) }));
      await files.uploaded(key, bytes.length, file.contentType);
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeKey(key) }));
      await files.removed(key);
    },
    head,
    async startMultipart(key, contentType) {
      const out = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: assertSafeKey(key), ContentType: contentType }));
      return out.UploadId!;
    },
    async presignPart(upload, partNumber, size, ttl) {
      // The part's length is signed: S3 refuses a part of another size (S3 needs ≥ 5 MiB but for the last).
      const command = new UploadPartCommand({ Bucket, Key: upload.key, UploadId: upload.storageUploadId, PartNumber: partNumber, ContentLength: size });
      return { url: await getSignedUrl(client, command, { expiresIn: ttl, signableHeaders: new Set(['content-length']) }), expiresAt: expiry(ttl) };
    },
    async completeMultipart(upload, parts) {
      // The files table's claim makes one completion of many that race (S3 would accept each).
      if (!(await files.claim(upload.key))) throw conflict('This upload was completed already.', 'UPLOAD_URL_USED');
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: upload.key,
            UploadId: upload.storageUploadId,
            MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
          }),
        );
      } catch (error) {
        await files.release(upload.key);
        if (PART_ERRORS.has(codeOf(error) ?? '')) throw badRequest('A part was not received as sent: send it again.', 'PART_MISSING');
        throw error;
      }
      // Checked now, like a single PUT's bytes on their first download: a refused file is removed (400).
      const stored = await head(upload.key);
      if (!stored) throw badRequest('The file was not stored: upload it again.', 'PART_MISSING');
      return stored;
    },
    async abortMultipart(upload) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.key, UploadId: upload.storageUploadId }));
      } catch (error) {
        // 404: S3 no longer knows it (aborted or completed already). 405/501: an S3-compatible store
        // without AbortMultipartUpload (s3rver): its parts are left to the bucket's lifecycle rule, rather
        // than an abort and a sweep that fail forever.
        if (![404, 405, 501].includes(statusOf(error) ?? 0)) throw error;
      }
    },
  };
  return storage;
}
