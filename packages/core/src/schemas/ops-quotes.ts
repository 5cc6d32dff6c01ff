// Issue 12: quotes the permit team issues from the desk (line items, valid until) and the customer answers
// signed in, and the municipality directory the team keeps (phones, portal, cut-off, turnaround, notes).
import * as v from 'valibot';
import { parsePhone, toE164Phone } from '../rules/validation.js';
import { dateSchema, idSchema, textSchema, timestampSchema } from './common.js';

// --- Quotes --------------------------------------------------------------------------------------------

export const QUOTE_LIMITS = { lineItems: 50, label: 200, amount: 10_000_000, reason: 1000 } as const;
export const QUOTE_INPUT_MESSAGES = {
  noLineItems: 'Add at least one line item.',
  tooManyLineItems: `A quote has at most ${QUOTE_LIMITS.lineItems} line items.`,
  label: 'Each line item needs a description.',
  amount: 'Each amount is a number of dollars and cents, from 0 to 10,000,000.',
  validUntil: 'Valid until must be a date (YYYY-MM-DD).',
} as const;

const cents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const quoteLineItemSchema = v.object({
  label: v.pipe(textSchema(QUOTE_LIMITS.label, 'label'), v.nonEmpty(QUOTE_INPUT_MESSAGES.label)),
  amount: v.pipe(
    v.number(QUOTE_INPUT_MESSAGES.amount),
    v.finite(QUOTE_INPUT_MESSAGES.amount),
    v.minValue(0, QUOTE_INPUT_MESSAGES.amount),
    v.maxValue(QUOTE_LIMITS.amount, QUOTE_INPUT_MESSAGES.amount),
    v.check(cents, QUOTE_INPUT_MESSAGES.amount),
  ),
});
export type QuoteLineItem = v.InferOutput<typeof quoteLineItemSchema>;

/** POST /v4/operator/permits/{id}/quotes: the total is computed from the line items. */
export const quoteIssueSchema = v.object({
  lineItems: v.pipe(
    v.array(quoteLineItemSchema, QUOTE_INPUT_MESSAGES.noLineItems),
    v.minLength(1, QUOTE_INPUT_MESSAGES.noLineItems),
    v.maxLength(QUOTE_LIMITS.lineItems, QUOTE_INPUT_MESSAGES.tooManyLineItems),
  ),
  validUntil: v.pipe(v.string(QUOTE_INPUT_MESSAGES.validUntil), v.isoDate(QUOTE_INPUT_MESSAGES.validUntil)),
});
export type QuoteIssue = v.InferInput<typeof quoteIssueSchema>;

export const quoteDeclineSchema = v.object({ reason: v.optional(v.nullable(textSchema(QUOTE_LIMITS.reason, 'reason')), null) });

/** A quote of a permit, as the desk and the customer's quote page show it. */
export const permitQuoteSchema = v.object({
  quoteId: v.string(),
  permitId: idSchema,
  projectId: idSchema,
  customerName: v.string(),
  taskName: v.string(),
  municipalityName: v.string(),
  /** pending, accepted, declined, or expired (a pending quote past its valid-until date). */
  status: v.string(),
  total: v.number(),
  lineItems: v.array(quoteLineItemSchema),
  validUntil: v.nullable(dateSchema),
  orderId: v.nullable(v.string()),
  answeredAt: v.nullable(timestampSchema),
  declineReason: v.nullable(v.string()),
  createdAt: timestampSchema,
});
export type PermitQuote = v.InferOutput<typeof permitQuoteSchema>;

// --- The municipality directory ------------------------------------------------------------------------

export const SUBMISSION_METHODS = ['online', 'email', 'in_person', 'mail'] as const;
export type SubmissionMethod = (typeof SUBMISSION_METHODS)[number];
export const SUBMISSION_METHOD_LABELS: Readonly<Record<SubmissionMethod, string>> = {
  online: 'Online portal',
  email: 'E-mail',
  in_person: 'In person',
  mail: 'Mail',
};
export const DIRECTORY_MESSAGES = {
  cutoffHour: 'The cut-off hour is a whole hour from 0 to 23.',
  portalUrl: 'The portal URL must start with http:// or https://.',
  method: 'Submission methods are online, email, in_person and mail.',
  turnaround: 'Typical turnaround is a whole number of days (0 to 365) per task.',
  unknownTask: 'Typical turnaround names a task that does not exist.',
} as const;

const isWebUrl = (value: string): boolean => {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
};
/** A typed phone number, stored as '+1' and digits; blank clears it (null). */
const optionalPhoneSchema = v.pipe(
  v.string(),
  v.trim(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value === '') return;
    const parsed = parsePhone(dataset.value);
    if ('error' in parsed) addIssue({ message: parsed.error });
  }),
  v.transform((value): string | null => (value === '' ? null : toE164Phone(value))),
);
/** An http(s) address; blank clears it (null). */
const optionalUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2000, DIRECTORY_MESSAGES.portalUrl),
  v.check((value) => value === '' || isWebUrl(value), DIRECTORY_MESSAGES.portalUrl),
  v.transform((value): string | null => (value === '' ? null : value)),
);
const optionalText = (max: number, field: string) => v.optional(v.nullable(textSchema(max, field)), null);

export const directoryInputSchema = v.object({
  mainPhone: v.optional(v.nullable(optionalPhoneSchema), null),
  officeAddress: optionalText(500, 'officeAddress'),
  portalUrl: v.optional(v.nullable(optionalUrlSchema), null),
  cutoffHour: v.optional(v.nullable(v.pipe(v.number(DIRECTORY_MESSAGES.cutoffHour), v.integer(DIRECTORY_MESSAGES.cutoffHour), v.minValue(0, DIRECTORY_MESSAGES.cutoffHour), v.maxValue(23, DIRECTORY_MESSAGES.cutoffHour))), null),
  submissionMethods: v.optional(v.pipe(v.array(v.picklist(SUBMISSION_METHODS, DIRECTORY_MESSAGES.method)), v.maxLength(SUBMISSION_METHODS.length)), []),
  /** Task id → typical days. */
  turnaround: v.optional(
    v.record(
      v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, DIRECTORY_MESSAGES.turnaround)),
      v.pipe(v.number(DIRECTORY_MESSAGES.turnaround), v.integer(DIRECTORY_MESSAGES.turnaround), v.minValue(0, DIRECTORY_MESSAGES.turnaround), v.maxValue(365, DIRECTORY_MESSAGES.turnaround)),
    ),
    {},
  ),
  feeNotes: optionalText(2000, 'feeNotes'),
  filingNotes: optionalText(4000, 'filingNotes'),
});
export type DirectoryInput = v.InferInput<typeof directoryInputSchema>;

export const directoryEntrySchema = v.object({
  mainPhone: v.nullable(v.string()),
  officeAddress: v.nullable(v.string()),
  portalUrl: v.nullable(v.string()),
  cutoffHour: v.nullable(v.number()),
  submissionMethods: v.array(v.picklist(SUBMISSION_METHODS)),
  turnaround: v.record(v.string(), v.number()),
  feeNotes: v.nullable(v.string()),
  filingNotes: v.nullable(v.string()),
  updatedAt: v.nullable(timestampSchema),
  updatedByName: v.nullable(v.string()),
});
export type DirectoryEntry = v.InferOutput<typeof directoryEntrySchema>;

export const directoryQuerySchema = v.object({
  keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  state: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^([A-Z]{2})?$/, 'The state is a two-letter code.')), ''),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
  size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)), '25'),
});
export type DirectoryQuery = v.InferInput<typeof directoryQuerySchema>;

export const directoryMunicipalitySchema = v.object({
  id: idSchema,
  name: v.string(),
  kind: v.string(),
  stateCode: v.string(),
  countyName: v.nullable(v.string()),
  /** The phone the widget shows: the directory's main phone, else the reference data's. */
  mainPhone: v.nullable(v.string()),
  cutoffHour: v.number(),
  updatedAt: v.nullable(timestampSchema),
});
export type DirectoryMunicipality = v.InferOutput<typeof directoryMunicipalitySchema>;

export const directoryVersionSchema = v.object({
  occurredAt: timestampSchema,
  actorName: v.nullable(v.string()),
  actorEmail: v.nullable(v.string()),
  requestId: v.nullable(v.string()),
  before: v.record(v.string(), v.unknown()),
  after: v.record(v.string(), v.unknown()),
});
export type DirectoryVersion = v.InferOutput<typeof directoryVersionSchema>;

export const directoryDetailSchema = v.object({
  municipality: directoryMunicipalitySchema,
  entry: directoryEntrySchema,
  /** Newest first. */
  versions: v.array(directoryVersionSchema),
});
export type DirectoryDetail = v.InferOutput<typeof directoryDetailSchema>;
