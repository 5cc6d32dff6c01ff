// Sending a file's bytes: checked first against what the server refuses (the 50,000,000-byte maximum of
// SPEC §9, empty files, core's UPLOAD_TYPES; the server checks the bytes again), then PUT to the
// presigned URL the server answered, with progress and cancellation. XMLHttpRequest, because fetch
// reports no upload progress (a streamed fetch body needs HTTP/2).
// A large file (the answer carries a multipart plan) goes in parts, PART_CONCURRENCY at a time, each part
// sent again up to PART_RETRIES times when the connection failed, the storage answered 5xx or its URL
// expired (403: a fresh URL is asked for); a refusal (other 4xx) is final. Then the server assembles and
// checks the file (uploads.complete); a canceled or failed upload is aborted (uploads.abort).
import {
  formatProjectValue,
  isAcceptedContentType,
  isAcceptedFileName,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES_MESSAGE,
  type MultipartPart,
  type MultipartPlan,
  type PresignedUpload,
} from '@permitdesk/core';

export const TOO_LARGE_MESSAGE = `The file is larger than the ${formatProjectValue(UPLOAD_MAX_BYTES)}-byte limit.`;
export const CANCELED_MESSAGE = 'The upload was canceled.';

/** refused: sending it again will not help (too large, a type the server refuses); lost: it may. */
export type UploadFailure = 'refused' | 'lost' | 'canceled';

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    readonly kind: UploadFailure = 'refused',
    /** The storage's answer, when there was one. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** How far a transfer is, and how to stop it. */
export interface Transfer {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Refuses, before any request, a file the server would refuse: too large, empty, or not an accepted type. */
export function checkFile(file: File): void {
  if (file.size > UPLOAD_MAX_BYTES) throw new UploadError(TOO_LARGE_MESSAGE);
  if (file.size === 0) throw new UploadError('The file is empty.');
  if (!isAcceptedFileName(file.name) || !isAcceptedContentType(file.type)) throw new UploadError(UPLOAD_TYPES_MESSAGE);
}

/** Why a PUT of the bytes was refused: the server's message (e.g. a type that is not accepted), or its status. */
function putFailure(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: S3 answers XML
  }
  return `The upload failed (${status}).`;
}

const canceled = () => new UploadError(CANCELED_MESSAGE, 'canceled');

/** One PUT of bytes with its progress: the answer's ETag header (null when none can be read). */
function send(url: string, headers: Record<string, string>, body: Blob, signal: AbortSignal | undefined, onProgress: (loaded: number) => void): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(canceled());
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.getResponseHeader('etag'));
      reject(new UploadError(putFailure(xhr.status, xhr.responseText), xhr.status >= 500 || xhr.status === 403 ? 'lost' : 'refused', xhr.status));
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError('The connection was lost during the upload.', 'lost'));
    };
    xhr.onabort = () => {
      settle();
      reject(canceled());
    };
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}

/** The server calls of a multipart upload (core's uploads group). */
export interface MultipartCalls {
  complete(uploadId: string, parts: { partNumber: number; etag: string }[], signal?: AbortSignal): Promise<unknown>;
  /** Fresh URLs for parts whose URL expired. */
  refresh(uploadId: string, partNumbers: number[]): Promise<MultipartPart[]>;
  abort(uploadId: string): Promise<unknown>;
}

/** Through the API client, loaded only when a large file is sent (it stays out of the first-load bundle). */
async function apiCalls(): Promise<MultipartCalls> {
  const { api } = await import('../session/api.js');
  return {
    complete: (uploadId, parts, signal) => api.uploads.complete({ params: { uploadId }, body: { parts }, silent: true, ...(signal ? { signal } : {}) }),
    refresh: async (uploadId, partNumbers) => (await api.uploads.refreshParts({ params: { uploadId }, body: { partNumbers }, silent: true })).parts,
    abort: (uploadId) => api.uploads.abort({ params: { uploadId }, silent: true }),
  };
}

export const PART_CONCURRENCY = 3;
/** Waits before sending a failed part again: its 1st, 2nd and 3rd retry. */
export const PART_RETRY_DELAYS_MS = [1000, 3000, 9000] as const;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(canceled());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(canceled());
    };
    signal.addEventListener('abort', stop, { once: true });
  });

/** Sends a file in the parts of its plan, then completes it; aborts it when canceled or failed. */
async function putParts(plan: MultipartPlan, file: File, transfer: Transfer, calls: MultipartCalls): Promise<void> {
  // One signal for every part: the caller's Cancel, or the first part that fails for good.
  const stop = new AbortController();
  const cancel = () => stop.abort();
  if (transfer.signal?.aborted) throw canceled();
  transfer.signal?.addEventListener('abort', cancel, { once: true });
  const loaded = new Map<number, number>();
  const report = (partNumber: number, bytes: number) => {
    loaded.set(partNumber, bytes);
    let sum = 0;
    for (const value of loaded.values()) sum += value;
    transfer.onProgress?.(sum, file.size);
  };

  async function sendPart(part: MultipartPart): Promise<string> {
    const start = (part.partNumber - 1) * plan.partSize;
    const bytes = file.slice(start, start + part.size);
    let url = part.uploadUrl;
    for (let retry = 0; ; retry++) {
      try {
        const etag = await send(url, {}, bytes, stop.signal, (n) => report(part.partNumber, n));
        // S3 answers it only to origins its CORS rule exposes ETag to.
        if (!etag) throw new UploadError('The storage did not answer the part\'s ETag (its CORS rule must expose the ETag header).', 'refused');
        report(part.partNumber, part.size);
        return etag;
      } catch (error) {
        report(part.partNumber, 0);
        if (!(error instanceof UploadError) || error.kind !== 'lost' || retry >= PART_RETRY_DELAYS_MS.length) throw error;
        await wait(PART_RETRY_DELAYS_MS[retry]!, stop.signal);
        // A 403 is most often an expired URL: ask for a fresh one.
        if (error.status === 403) url = (await calls.refresh(plan.uploadId, [part.partNumber]))[0]?.uploadUrl ?? url;
      }
    }
  }

  const queue = [...plan.parts];
  const etags: { partNumber: number; etag: string }[] = [];
  try {
    await Promise.all(
      Array.from({ length: Math.min(PART_CONCURRENCY, queue.length) }, async () => {
        for (let part = queue.shift(); part && !stop.signal.aborted; part = queue.shift()) {
          etags.push({ partNumber: part.partNumber, etag: await sendPart(part) });
        }
      }).map((worker) => worker.catch((error: unknown) => {
        // The first failure stops the other parts.
        stop.abort();
        throw error;
      })),
    );
    if (stop.signal.aborted) throw canceled();
    await calls.complete(plan.uploadId, etags.sort((a, b) => a.partNumber - b.partNumber), stop.signal);
  } catch (error) {
    stop.abort();
    // The parts are dropped at the storage; a failing abort is left to the server's sweep.
    calls.abort(plan.uploadId).catch(() => undefined);
    throw transfer.signal?.aborted ? canceled() : error;
  } finally {
    transfer.signal?.removeEventListener('abort', cancel);
  }
}

/**
 * PUTs the file to its presigned URL, or in parts when the answer has a multipart plan, reporting
 * progress; rejects with an UploadError (or the API's error when the server refuses to complete).
 */
export async function putFile(upload: PresignedUpload, file: File, transfer: Transfer = {}, calls?: MultipartCalls): Promise<void> {
  if (upload.multipart) return putParts(upload.multipart, file, transfer, calls ?? (await apiCalls()));
  await send(upload.uploadUrl, upload.headers, file, transfer.signal, (loaded) => transfer.onProgress?.(loaded, file.size));
}
