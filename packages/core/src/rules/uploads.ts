// The files a permit office takes (issue 10): PDF, raster images, Office documents, plain text and CSV.
// One list for the server (declared type and name checked at the upload request, stored bytes sniffed),
// and for the widget and dashboard (the `accept` attribute of a file input, and the same message).
import * as v from 'valibot';

export interface UploadType {
  /** The type a stored file of this kind is served with. */
  readonly mime: string;
  readonly extensions: readonly string[];
  /** Other names browsers and systems declare this type with. */
  readonly aliases?: readonly string[];
  /** Shown in the browser (PDF and raster images); every other type is only ever downloaded. */
  readonly inline: boolean;
}

const OOXML = 'application/vnd.openxmlformats-officedocument';

export const UPLOAD_TYPES: readonly UploadType[] = [
  { mime: 'application/pdf', extensions: ['pdf'], inline: true },
  { mime: 'image/png', extensions: ['png'], inline: true },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], aliases: ['image/jpg', 'image/pjpeg'], inline: true },
  { mime: 'image/heic', extensions: ['heic'], inline: true },
  { mime: 'image/heif', extensions: ['heif'], inline: true },
  { mime: 'image/tiff', extensions: ['tif', 'tiff'], inline: true },
  { mime: 'application/msword', extensions: ['doc'], inline: false },
  { mime: 'application/vnd.ms-excel', extensions: ['xls'], inline: false },
  { mime: 'application/vnd.ms-powerpoint', extensions: ['ppt'], inline: false },
  { mime: `${OOXML}.wordprocessingml.document`, extensions: ['docx'], inline: false },
  { mime: `${OOXML}.spreadsheetml.sheet`, extensions: ['xlsx'], inline: false },
  { mime: `${OOXML}.presentationml.presentation`, extensions: ['pptx'], inline: false },
  { mime: 'text/plain', extensions: ['txt'], inline: false },
  { mime: 'text/csv', extensions: ['csv'], aliases: ['application/csv', 'text/x-csv'], inline: false },
];

export const UPLOAD_TYPES_MESSAGE =
  'This type of file is not accepted. Please upload a PDF, PNG, JPEG, HEIC, TIFF, Word, Excel, PowerPoint, plain text or CSV file.';

/** For `<input type="file" accept={UPLOAD_ACCEPT}>`: the extensions and the types. */
export const UPLOAD_ACCEPT = [...UPLOAD_TYPES.flatMap((t) => t.extensions.map((e) => `.${e}`)), ...UPLOAD_TYPES.map((t) => t.mime)].join(',');

/** 'Image/JPEG; charset=x' → 'image/jpeg'. */
const bareType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** The accepted type a content type names (by its name or an alias), or undefined. */
export function uploadTypeOf(contentType: string): UploadType | undefined {
  const bare = bareType(contentType);
  return UPLOAD_TYPES.find((t) => t.mime === bare || t.aliases?.includes(bare));
}

/** The accepted types a file name's extension names ([] for none or an unknown one). */
export function uploadTypesOfName(fileName: string): UploadType[] {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).trim().toLowerCase() : '';
  return UPLOAD_TYPES.filter((t) => t.extensions.includes(extension));
}

/** Types that say nothing about the file (a browser that does not know HEIC sends ''): the name decides. */
const isGenericType = (contentType: string) => ['', 'application/octet-stream'].includes(bareType(contentType));

/** A declared content type: an accepted one, or a generic one (then the bytes decide). */
export const isAcceptedContentType = (contentType: string) => isGenericType(contentType) || uploadTypeOf(contentType) !== undefined;

/** A file name: with an accepted extension, or none at all (then the bytes decide). */
export const isAcceptedFileName = (fileName: string) => !/\.[^.\s]+\s*$/.test(fileName.replace(/^\.+/, '')) || uploadTypesOfName(fileName).length > 0;

/** The checks of an upload request's declared name and type, with UPLOAD_TYPES_MESSAGE. */
export const uploadFileNameSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(255), v.check(isAcceptedFileName, UPLOAD_TYPES_MESSAGE));
export const uploadContentTypeSchema = v.pipe(v.string(), v.maxLength(255), v.check(isAcceptedContentType, UPLOAD_TYPES_MESSAGE));
