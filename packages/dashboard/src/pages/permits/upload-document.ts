// Uploads one file for a permit: checked against the 50,000,000-byte maximum (SPEC §9) and the accepted
// types (core's UPLOAD_TYPES; the server checks the bytes again), registered with
// permits.uploadDocument, then PUT to the presigned URL the server answered.
import { formatProjectValue, isAcceptedContentType, isAcceptedFileName, UPLOAD_MAX_BYTES, UPLOAD_TYPES_MESSAGE, type PresignedUpload } from '@permitdesk/core';
import { api } from '../../session/api.js';

export const TOO_LARGE_MESSAGE = `The file is larger than the ${formatProjectValue(UPLOAD_MAX_BYTES)}-byte limit.`;

export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/** Refuses, before any request, a file the server would refuse: too large, empty, or not an accepted type. */
export function checkFile(file: File): void {
  if (file.size > UPLOAD_MAX_BYTES) throw new UploadError(TOO_LARGE_MESSAGE);
  if (file.size === 0) throw new UploadError('The file is empty.');
  if (!isAcceptedFileName(file.name) || !isAcceptedContentType(file.type)) throw new UploadError(UPLOAD_TYPES_MESSAGE);
}

/** Why a PUT of the bytes was refused: the server's message (e.g. a type that is not accepted), or its status. */
export async function putFailure(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : `The upload failed (${response.status}).`;
}

export async function uploadPermitDocument(permitId: number, file: File, documentType = 'permit'): Promise<PresignedUpload> {
  checkFile(file);
  const upload = await api.permits.uploadDocument({
    params: { id: permitId },
    body: { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size, documentType },
    silent: true,
  });
  const response = await fetch(upload.uploadUrl, { method: upload.method, headers: upload.headers, body: file });
  if (!response.ok) throw new UploadError(await putFailure(response));
  return upload;
}
