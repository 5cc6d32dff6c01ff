// Uploads one file for a permit as the permit team (the permit desk): registered with
// opsDesk.uploadDocument (the issued permit, or an attachment of a reply), then its bytes sent.
import type { PresignedUpload, TeamDocumentUpload } from '@permitdesk/core';
import { api } from '../session/api.js';
import { checkFile, putFile, type Transfer } from './transfer.js';

export type TeamDocumentType = NonNullable<TeamDocumentUpload['documentType']>;

export async function uploadTeamDocument(permitId: number, file: File, documentType: TeamDocumentType, transfer: Transfer = {}): Promise<PresignedUpload> {
  checkFile(file);
  const upload = await api.opsDesk.uploadDocument({
    params: { id: permitId },
    body: { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size, documentType },
    silent: true,
    ...(transfer.signal ? { signal: transfer.signal } : {}),
  });
  await putFile(upload, file, transfer);
  return upload;
}
