// Shared building blocks for every schema: ids, timestamps, errors and paging.
import * as v from 'valibot';

const positiveInteger = v.pipe(v.number(), v.integer(), v.minValue(1));
/** Numeric database id (permits, projects, companies, documents...). */
export const idSchema = positiveInteger;
/** Route parameters arrive as text; this turns '42' into 42 and refuses anything else. */
export const idParamSchema = v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number));
/** A size in bytes (a file's, a part's): a positive whole number, like an id. */
export const byteCountSchema = positiveInteger;
/** A user's identity subject: a UUID. */
export const subSchema = v.pipe(v.string(), v.uuid());
/** ISO 8601 timestamp as sent over the wire. */
export const timestampSchema = v.pipe(v.string(), v.isoTimestamp());
/** Calendar date YYYY-MM-DD. */
export const dateSchema = v.pipe(v.string(), v.isoDate());

/** Every error the API returns: `{ message, code }` (SPEC: errors as { message, code }). */
export const apiErrorSchema = v.object({
  message: v.string(),
  code: v.string(),
  /** Field-level details for validation errors: field path → message. */
  fields: v.optional(v.record(v.string(), v.string())),
});
export type ApiError = v.InferOutput<typeof apiErrorSchema>;

/** Paged result carried in the body (SPEC §3 "Paged result"). */
export const pagedLinksSchema = v.object({
  prev: v.nullable(v.string()),
  next: v.nullable(v.string()),
  current: v.string(),
});
export const pagedMetaSchema = v.object({
  'page-size': v.number(),
  'record-count': v.number(),
});
export const pagedResultSchema = <T extends v.GenericSchema>(item: T) =>
  v.object({ data: v.array(item), links: pagedLinksSchema, meta: pagedMetaSchema });
export type PagedResult<T> = { data: T[]; links: v.InferOutput<typeof pagedLinksSchema>; meta: v.InferOutput<typeof pagedMetaSchema> };

/** Header names for lists paged by response headers (SPEC §3). */
export const PAGINATION_HEADERS = {
  index: 'x-pagination-index',
  size: 'x-pagination-size',
  totalCount: 'x-pagination-totalcount',
} as const;

/** What a header-paged list call returns to its caller: the items plus the three headers. */
export interface HeaderPage<T> {
  items: T[];
  page: number;
  size: number;
  totalCount: number;
  pageCount: number;
}

/** An acknowledgement for writes that return nothing else. */
export const okSchema = v.object({ ok: v.literal(true) });
export type Ok = v.InferOutput<typeof okSchema>;

/** A postal address as stored with permits and projects (SPEC §3 Permit.address). */
export const postalAddressSchema = v.object({
  streetAddress: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  streetModifier: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100))), null),
  city: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  state: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  postalCode: v.pipe(v.string(), v.regex(/^\d{5}(-\d{4})?$/)),
});
export type PostalAddress = v.InferOutput<typeof postalAddressSchema>;

/**
 * Control characters (C0 and C1, DEL) other than tab, line feed and carriage return: nothing a person
 * types, and a NUL cannot be stored by PostgreSQL at all. Every text of a request is checked for them.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/** 'DescriptionOfWork' / 'streetAddress' / 'first_name' → 'Description of work' / 'Street address' / 'First name'. */
export function fieldLabel(name: string): string {
  const words = name.replace(/([a-z\d])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'A value';
}

/** The message of a text holding control characters, naming its field. */
export const notAllowedCharactersMessage = (field: string): string => `${fieldLabel(field)} contains characters that are not allowed.`;

/** Refuses control characters (see CONTROL_CHARACTERS) with the field's message. */
export const noControlCharacters = <T extends string>(field = 'This field') =>
  v.check<T, string>((value) => !hasControlCharacters(value), notAllowedCharactersMessage(field));

/** Trimmed text of at most `max` characters, without control characters: the shared text of the catalogue. */
export const textSchema = (max: number, field?: string) => v.pipe(v.string(), v.trim(), v.maxLength(max), noControlCharacters(field));

/**
 * The Idempotency-Key request header of creating calls: a repeat of the key by the same caller for
 * the same method and path within 24 hours gets the first answer back and creates nothing.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = v.pipe(
  v.string(),
  v.minLength(1, 'The Idempotency-Key header is empty.'),
  v.maxLength(255, 'The Idempotency-Key header is longer than 255 characters.'),
  v.regex(/^[\x21-\x7E]+$/, 'The Idempotency-Key header may hold visible ASCII characters only.'),
);
/** The headers schema of a creating call (the key is optional: calls without one behave as before). */
export const idempotencyHeadersSchema = v.object({ [IDEMPOTENCY_HEADER]: v.optional(idempotencyKeySchema) });
