// Invitations: vendor onboarding, share wallet, user invitations, guest access (SPEC §3, §4.4, §7.5).
import * as v from 'valibot';
import { companyRoleSchema } from './identity.js';
import { idSchema, timestampSchema } from './common.js';

export const INVITATION_KINDS = ['VENDOR_ONBOARDING', 'SHARE_WALLET', 'USER_TYPE', 'GUEST_ACCESS', 'CUSTOM_VENDOR_ONBOARDING', 'COMPLIANCE_REQUEST'] as const;
export const invitationKindSchema = v.picklist(INVITATION_KINDS);

export const invitationSchema = v.object({
  invitationId: idSchema,
  kind: invitationKindSchema,
  /** Numeric status code of SPEC §4.4. */
  status: v.number(),
  /** Source: Vendor 5, Sharing 6, Request 7. */
  source: v.picklist([5, 6, 7]),
  fromCompany: v.object({ id: idSchema, name: v.string() }),
  toCompany: v.nullable(v.object({ id: idSchema, name: v.string() })),
  email: v.nullable(v.string()),
  role: v.nullable(companyRoleSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Invitation = v.InferOutput<typeof invitationSchema>;

export const pendingInvitationsSchema = v.object({
  sharedWallet: v.array(invitationSchema),
  vendorOnboarding: v.array(invitationSchema),
  complianceRequest: v.array(invitationSchema),
});
export const todoInvitationsSchema = v.object({
  vendorReview: v.array(invitationSchema),
  documentRequest: v.array(invitationSchema),
  existedVendorUpdate: v.array(invitationSchema),
});

/** POST /v4/invitations/user-type */
export const inviteUserSchema = v.object({
  companyId: idSchema,
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('Invalid email address.')),
  role: v.picklist(['administrator', 'pm', 'user']),
});
/** POST /v4/invitations/vendor-onboarding, /share-wallet, /guest-access */
export const inviteCompanySchema = v.object({
  companyId: idSchema,
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('Invalid email address.')),
  companyName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  message: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});
