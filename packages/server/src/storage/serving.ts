// How a stored file is handed to a browser: never as one of our pages. Only PDF and raster images are
// shown inline; everything else is downloaded. The local route adds nosniff and a CSP that sandboxes
// the response (no script, no same-origin access), so even a file that passed for an image cannot act.
import { uploadTypeOf } from '@permitdesk/core';

export type Disposition = 'inline' | 'attachment';

export const FILE_SECURITY_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
} as const;

/** Inline only when asked for nothing else and the served type is an accepted one shown inline. */
export const dispositionFor = (servedType: string, wanted?: Disposition): Disposition =>
  wanted !== 'attachment' && uploadTypeOf(servedType)?.inline ? 'inline' : 'attachment';

/** The Content-Type header of a served type: text is always UTF-8 (uploads were checked to be). */
export const contentTypeHeader = (servedType: string) => (/^text\/[^;]+$/.test(servedType) ? `${servedType}; charset=utf-8` : servedType);

/** A Content-Disposition value; a name outside printable ASCII also goes as RFC 6266 filename*. */
export function contentDisposition(disposition: Disposition, fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const header = `${disposition}; filename="${ascii}"`;
  return ascii === fileName ? header : `${header}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
