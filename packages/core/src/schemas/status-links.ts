// The homeowner's status page (issue 16): the contractor (a member of the permit's company who may change
// it) or the permit team shares a permit's status with the property owner through /status/{token}; no
// account needed. The homeowner may subscribe by e-mail (double opt-in, one-click unsubscribe). One schema
// for server and dashboard.
import * as v from 'valibot';
import { normalizedEmailSchema } from '../rules/validation.js';
import { idSchema, noControlCharacters, timestampSchema } from './common.js';
import { INSPECTION_STATUSES } from './permit.js';

export const STATUS_LINK_MESSAGES = {
  /** The one answer for an unknown, tampered, malformed or revoked link: no oracle between them. */
  unavailable: 'This status page is no longer available.',
  notFound: 'Status link not found.',
  alreadyRevoked: 'This status link has already been revoked.',
  label: 'Keep the label under 120 characters.',
  /** The answer to every subscription request, whatever the address's state (no oracle of who subscribed). */
  subscribeSent: 'Check your inbox: we sent you a link to confirm your subscription.',
  tooManySubscriptions: 'Too many subscription requests for this page. Please try again later.',
  confirmed: 'You are subscribed: we will e-mail you when the permit moves forward.',
  /** An unknown, used or foreign confirmation link. */
  confirmInvalid: 'This confirmation link is not valid. Subscribe again from the status page.',
  unsubscribed: 'You are unsubscribed: you will get no more e-mails about this permit.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;

/** Tokens (link, confirmation, unsubscribe): 32 random bytes as base64url. Anything else is a 404. */
export const STATUS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const tokenSchema = v.pipe(v.string(), v.maxLength(200));
export const statusTokenParamsSchema = v.object({ token: tokenSchema });
export const statusPermitParamsSchema = v.object({ permitId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number)) });
export const statusLinkParamsSchema = v.object({
  permitId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number)),
  linkId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number)),
});

/** POST /v4/permits/{permitId}/status-links */
export const createStatusLinkSchema = v.object({
  label: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(120, STATUS_LINK_MESSAGES.label), noControlCharacters('label')))),
  showPrices: v.optional(v.boolean(), false),
});
export type CreateStatusLink = v.InferInput<typeof createStatusLinkSchema>;

export const STATUS_SUBSCRIBER_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type StatusSubscriberState = (typeof STATUS_SUBSCRIBER_STATES)[number];
export const STATUS_SUBSCRIBER_LABELS: Readonly<Record<StatusSubscriberState, string>> = {
  pending: 'Pending confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

export const statusSubscriberSchema = v.object({
  id: idSchema,
  email: v.string(),
  state: v.picklist(STATUS_SUBSCRIBER_STATES),
  requestedAt: timestampSchema,
  confirmedAt: v.nullable(timestampSchema),
});
export type StatusSubscriber = v.InferOutput<typeof statusSubscriberSchema>;

/** A link as the contractor sees it: never its token (only its SHA-256 is stored). */
export const statusLinkSchema = v.object({
  id: idSchema,
  permitId: idSchema,
  label: v.nullable(v.string()),
  showPrices: v.boolean(),
  status: v.picklist(['active', 'revoked']),
  createdAt: timestampSchema,
  createdByName: v.nullable(v.string()),
  revokedAt: v.nullable(timestampSchema),
  subscribers: v.array(statusSubscriberSchema),
});
export type StatusLink = v.InferOutput<typeof statusLinkSchema>;

/** The answer to creating a link: the only time its address is shown. */
export const createdStatusLinkSchema = v.object({ link: statusLinkSchema, token: v.string(), url: v.string() });
export type CreatedStatusLink = v.InferOutput<typeof createdStatusLinkSchema>;

/** What the homeowner's page shows: this permit only, in plain words, prices only when allowed. */
export const publicPermitStatusSchema = v.object({
  taskName: v.string(),
  address: v.string(),
  municipalityName: v.string(),
  companyName: v.nullable(v.string()),
  permitNumber: v.nullable(v.string()),
  stage: v.number(),
  stageName: v.string(),
  status: v.string(),
  /** The status's words (core's statusLabel) and sentence (core's statusMessage). */
  statusLabel: v.string(),
  message: v.string(),
  progress: v.number(),
  issuedAt: v.nullable(timestampSchema),
  expiresAt: v.nullable(timestampSchema),
  estCompletionAt: v.nullable(timestampSchema),
  steps: v.array(v.object({ stage: v.number(), stageName: v.string(), at: timestampSchema })),
  inspections: v.array(
    v.object({ name: v.string(), status: v.picklist(INSPECTION_STATUSES), scheduledAt: v.nullable(timestampSchema), completedAt: v.nullable(timestampSchema) }),
  ),
  next: v.object({ text: v.string(), expectedBy: v.nullable(timestampSchema), turnaroundDays: v.nullable(v.number()) }),
  /** Null unless the contractor allowed prices on this link. */
  prices: v.nullable(v.object({ projectValue: v.nullable(v.number()), fees: v.array(v.object({ label: v.string(), amount: v.number() })) })),
});
export type PublicPermitStatus = v.InferOutput<typeof publicPermitStatusSchema>;

/** POST /v4/public/permit-status/{token}/subscriptions */
export const statusSubscribeSchema = v.object({ email: normalizedEmailSchema });
/** POST /v4/public/permit-status/{token}/subscriptions/confirm */
export const statusConfirmSchema = v.object({ confirmToken: tokenSchema });
export const statusNoticeSchema = v.object({ message: v.string() });
