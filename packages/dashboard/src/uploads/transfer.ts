// Sending a file's bytes: checked first against what the server refuses (the 50,000,000-byte maximum of
// SPEC §9, empty files, core's UPLOAD_TYPES; the server checks the bytes again), then PUT to the
// presigned URL the server answered, with progress and cancellation. XMLHttpRequest, because fetch
// reports no upload progress (a streamed fetch body needs HTTP/2).
import { formatProjectValue, isAcceptedContentType, isAcceptedFileName, UPLOAD_MAX_BYTES, UPLOAD_TYPES_MESSAGE, type PresignedUpload } from '@permitdesk/core';

export const TOO_LARGE_MESSAGE = `The file is larger than the ${formatProjectValue(UPLOAD_MAX_BYTES)}-byte limit.`;
export const CANCELED_MESSAGE = 'The upload was canceled.';

/** refused: sending it again will not help (too large, a type the server refuses); lost: it may. */
export type UploadFailure = 'refused' | 'lost' | 'canceled';

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(message: string, readonly kind: UploadFailure = 'refused') {
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

/** PUTs the file to its presigned URL, reporting progress; rejects with an UploadError. */
export function putFile(upload: PresignedUpload, file: File, transfer: Transfer = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (transfer.signal?.aborted) return reject(new UploadError(CANCELED_MESSAGE, 'canceled'));
    const xhr = new XMLHttpRequest();
    xhr.open(upload.method, upload.uploadUrl);
    for (const [name, value] of Object.entries(upload.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => transfer.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      reject(new UploadError(putFailure(xhr.status, xhr.responseText), xhr.status >= 500 || xhr.status === 403 ? 'lost' : 'refused'));
    };
    xhr.onerror = () => reject(new UploadError('The connection was lost during the upload.', 'lost'));
    xhr.onabort = () => reject(new UploadError(CANCELED_MESSAGE, 'canceled'));
    transfer.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
