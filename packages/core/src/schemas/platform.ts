// The construction-management platform (SPEC §7.7, issue 14): the connection's state (never its tokens),
// the platform's projects, the import, the push-back documents and the password-less sign-in link.
import * as v from 'valibot';
import { idSchema, postalAddressSchema, timestampSchema } from './common.js';
import { profileSchema, sessionTokensSchema } from './identity.js';

export const PLATFORM_CONNECTION_STATUSES = ['connected', 'broken', 'revoked'] as const;
export type PlatformConnectionStatus = (typeof PLATFORM_CONNECTION_STATUSES)[number];

/** What the owner sees of a connection: its state and its last error, never a token or a secret. */
export const platformConnectionSchema = v.object({
  id: v.string(),
  companyId: idSchema,
  platformName: v.string(),
  status: v.picklist(PLATFORM_CONNECTION_STATUSES),
  accountName: v.nullable(v.string()),
  connectedAt: timestampSchema,
  tokenExpiresAt: v.nullable(timestampSchema),
  lastError: v.nullable(v.string()),
  brokenAt: v.nullable(timestampSchema),
  /** Where the platform sends its signed events. */
  webhookUrl: v.string(),
});
export type PlatformConnection = v.InferOutput<typeof platformConnectionSchema>;

/** GET /v4/construction-platform/credentials?companyId=: whether a platform is configured, and the company's connection. */
export const platformStatusSchema = v.object({
  configured: v.boolean(),
  platformName: v.string(),
  connection: v.nullable(platformConnectionSchema),
});
export type PlatformStatus = v.InferOutput<typeof platformStatusSchema>;

export const platformCompanyQuerySchema = v.object({ companyId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, 'Invalid company id.'), v.transform(Number)) });

/** POST /v4/construction-platform/credentials ("set credentials"): start the OAuth 2.0 authorization. */
export const platformConnectSchema = v.object({ companyId: idSchema });
export const platformAuthorizeSchema = v.object({ authorizeUrl: v.string() });

const MISSING_CODE = 'The authorization code is missing.';
/** GET /v4/construction-platform/auth?code=&state= ("authentication with a code"): the redirect's answer. */
export const platformAuthQuerySchema = v.object({
  code: v.pipe(v.string(MISSING_CODE), v.minLength(1, MISSING_CODE), v.maxLength(2000)),
  state: v.pipe(v.string('The state is missing.'), v.regex(/^[\w-]{20,200}$/, 'The state is not valid.')),
});

/** A project of the platform, as its project API describes it. */
export const platformProjectSchema = v.object({
  id: v.string(),
  name: v.string(),
  address: v.object({ line1: v.string(), line2: v.nullable(v.string()), city: v.string(), state: v.string(), postalCode: v.string() }),
  customer: v.object({ name: v.string(), email: v.nullable(v.string()), phone: v.nullable(v.string()) }),
  /** The PermitDesk project already imported from it, if any. */
  linkedProjectId: v.nullable(idSchema),
});
export type PlatformProject = v.InferOutput<typeof platformProjectSchema>;

export const platformProjectParamsSchema = v.object({ platformProjectId: v.pipe(v.string(), v.regex(/^[\w.-]{1,100}$/, 'Invalid platform project id.')) });

/** POST /v4/construction-platform/imports: a platform project becomes a PermitDesk project (or the linked one is returned). */
export const platformImportSchema = v.object({
  companyId: idSchema,
  platformProjectId: v.pipe(v.string(), v.regex(/^[\w.-]{1,100}$/, 'Invalid platform project id.')),
});
export const platformImportResultSchema = v.object({
  projectId: idSchema,
  created: v.boolean(),
  address: postalAddressSchema,
  customerName: v.string(),
  municipalityId: v.nullable(idSchema),
});

/** GET /v4/construction-platform/embed?projectId=: the embedded widget's context (the linked project). */
export const platformEmbedQuerySchema = v.object({ projectId: v.pipe(v.string(), v.regex(/^[\w.-]{1,100}$/, 'Invalid platform project id.')) });
export const platformEmbedContextSchema = v.object({
  projectId: idSchema,
  companyId: idSchema,
  platformProjectId: v.string(),
  name: v.nullable(v.string()),
  address: postalAddressSchema,
  oneLineAddress: v.string(),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
  customer: v.object({ name: v.string(), email: v.nullable(v.string()), phone: v.nullable(v.string()) }),
});
export type PlatformEmbedContext = v.InferOutput<typeof platformEmbedContextSchema>;

export const PLATFORM_DOCUMENT_KINDS = ['permit', 'inspection', 'compliance'] as const;
/** A document pushed back into the platform project ("create documents"), with its delivery state. */
export const platformDocumentSchema = v.object({
  id: idSchema,
  kind: v.picklist(PLATFORM_DOCUMENT_KINDS),
  title: v.string(),
  projectId: idSchema,
  permitId: v.nullable(idSchema),
  status: v.picklist(['pending', 'sent', 'failed']),
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  nextAttemptAt: v.nullable(timestampSchema),
  sentAt: v.nullable(timestampSchema),
  createdAt: timestampSchema,
});
export type PlatformDocument = v.InferOutput<typeof platformDocumentSchema>;
export const platformDocumentParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number)) });

/** GET /v4/construction-platform/sign-in?token= ("sign-in without password by email"). */
export const platformSigninQuerySchema = v.object({
  token: v.pipe(v.string('The sign-in link is not valid.'), v.maxLength(2000, 'The sign-in link is not valid.'), v.regex(/^[\w-]+\.[\w-]+$/, 'The sign-in link is not valid.')),
});
export const platformSigninResultSchema = v.variant('status', [
  v.object({ status: v.literal('signed-in'), tokens: sessionTokensSchema, profile: profileSchema, platformProjectId: v.nullable(v.string()) }),
  /** An unknown e-mail: sign up with this address, locked. */
  v.object({ status: v.literal('sign-up'), email: v.string(), platformProjectId: v.nullable(v.string()) }),
]);
export type PlatformSigninResult = v.InferOutput<typeof platformSigninResultSchema>;

/** What a sign-in link carries (signed by the platform with the connection's secret). */
export const platformSigninClaimsSchema = v.object({
  /** 'signin': a link made for anything else never signs in. */
  purpose: v.literal('signin'),
  connectionId: v.string(),
  email: v.pipe(v.string(), v.maxLength(100)),
  /** Unix seconds when the platform made it (valid 60 seconds). */
  issuedAt: v.number(),
  nonce: v.pipe(v.string(), v.regex(/^[\w-]{16,100}$/)),
  projectId: v.optional(v.nullable(v.string()), null),
});
export type PlatformSigninClaims = v.InferOutput<typeof platformSigninClaimsSchema>;

/** How long a sign-in link is good for. */
export const PLATFORM_SIGNIN_SECONDS = 60;

/** An inbound event of the platform (POST /webhooks/platform/{connectionId}). */
export const platformEventSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  type: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  createdAt: v.optional(v.string()),
  data: v.record(v.string(), v.unknown()),
});
export type PlatformEvent = v.InferOutput<typeof platformEventSchema>;
