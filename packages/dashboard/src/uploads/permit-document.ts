// Uploads one file for a permit: registered with permits.uploadDocument, then its bytes sent.
import type { PresignedUpload } from '@permitdesk/core';
import { api } from '../session/api.js';
import { checkFile, putFile, type Transfer } from './transfer.js';

export async function uploadPermitDocument(permitId: number, file: File, documentType = 'permit', transfer: Transfer = {}): Promise<PresignedUpload> {
  checkFile(file);
  const upload = await api.permits.uploadDocument({
    params: { id: permitId },
    body: { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size, documentType },
    silent: true,
    ...(transfer.signal ? { signal: transfer.signal } : {}),
  });
  await putFile(upload, file, transfer);
  return upload;
}
