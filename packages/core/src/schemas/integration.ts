// Integrations, e-sign documents, accounting quotes, policies and identifier kinds (SPEC §3, §7.7).
import * as v from 'valibot';
import { idSchema, timestampSchema } from './common.js';

export const accountingQuoteSchema = v.object({
  quoteId: v.string(),
  total: v.number(),
  expiryDate: v.nullable(v.string()),
  status: v.string(),
  onlineInvoiceUrl: v.nullable(v.string()),
  orderId: v.nullable(v.string()),
  agentId: v.nullable(v.string()),
  orgId: v.nullable(v.string()),
});
export type AccountingQuote = v.InferOutput<typeof accountingQuoteSchema>;
export const quoteUpdateSchema = v.object({ status: v.pipe(v.string(), v.maxLength(50)), orderId: v.pipe(v.string(), v.maxLength(100)) });
/** The quote statuses this product uses (SPEC §4.3: 'Quote status values: not shown'). */
export const QUOTE_STATUSES = { pending: 'pending', accepted: 'accepted', declined: 'declined', expired: 'expired' } as const;
/** The accounting agent and organisation a quote belongs to: sent as the headers of the quote calls (SPEC §7.7). */
const QUOTE_HEADERS_MISSING = 'The sass_agent_id and sass_organization_id headers are required.';
export const quoteHeadersSchema = v.object(
  {
    sass_agent_id: v.pipe(v.string(QUOTE_HEADERS_MISSING), v.trim(), v.nonEmpty(QUOTE_HEADERS_MISSING), v.maxLength(100)),
    sass_organization_id: v.pipe(v.string(QUOTE_HEADERS_MISSING), v.trim(), v.nonEmpty(QUOTE_HEADERS_MISSING), v.maxLength(100)),
  },
  QUOTE_HEADERS_MISSING,
);
/** PUT /v1/permit-quote/{quoteId}: the permit team issues a quote. */
export const quoteCreateSchema = v.object({
  total: v.pipe(v.number(), v.minValue(0), v.maxValue(1e12)),
  expiryDate: v.optional(v.nullable(v.pipe(v.string(), v.isoDate())), null),
  onlineInvoiceUrl: v.optional(v.nullable(v.pipe(v.string(), v.url(), v.maxLength(2000))), null),
  agentId: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100)),
  orgId: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100)),
  permitId: v.optional(v.nullable(idSchema), null),
});

export const integrationSchema = v.object({ integrationId: v.string(), permitId: v.nullable(idSchema), createdAt: timestampSchema });
export type Integration = v.InferOutput<typeof integrationSchema>;

/** Construction-platform data (SPEC §3). */
export const constructionPlatformSchema = v.object({
  accessToken: v.string(),
  companyId: v.string(),
  projectId: v.string(),
  authorizationCode: v.optional(v.string()),
});

export const esignDocumentSchema = v.object({ docID: v.string(), document: v.string(), isSubmitted: v.boolean() });
export type EsignDocument = v.InferOutput<typeof esignDocumentSchema>;

export const POLICY_KINDS = ['privacy-policy', 'cookie-policy', 'terms-and-conditions'] as const;
export const policySchema = v.object({ kind: v.picklist(POLICY_KINDS), title: v.string(), html: v.string(), updatedAt: timestampSchema });
export type Policy = v.InferOutput<typeof policySchema>;

/** Identifier kinds (SPEC §3). */
export const IDENTIFIER_KINDS = {
  FEIN: 'Federal Electronic Identification Number (FEIN)',
  SSN: 'Social Security Number',
} as const;
export type IdentifierKind = keyof typeof IDENTIFIER_KINDS;
