// What stored bytes are, by their content (magic bytes through the file-type package), never by what
// the uploader declared: one of core's UPLOAD_TYPES, or refused. Plain text and CSV have no magic bytes:
// they are valid UTF-8 without NUL that does not start like markup.
import { UPLOAD_TYPES_MESSAGE, uploadTypeOf, uploadTypesOfName, type UploadType } from '@permitdesk/core';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../http/errors.js';
import type { FileRow } from './files-table.js';

/** How much of the start of a file is read to tell its type. */
export const SNIFF_BYTES = 64 * 1024;

/** Bytes of a stored file: its size, its first SNIFF_BYTES, and (when at hand) all of it, for the text check. */
export interface StoredBytes {
  size: number;
  head: Uint8Array;
  whole?: AsyncIterable<Uint8Array>;
}

/** OLE compound files (doc / xls / ppt) look alike; the declared type or name says which program's. */
const OLE_TYPES = ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'];
const TEXT_TYPES = ['text/plain', 'text/csv'];
const MARKUP_START = /^\s*<[a-z!?/]/i;

function pick(mimes: string[], declared: Pick<FileRow, 'fileName' | 'contentType'>): UploadType {
  const family = mimes.map((mime) => uploadTypeOf(mime)!);
  const byType = uploadTypeOf(declared.contentType);
  return family.find((t) => t === byType) ?? family.find((t) => uploadTypesOfName(declared.fileName).includes(t)) ?? family[0]!;
}

async function isPlainText(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, complete: boolean): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = '';
  try {
    for await (const chunk of chunks) {
      if (chunk.includes(0)) return false;
      const decoded = decoder.decode(chunk, { stream: true });
      if (start.length < 1024) start += decoded;
    }
    // A multi-byte character cut at the end is invalid, unless only the start of the file was read.
    if (complete) decoder.decode();
  } catch {
    return false;
  }
  return !MARKUP_START.test(start.replace(/^\uFEFF/, ''));
}

/** The accepted type of stored bytes, or null. */
export async function sniffUpload(stored: StoredBytes, declared: Pick<FileRow, 'fileName' | 'contentType'>): Promise<UploadType | null> {
  const found = await fileTypeFromBuffer(stored.head);
  if (found) return found.mime === 'application/x-cfb' ? pick(OLE_TYPES, declared) : (uploadTypeOf(found.mime) ?? null);
  const complete = stored.whole !== undefined || stored.head.length >= stored.size;
  return (await isPlainText(stored.whole ?? [stored.head], complete)) ? pick(TEXT_TYPES, declared) : null;
}

/** The type stored bytes are served with; 400 when their size is not the announced one or their type is not accepted. */
export async function checkUpload(stored: StoredBytes, declared: FileRow): Promise<string> {
  if (declared.declaredSize !== null && stored.size !== declared.declaredSize) {
    throw badRequest(`The file is not the size that was announced (${declared.declaredSize} bytes).`, 'FILE_SIZE_MISMATCH');
  }
  const type = await sniffUpload(stored, declared);
  if (!type) throw badRequest(UPLOAD_TYPES_MESSAGE, 'FILE_TYPE_NOT_ALLOWED');
  return type.mime;
}
