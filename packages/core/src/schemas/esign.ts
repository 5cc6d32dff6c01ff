// E-signature envelopes (issue 13, part 2): a PDF sent to signers who sign in order at /sign/{token}.
import * as v from 'valibot';
import { idSchema, textSchema as text, timestampSchema } from './common.js';
import { ESIGN_LIMITS, ESIGN_MESSAGES } from '../rules/esign.js';

export const ENVELOPE_STATUSES = ['sent', 'completed', 'declined', 'voided', 'expired'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];
export const SIGNER_STATUSES = ['waiting', 'invited', 'signed', 'declined'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

const email = v.pipe(text(100), v.toLowerCase(), v.email(ESIGN_MESSAGES.signerEmail));

export const envelopeSignerInputSchema = v.object({
  name: v.pipe(text(200), v.minLength(1, ESIGN_MESSAGES.signerName)),
  email,
});

/** POST /v4/esign/envelopes: a PDF (base64) or the template of the permit's cancellation request (form 50). */
export const createEnvelopeSchema = v.pipe(
  v.object({
    companyId: v.optional(idSchema),
    permitId: v.optional(idSchema),
    title: v.pipe(text(200), v.minLength(1, ESIGN_MESSAGES.title)),
    source: v.variant('kind', [
      v.object({
        kind: v.literal('pdf'),
        fileName: v.pipe(text(200), v.regex(/\.pdf$/i, ESIGN_MESSAGES.notPdf)),
        /** The PDF's bytes, base64 (at most ESIGN_LIMITS.pdfBytes bytes). */
        pdfBase64: v.pipe(v.string(), v.maxLength(Math.ceil(ESIGN_LIMITS.pdfBytes / 3) * 4 + 4, ESIGN_MESSAGES.pdfTooLarge)),
      }),
      v.object({ kind: v.literal('template'), template: v.picklist(['cancellation']) }),
    ]),
    signers: v.pipe(v.array(envelopeSignerInputSchema), v.minLength(1, ESIGN_MESSAGES.noSigners), v.maxLength(ESIGN_LIMITS.signers, ESIGN_MESSAGES.tooManySigners)),
    expiresInDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, ESIGN_MESSAGES.expiryDays), v.maxValue(ESIGN_LIMITS.expiryDays, ESIGN_MESSAGES.expiryDays))),
  }),
  v.check((input) => input.companyId !== undefined || input.permitId !== undefined, ESIGN_MESSAGES.noOwner),
);
export type CreateEnvelope = v.InferOutput<typeof createEnvelopeSchema>;

export const envelopeSignerSchema = v.object({
  position: v.number(),
  name: v.string(),
  email: v.string(),
  status: v.picklist(SIGNER_STATUSES),
  locked: v.boolean(),
  invitedAt: v.nullable(timestampSchema),
  signedAt: v.nullable(timestampSchema),
  declinedAt: v.nullable(timestampSchema),
  declineReason: v.nullable(v.string()),
});
export type EnvelopeSigner = v.InferOutput<typeof envelopeSignerSchema>;

export const envelopeSchema = v.object({
  id: v.string(),
  companyId: v.nullable(v.number()),
  permitId: v.nullable(v.number()),
  purpose: v.picklist(['document', 'cancellation']),
  title: v.string(),
  fileName: v.string(),
  status: v.picklist(ENVELOPE_STATUSES),
  originalSha256: v.string(),
  signedSha256: v.nullable(v.string()),
  expiresAt: timestampSchema,
  createdAt: timestampSchema,
  completedAt: v.nullable(timestampSchema),
  voidedAt: v.nullable(timestampSchema),
  voidReason: v.nullable(v.string()),
  reminderCount: v.number(),
  signers: v.array(envelopeSignerSchema),
});
export type Envelope = v.InferOutput<typeof envelopeSchema>;

export const envelopeListQuerySchema = v.object({
  companyId: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number))),
  permitId: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number))),
});

export const voidEnvelopeSchema = v.object({ reason: v.optional(text(500)) });

export const signTokenParamsSchema = v.object({ token: v.pipe(v.string(), v.maxLength(200)) });

/** What the signer sees at /sign/{token}: only their own envelope, and the document once the passcode is verified. */
export const signingViewSchema = v.object({
  title: v.string(),
  fileName: v.string(),
  senderName: v.string(),
  envelopeStatus: v.picklist(ENVELOPE_STATUSES),
  signer: v.object({ name: v.string(), email: v.string(), status: v.picklist(SIGNER_STATUSES), locked: v.boolean(), verified: v.boolean(), declineReason: v.nullable(v.string()) }),
  /** Each signer's name and state, in order (no addresses of the others). */
  order: v.array(v.object({ position: v.number(), name: v.string(), status: v.picklist(SIGNER_STATUSES) })),
  expiresAt: timestampSchema,
});
export type SigningView = v.InferOutput<typeof signingViewSchema>;

export const passcodeSchema = v.object({ passcode: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, ESIGN_MESSAGES.passcodeShape)) });

/** The PDF the signer reads (base64): the document as signed so far. */
export const signingDocumentSchema = v.object({ fileName: v.string(), pdfBase64: v.string() });

export const signatureSchema = v.variant('kind', [
  v.object({ kind: v.literal('typed'), text: v.pipe(text(100), v.minLength(1, ESIGN_MESSAGES.signatureEmpty)) }),
  v.object({
    kind: v.literal('drawn'),
    /** A PNG data URL of the drawn signature. */
    image: v.pipe(v.string(), v.maxLength(300_000, ESIGN_MESSAGES.signatureTooLarge), v.regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, ESIGN_MESSAGES.signatureImage)),
  }),
]);
export const signRequestSchema = v.object({ signature: signatureSchema, agree: v.literal(true, ESIGN_MESSAGES.agree) });
export const declineRequestSchema = v.object({ reason: v.pipe(text(500), v.minLength(1, ESIGN_MESSAGES.declineReason)) });

/** POST /v4/esign/verify: a PDF's SHA-256 (computed in the browser) against the stored signed hashes. */
export const verifyHashSchema = v.object({ sha256: v.pipe(v.string(), v.toLowerCase(), v.regex(/^[0-9a-f]{64}$/, ESIGN_MESSAGES.hashShape)) });
export const verifyResultSchema = v.object({
  match: v.nullable(v.object({ title: v.string(), completedAt: timestampSchema, signers: v.array(v.object({ name: v.string(), signedAt: timestampSchema })) })),
});
export type VerifyResult = v.InferOutput<typeof verifyResultSchema>;
