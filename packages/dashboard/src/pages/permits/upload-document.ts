// Uploads one file for a permit: checked against the 50,000,000-byte maximum (SPEC §9), registered with
// permits.uploadDocument, then PUT to the presigned URL the server answered.
import { formatProjectValue, UPLOAD_MAX_BYTES, type PresignedUpload } from '@permitdesk/core';
import { api } from '../../session/api.js';

export const TOO_LARGE_MESSAGE = `The file is larger than the ${formatProjectValue(UPLOAD_MAX_BYTES)}-byte limit.`;

export class UploadError extends Error {
  override readonly name = 'UploadError';
}

export async function uploadPermitDocument(permitId: number, file: File, documentType = 'permit'): Promise<PresignedUpload> {
  if (file.size > UPLOAD_MAX_BYTES) throw new UploadError(TOO_LARGE_MESSAGE);
  if (file.size === 0) throw new UploadError('The file is empty.');
  const upload = await api.permits.uploadDocument({
    params: { id: permitId },
    body: { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size, documentType },
    silent: true,
  });
  const response = await fetch(upload.uploadUrl, { method: upload.method, headers: upload.headers, body: file });
  if (!response.ok) throw new UploadError(`The upload failed (${response.status}).`);
  return upload;
}
