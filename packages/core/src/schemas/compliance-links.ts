// A contractor-owned, revocable public compliance link (issue 13): a company's owner or administrator
// shares its live compliance wallet (all of it, or chosen items) with anyone who has the link — no account
// needed — chooses whether files may be downloaded, and sees every visit. One schema for server and dashboard.
import * as v from 'valibot';
import { dateSchema, idSchema, noControlCharacters, timestampSchema } from './common.js';

/** What a link can show: the four kinds of the vault. A documentation is named by its documentId. */
export const LINK_ITEM_KINDS = ['license', 'insurance', 'certificate', 'documentation'] as const;
export type LinkItemKind = (typeof LINK_ITEM_KINDS)[number];

/** How long a link lives: 90 days unless chosen, never more than a year. */
export const LINK_DEFAULT_DAYS = 90;
export const LINK_MAX_DAYS = 365;
export const LINK_MAX_ITEMS = 200;

export const LINK_MESSAGES = {
  /** The one answer for an unknown, tampered, revoked or expired link: no oracle between them. */
  unavailable: 'This link is no longer available.',
  noItems: 'Choose at least one item to share, or share the whole wallet.',
  tooManyItems: `Choose at most ${LINK_MAX_ITEMS} items.`,
  expiry: `Choose an expiry between 1 and ${LINK_MAX_DAYS} days.`,
  label: 'Keep the label under 120 characters.',
  notOwnItem: "Choose items of this company's compliance wallet.",
  notFound: 'Public link not found.',
  alreadyRevoked: 'This link has already been revoked.',
  notDownloadable: 'This file cannot be downloaded from this link.',
  notInLink: 'This file is not part of this link.',
  noFile: 'This item has no file yet.',
} as const;

const linkItemKindSchema = v.picklist(LINK_ITEM_KINDS);

/** One chosen item; `downloadable` overrides the link's allowDownloads for that item. */
export const linkItemChoiceSchema = v.object({ kind: linkItemKindSchema, id: idSchema, downloadable: v.optional(v.boolean()) });

/** POST /v4/companies/{companyId}/compliance-links */
export const createComplianceLinkSchema = v.pipe(
  v.object({
    label: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(120, LINK_MESSAGES.label), noControlCharacters('label')))),
    allItems: v.boolean(),
    allowDownloads: v.boolean(),
    items: v.optional(v.pipe(v.array(linkItemChoiceSchema), v.maxLength(LINK_MAX_ITEMS, LINK_MESSAGES.tooManyItems)), []),
    expiresInDays: v.optional(
      v.pipe(v.number(LINK_MESSAGES.expiry), v.integer(LINK_MESSAGES.expiry), v.minValue(1, LINK_MESSAGES.expiry), v.maxValue(LINK_MAX_DAYS, LINK_MESSAGES.expiry)),
      LINK_DEFAULT_DAYS,
    ),
  }),
  v.check((input) => input.allItems || input.items.length > 0, LINK_MESSAGES.noItems),
);
export type CreateComplianceLink = v.InferInput<typeof createComplianceLinkSchema>;

export const LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** An item as the owner chose it (its current name; null when it was deleted since). */
export const linkItemSchema = v.object({ kind: linkItemKindSchema, id: idSchema, name: v.nullable(v.string()), downloadable: v.boolean() });

/** A link as its owner sees it: never its token (only its SHA-256 is stored). */
export const complianceLinkSchema = v.object({
  id: idSchema,
  companyId: idSchema,
  label: v.nullable(v.string()),
  allItems: v.boolean(),
  allowDownloads: v.boolean(),
  items: v.array(linkItemSchema),
  status: v.picklist(LINK_STATUSES),
  expiresAt: timestampSchema,
  revokedAt: v.nullable(timestampSchema),
  createdAt: timestampSchema,
  visitsCount: v.number(),
  downloadsCount: v.number(),
  lastVisitAt: v.nullable(timestampSchema),
});
export type ComplianceLink = v.InferOutput<typeof complianceLinkSchema>;

/** The answer to creating a link: the only time its address is shown. */
export const createdComplianceLinkSchema = v.object({ link: complianceLinkSchema, token: v.string(), url: v.string() });
export type CreatedComplianceLink = v.InferOutput<typeof createdComplianceLinkSchema>;

/** A file downloaded through a link. */
export const linkDownloadSchema = v.object({
  kind: linkItemKindSchema,
  itemId: idSchema,
  fileName: v.string(),
  downloadedAt: timestampSchema,
  place: v.nullable(v.string()),
});
/** One opening of the link: when, from roughly where (when a geolocation source is configured), what was downloaded. */
export const linkVisitSchema = v.object({
  id: idSchema,
  visitedAt: timestampSchema,
  place: v.nullable(v.string()),
  /** The visitor's address truncated (IPv4 /24, IPv6 /48): never the whole address. */
  network: v.nullable(v.string()),
  downloads: v.array(linkDownloadSchema),
});
export type LinkVisit = v.InferOutput<typeof linkVisitSchema>;
/** GET /v4/companies/{companyId}/compliance-links/{linkId}: the link and every visit, newest first. */
export const complianceLinkDetailSchema = v.object({
  link: complianceLinkSchema,
  visits: v.array(linkVisitSchema),
  /** Downloads not tied to a visit of the page (the download call was made without it). */
  otherDownloads: v.array(linkDownloadSchema),
});
export type ComplianceLinkDetail = v.InferOutput<typeof complianceLinkDetailSchema>;

/** An item's live state on the public page. */
export const LINK_ITEM_STATES = ['valid', 'expiring', 'expired', 'missing'] as const;
export type LinkItemState = (typeof LINK_ITEM_STATES)[number];

export const publicLinkItemSchema = v.object({
  kind: linkItemKindSchema,
  id: idSchema,
  name: v.string(),
  number: v.nullable(v.string()),
  issuer: v.nullable(v.string()),
  stateCode: v.nullable(v.string()),
  expiresOn: v.nullable(dateSchema),
  state: v.picklist(LINK_ITEM_STATES),
  /** Days to the expiry date (negative once past); null when the item does not expire. */
  daysLeft: v.nullable(v.number()),
  fileName: v.nullable(v.string()),
  downloadable: v.boolean(),
});
export type PublicLinkItem = v.InferOutput<typeof publicLinkItemSchema>;

/** GET /v4/public/compliance-links/{token}: what anyone holding the link sees. */
export const publicComplianceLinkSchema = v.object({
  company: v.object({ name: v.string() }),
  label: v.nullable(v.string()),
  expiresAt: timestampSchema,
  /** This visit's key: the download call sends it, so the owner sees which visit downloaded what. */
  visit: v.string(),
  items: v.array(publicLinkItemSchema),
});
export type PublicComplianceLink = v.InferOutput<typeof publicComplianceLinkSchema>;

/** The link's token as a path parameter: any text (a malformed token gets the same 404 as an unknown one). */
export const linkTokenParamsSchema = v.object({ token: v.pipe(v.string(), v.maxLength(200)) });

/** POST /v4/public/compliance-links/{token}/downloads */
export const linkDownloadRequestSchema = v.object({ kind: linkItemKindSchema, id: idSchema, visit: v.optional(v.pipe(v.string(), v.maxLength(64))) });
