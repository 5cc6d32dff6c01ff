// One interface for stored files: presigned upload and download URLs, delete and head. The local
// folder adapter (local-storage.ts) is the embedded default; S3 (s3-storage.ts) when S3_BUCKET is set.
import { randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@permitdesk/core';
import { badRequest } from '../http/errors.js';

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
}

export interface PresignedDownload {
  url: string;
  expiresAt: string;
}

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

export interface UploadOptions {
  contentType: string;
  fileName?: string;
  ownerUserId?: string | null;
  expiresInSeconds?: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  presignUpload(key: string, options: UploadOptions): Promise<PresignedUpload>;
  presignDownload(key: string, options?: { expiresInSeconds?: number; fileName?: string }): Promise<PresignedDownload>;
  delete(key: string): Promise<void>;
  /** Size and type of a stored object, or null when nothing is stored under the key. */
  head(key: string): Promise<StoredObject | null>;
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
