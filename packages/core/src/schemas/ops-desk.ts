// The permit desk (issue 12, /ops/permits/{id}): everything the permit team needs about one permit on one
// page, the stage message templates, the team's documents and replies with attachments, and the
// municipality's permit number and fees.
import * as v from 'valibot';
import { idSchema, timestampSchema } from './common.js';
import { gateResultSchema } from './gate.js';
import { documentSchema } from './company.js';
import { permitSchema, permitStageHistoryEntrySchema } from './permit.js';
import { permitVersionSchema } from './operator.js';
import { uploadContentTypeSchema, uploadFileNameSchema } from '../rules/uploads.js';

const text = (max: number, required: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(required), v.maxLength(max));
/** YYYY-MM-DD. */
const dateOnly = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

// ---------------------------------------------------------------------------------------------------
// Stage message templates

/** GET /v4/operator/templates: one per stage, in stage order. */
export const stageTemplateSchema = v.object({
  stage: v.number(),
  stageName: v.string(),
  subject: v.string(),
  body: v.string(),
  updatedAt: timestampSchema,
  /** Who last changed it; null for the seeded text. */
  updatedBy: v.nullable(v.string()),
});
export type StageTemplate = v.InferOutput<typeof stageTemplateSchema>;

/** PUT /v4/operator/templates/{stage} (service admin). The body is the message the customer reads. */
export const stageTemplateInputSchema = v.object({
  subject: text(200, 'Subject is required.'),
  body: text(1000, 'Message is required.'),
});
export type StageTemplateInput = v.InferInput<typeof stageTemplateInputSchema>;
export const stageParamsSchema = v.object({ stage: v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'Unknown stage.'), v.transform(Number)) });

// ---------------------------------------------------------------------------------------------------
// Permit number and fees

const amount = v.pipe(
  v.number('Amount must be a number.'),
  v.minValue(0, 'Amount cannot be negative.'),
  v.maxValue(10_000_000, 'Amount is too large.'),
  v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Amount must be in whole cents.'),
);
export const permitFeeInputSchema = v.object({ label: text(200, 'Fee name is required.'), amount });
export const permitFeeSchema = v.object({ id: idSchema, label: v.string(), amount: v.number() });
export type PermitFee = v.InferOutput<typeof permitFeeSchema>;

/** PATCH /v4/operator/permits/{id}: made on `version`; a permit changed since answers 409 PERMIT_CHANGED. */
export const permitDeskUpdateSchema = v.object({
  version: permitVersionSchema,
  /** The municipality's permit number (null or '' clears it). */
  permitNumber: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  /** The permit's whole fee list, replacing the one before. */
  fees: v.optional(v.pipe(v.array(permitFeeInputSchema), v.maxLength(50, 'At most 50 fees.'))),
});
export type PermitDeskUpdate = v.InferInput<typeof permitDeskUpdateSchema>;

// ---------------------------------------------------------------------------------------------------
// Documents and replies by the team

export const TEAM_DOCUMENT_TYPES = ['permit', 'attachment', 'plan', 'inspection', 'invoice', 'other'] as const;
/** POST /v4/operator/permits/{id}/documents: register a file for the customer, then PUT its bytes. */
export const teamDocumentUploadSchema = v.object({
  fileName: uploadFileNameSchema,
  contentType: uploadContentTypeSchema,
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  documentType: v.optional(v.picklist(TEAM_DOCUMENT_TYPES, 'Unknown document type.'), 'permit'),
});
export type TeamDocumentUpload = v.InferInput<typeof teamDocumentUploadSchema>;

/** POST /v4/operator/permits/{id}/messages: a reply as the permit team with uploaded attachments. */
export const teamReplySchema = v.object({
  conversationId: v.optional(idSchema),
  subject: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  body: text(10_000, 'Message is required.'),
  /** Documents registered with POST .../documents (type 'attachment'), each sent once. */
  attachmentIds: v.optional(v.pipe(v.array(idSchema), v.maxLength(10, 'At most 10 attachments.')), []),
});
export type TeamReply = v.InferInput<typeof teamReplySchema>;

// ---------------------------------------------------------------------------------------------------
// The desk

export const formAnswerRowSchema = v.object({ name: v.string(), label: v.string(), value: v.nullable(v.string()) });
export type FormAnswerRow = v.InferOutput<typeof formAnswerRowSchema>;

/** A license or insurance of the company's compliance vault, with its expiry (YYYY-MM-DD or null). */
export const deskVaultItemSchema = v.object({
  id: idSchema,
  name: v.string(),
  number: v.nullable(v.string()),
  issuer: v.nullable(v.string()),
  stateCode: v.nullable(v.string()),
  expiresOn: v.nullable(dateOnly),
  status: v.picklist(['active', 'archived']),
});
export type DeskVaultItem = v.InferOutput<typeof deskVaultItemSchema>;

const person = v.object({ name: v.string(), email: v.string() });

export const permitDeskSchema = v.object({
  /** The permit as the customer's page has it, with conversations (attachments), inspections and timeline. */
  permit: permitSchema,
  /** Send it back with every change; a change on an older one answers 409. */
  version: v.number(),
  stageEnteredAt: timestampSchema,
  assignee: v.nullable(v.object({ id: v.string(), name: v.string(), email: v.string() })),
  /** Who asked for the permit (the mails go to them). */
  requester: v.nullable(person),
  /** Form 52 as the customer filled it in, in the form's order and words. */
  request: v.nullable(v.object({ formId: v.number(), title: v.string(), submittedAt: timestampSchema, answers: v.array(formAnswerRowSchema) })),
  company: v.nullable(v.object({ id: idSchema, name: v.string(), owner: v.nullable(person) })),
  compliance: v.object({ licenses: v.array(deskVaultItemSchema), insurances: v.array(deskVaultItemSchema) }),
  /** The pre-filing gate's answer when the request was filed (null: filed before the gate, or not through a form). */
  gate: v.optional(v.nullable(gateResultSchema)),
  documents: v.array(documentSchema),
  fees: v.array(permitFeeSchema),
  quotes: v.array(v.object({ quoteId: v.string(), total: v.number(), status: v.string(), expiryDate: v.nullable(dateOnly), createdAt: timestampSchema })),
  cancellation: v.nullable(v.object({ requestedAt: timestampSchema, reason: v.nullable(v.string()), previousStage: v.nullable(v.number()) })),
  /** The stage timeline, oldest first, with who moved it. */
  stageHistory: v.array(v.object({ ...permitStageHistoryEntrySchema.entries, changedByName: v.nullable(v.string()) })),
});
export type PermitDesk = v.InferOutput<typeof permitDeskSchema>;

