// One interface for stored files: presigned upload and download URLs, delete and head. The local
// folder adapter (local-storage.ts) is the embedded default; S3 (s3-storage.ts) when S3_BUCKET is set.
import { randomUUID } from 'node:crypto';
import { isAcceptedContentType, isAcceptedFileName, UPLOAD_MAX_BYTES, UPLOAD_TYPES_MESSAGE } from '@permitdesk/core';
import { badRequest, notFound, payloadTooLarge } from '../http/errors.js';
import type { FilesRecord, MultipartUpload } from './files-table.js';
import { checkUpload, type StoredBytes } from './upload-check.js';

export { UPLOAD_MAX_BYTES };
/** Presigned URLs live 15 minutes unless asked otherwise. */
export const DEFAULT_URL_TTL_SECONDS = 15 * 60;

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the uploader must send with the PUT. */
  headers: Record<string, string>;
  key: string;
  expiresAt: string;
  maxBytes: number;
  /** Above MULTIPART_THRESHOLD_BYTES: the parts to PUT instead (url is then part 1's). */
  multipart?: MultipartPlan;
}

/** A multipart upload's parts, with their presigned URLs (core's MultipartPlan). */
export interface MultipartPlan {
  uploadId: string;
  partSize: number;
  parts: PresignedPart[];
}

export interface PresignedPart {
  partNumber: number;
  uploadUrl: string;
  size: number;
  expiresAt: string;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export interface PresignedDownload {
  url: string;
  expiresAt: string;
}

export interface StoredObject {
  key: string;
  size: number;
  /** The type it is served with: sniffed from its bytes (or set by the server for files it made). */
  contentType: string;
}

export interface UploadOptions {
  /** The declared type: checked against core's accepted types, then only a hint. */
  contentType: string;
  fileName?: string;
  /** The announced size: the stored bytes must be exactly this long. */
  size: number;
  ownerUserId?: string | null;
  expiresInSeconds?: number;
}

export interface DownloadOptions {
  expiresInSeconds?: number;
  fileName?: string;
  /** 'attachment' to always download; by default PDF and raster images are shown inline. */
  disposition?: 'attachment';
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * A URL for one PUT of the file's bytes, or above MULTIPART_THRESHOLD_BYTES a multipart plan (one URL
   * per part); 400 when the declared type or name is not accepted.
   */
  presignUpload(key: string, options: UploadOptions): Promise<PresignedUpload>;
  /** A URL of a stored file, every parameter signed; 404 while nothing is stored. */
  presignDownload(key: string, options?: DownloadOptions): Promise<PresignedDownload>;
  /** Stores a file the server made itself (not an upload), served with the given type, always as an attachment. */
  put(key: string, bytes: Uint8Array, file: { contentType: string; fileName: string; ownerUserId: string | null }): Promise<void>;
  delete(key: string): Promise<void>;
  /** Size and served type of a stored object (its bytes checked the first time), or null when nothing is stored. */
  head(key: string): Promise<StoredObject | null>;
  // Multipart uploads (driven by multipart.ts, which keeps the multipart_uploads rows):
  /** Starts one at the storage: its own upload id. */
  startMultipart(key: string, contentType: string): Promise<string>;
  /** A URL for the PUT of exactly `size` bytes as part `partNumber`; its answer carries the part's ETag header. */
  presignPart(upload: MultipartUpload, partNumber: number, size: number, ttlSeconds: number): Promise<{ url: string; expiresAt: string }>;
  /**
   * Assembles the parts into the file and checks it like a single PUT (announced size, accepted type):
   * a refused file is removed (400). 400 PART_MISSING when a part is missing or not the one sent (the
   * upload stays open), 409 when it was completed already.
   */
  completeMultipart(upload: MultipartUpload, parts: CompletedPart[]): Promise<StoredObject>;
  /** Drops the parts; nothing when the storage no longer knows the upload. */
  abortMultipart(upload: MultipartUpload): Promise<void>;
}

export const FILE_NOT_UPLOADED_MESSAGE = 'The file has not been uploaded yet.';
export const fileNotUploaded = () => notFound(FILE_NOT_UPLOADED_MESSAGE, 'FILE_NOT_UPLOADED');

/** Checks an upload request's declared type and name, then records the file the URL is for. */
export async function expectUpload(files: FilesRecord, key: string, options: UploadOptions): Promise<void> {
  assertSafeKey(key);
  const fileName = options.fileName ?? key.split('/').pop() ?? key;
  if (!isAcceptedContentType(options.contentType) || !isAcceptedFileName(fileName)) throw badRequest(UPLOAD_TYPES_MESSAGE, 'FILE_TYPE_NOT_ALLOWED');
  if (options.size > UPLOAD_MAX_BYTES) throw payloadTooLarge(`The file is larger than ${UPLOAD_MAX_BYTES} bytes.`, 'FILE_TOO_LARGE');
  await files.expect(key, { fileName, contentType: options.contentType, size: options.size, ownerUserId: options.ownerUserId ?? null });
}

/**
 * The type a stored file is served with, checking its bytes the first time (uploads that went straight
 * to S3, and files stored before these checks). A refused upload is removed (400); a file stored before
 * sizes were announced that fails is only ever served as application/octet-stream.
 */
export async function servedTypeOf(files: FilesRecord, key: string, read: () => Promise<StoredBytes>, remove: () => Promise<void>): Promise<string> {
  const row = await files.find(key);
  if (row?.servedType) return row.servedType;
  const stored = await read();
  let type = 'application/octet-stream';
  try {
    type = await checkUpload(stored, row ?? { fileName: key, contentType: '', declaredSize: null, servedType: null });
  } catch (error) {
    if (row?.declaredSize != null) {
      await remove();
      throw error;
    }
  }
  await files.uploaded(key, stored.size, type);
  return type;
}

const SAFE_KEY = /^(?!.*\.\.)(?!\/)[A-Za-z0-9!_.*'()\-/]{1,500}$/;
/** Keys are relative paths of safe characters, never climbing out of their folder. */
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.endsWith('/') || key.includes('//')) throw badRequest('The file key is not valid.', 'INVALID_FILE_KEY');
  return key;
}

/** A fresh key under a prefix that keeps the original name readable: 'companies/7/<uuid>/license.pdf'. */
export function newFileKey(prefix: string, fileName: string): string {
  const safeName = fileName.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(-120) || 'file';
  return assertSafeKey(`${prefix.replace(/\/+$/, '')}/${randomUUID()}/${safeName}`);
}
