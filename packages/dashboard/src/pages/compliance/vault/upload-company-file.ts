// Uploads one file for a license, insurance, certificate or documentation: checked against the
// 50,000,000-byte maximum (SPEC §9) and the accepted types, registered with companies.uploadDocument (which attaches it), then
// PUT to the presigned URL the server answered. Downloads go through documents.presignedDownload.
import type { CompanyDocumentableType, PresignedUpload } from '@permitdesk/core';
import { api } from '../../../session/api.js';
import { checkFile, putFile } from '../../../uploads/transfer.js';

export async function uploadCompanyFile(
  companyId: string | number,
  file: File,
  target: { documentableType: CompanyDocumentableType; documentableId?: number | null },
): Promise<PresignedUpload> {
  checkFile(file);
  const upload = await api.companies.uploadDocument({
    params: { id: companyId },
    body: { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size, ...target },
    silent: true,
  });
  await putFile(upload, file);
  return upload;
}

/** Opens a stored company file through a short-lived download URL. */
export async function downloadCompanyFile(file: string): Promise<void> {
  const { url } = await api.documents.presignedDownload({ query: { file } });
  window.open(url, '_blank', 'noopener');
}

export const uploadFailure = (error: unknown, fallback = 'The file could not be uploaded.'): string =>
  error instanceof Error && error.message ? error.message : fallback;
