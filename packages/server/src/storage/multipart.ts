// Large uploads in parts (issue 18 item 6), the same on both storages: above MULTIPART_THRESHOLD_BYTES
// presignUpload starts a multipart upload at the storage, records it (multipart_uploads, with the user
// it was issued to) and answers one presigned URL per part. Its user then completes it with the parts'
// ETags (the file is assembled and checked like a single PUT: announced size, sniffed type, a refused
// file removed) or aborts it; nobody else can (404, as for an unknown upload). An upload neither
// completed nor aborted within MULTIPART_TTL_SECONDS is aborted by the sweep job.
import { randomUUID } from 'node:crypto';
import { MULTIPART_PART_BYTES } from '@permitdesk/core';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import type { Db } from '../db/schema.js';
import { DEFAULT_URL_TTL_SECONDS, type CompletedPart, type FileStorage, type PresignedPart, type PresignedUpload, type UploadOptions } from './file-storage.js';
import { createFilesRecord, type FilesRecord, type MultipartUpload } from './files-table.js';

export { MULTIPART_THRESHOLD_BYTES } from '@permitdesk/core';
/** How long a multipart upload may stay open (its part URLs can be renewed meanwhile). */
export const MULTIPART_TTL_SECONDS = 24 * 60 * 60;
export const UPLOAD_NOT_FOUND_MESSAGE = 'This upload does not exist or is no longer open. Upload the file again.';
export const MULTIPART_SWEEP_JOB = 'storage.multipart-sweep';
export const MULTIPART_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Part count of a file: every part partSize bytes but the last. */
export const partCountOf = (upload: Pick<MultipartUpload, 'size' | 'partSize'>) => Math.ceil(upload.size / upload.partSize);
export const partSizeOf = (upload: Pick<MultipartUpload, 'size' | 'partSize'>, partNumber: number) =>
  Math.min(upload.partSize, upload.size - (partNumber - 1) * upload.partSize);

async function presignParts(storage: Pick<FileStorage, 'presignPart'>, upload: MultipartUpload, partNumbers: number[], ttl: number): Promise<PresignedPart[]> {
  const count = partCountOf(upload);
  const bad = partNumbers.find((n) => n > count);
  if (bad !== undefined) throw badRequest(`This upload has ${count} parts (no part ${bad}).`, 'INVALID_PART_NUMBER');
  return Promise.all(
    partNumbers.map(async (partNumber) => {
      const size = partSizeOf(upload, partNumber);
      const signed = await storage.presignPart(upload, partNumber, size, ttl);
      return { partNumber, uploadUrl: signed.url, size, expiresAt: signed.expiresAt };
    }),
  );
}

/** The multipart answer of presignUpload (the file was recorded by expectUpload already). */
export async function presignMultipart(
  storage: Pick<FileStorage, 'startMultipart' | 'presignPart'>,
  files: FilesRecord,
  key: string,
  options: UploadOptions,
  now: Date,
  maxBytes: number,
): Promise<PresignedUpload> {
  const upload: MultipartUpload = {
    id: randomUUID(),
    key,
    storageUploadId: await storage.startMultipart(key, options.contentType),
    ownerUserId: options.ownerUserId ?? null,
    size: options.size,
    partSize: MULTIPART_PART_BYTES,
    expiresAt: new Date(now.getTime() + MULTIPART_TTL_SECONDS * 1000),
  };
  await files.startMultipart(upload);
  const numbers = Array.from({ length: partCountOf(upload) }, (_, i) => i + 1);
  const parts = await presignParts(storage, upload, numbers, options.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS);
  const first = parts[0]!;
  return { url: first.uploadUrl, method: 'PUT', headers: {}, key, expiresAt: first.expiresAt, maxBytes, multipart: { uploadId: upload.id, partSize: upload.partSize, parts } };
}

interface Deps {
  db: Db;
  storage: FileStorage;
  clock: () => Date;
}

/** The caller's own open upload; 404 for anyone else's, an unknown one, or one past its time. */
async function ownUpload(services: Deps, files: FilesRecord, userId: string, id: string): Promise<MultipartUpload> {
  const upload = await files.findMultipart(id);
  if (!upload || upload.ownerUserId === null || upload.ownerUserId !== userId || upload.expiresAt <= services.clock()) {
    throw notFound(UPLOAD_NOT_FOUND_MESSAGE, 'UPLOAD_NOT_FOUND');
  }
  return upload;
}

/** Refusals after which the upload is over (the file was removed); any other failure leaves it open. */
const ENDS_UPLOAD = new Set(['FILE_SIZE_MISMATCH', 'FILE_TYPE_NOT_ALLOWED', 'FILE_TOO_LARGE']);

export async function completeMultipartUpload(services: Deps, userId: string, id: string, parts: CompletedPart[]) {
  const files = createFilesRecord(services.db, services.clock);
  const upload = await ownUpload(services, files, userId, id);
  const count = partCountOf(upload);
  const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  if (sorted.length !== count || sorted.some((part, i) => part.partNumber !== i + 1)) {
    throw badRequest(`Send each of the ${count} parts of this upload once, with its ETag.`, 'PARTS_INCOMPLETE');
  }
  try {
    const stored = await services.storage.completeMultipart(upload, sorted);
    await files.endMultipart(upload.id);
    return { size: stored.size, contentType: stored.contentType };
  } catch (error) {
    if (error instanceof HttpError && ENDS_UPLOAD.has(error.code)) await files.endMultipart(upload.id);
    throw error;
  }
}

export async function refreshMultipartParts(services: Deps, userId: string, id: string, partNumbers: number[]) {
  const files = createFilesRecord(services.db, services.clock);
  const upload = await ownUpload(services, files, userId, id);
  return { parts: await presignParts(services.storage, upload, [...new Set(partNumbers)], DEFAULT_URL_TTL_SECONDS) };
}

export async function abortMultipartUpload(services: Deps, userId: string, id: string) {
  const files = createFilesRecord(services.db, services.clock);
  const upload = await ownUpload(services, files, userId, id);
  await services.storage.abortMultipart(upload);
  await files.endMultipart(upload.id);
  return { ok: true as const };
}

/** Aborts the multipart uploads past their time: idempotent (an upload the storage forgot is simply dropped). */
export async function sweepMultipartUploads(services: Deps): Promise<number> {
  const files = createFilesRecord(services.db, services.clock);
  let swept = 0;
  for (;;) {
    const expired = await files.expiredMultiparts(services.clock(), 100);
    for (const upload of expired) {
      await services.storage.abortMultipart(upload);
      await files.endMultipart(upload.id);
      swept += 1;
    }
    if (expired.length < 100) return swept;
  }
}
