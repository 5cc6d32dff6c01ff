// Invitations: vendor onboarding, share wallet, user invitations, guest access (SPEC §3, §4.4, §7.5).
import * as v from 'valibot';
import { fullNameSchema, phoneSchema } from '../rules/validation.js';
import { companyRoleSchema } from './identity.js';
import { idSchema, timestampSchema } from './common.js';

export const INVITATION_KINDS = ['VENDOR_ONBOARDING', 'SHARE_WALLET', 'USER_TYPE', 'GUEST_ACCESS', 'CUSTOM_VENDOR_ONBOARDING', 'COMPLIANCE_REQUEST'] as const;
export const invitationKindSchema = v.picklist(INVITATION_KINDS);
export type InvitationKind = (typeof INVITATION_KINDS)[number];

/** What the one who reads an invitation may do with it (see core's invitationActions rule). */
export const INVITATION_ACTIONS = ['withdraw', 'resend', 'revoke', 'approve', 'accept', 'decline', 'submit'] as const;
export type InvitationAction = (typeof INVITATION_ACTIONS)[number];
/** Whose side of an invitation the reader is on: the company that sent it, or the one it was sent to. */
export const INVITATION_SIDES = ['sender', 'recipient'] as const;
export type InvitationSide = (typeof INVITATION_SIDES)[number];

/** The vendor onboarding wizard's steps, in order (/vendor-onboarding/{id}). */
export const VENDOR_ONBOARDING_STEPS = ['company', 'contact', 'compliance'] as const;
export type VendorOnboardingStep = (typeof VENDOR_ONBOARDING_STEPS)[number];

const shortText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
const walletScope = { licenses: v.boolean(), insurances: v.boolean(), certificates: v.boolean() };

/** PUT /v4/invitations/step/{id}/vendor-onboarding: one step of the wizard, saved. */
export const vendorOnboardingStepSchema = v.variant('step', [
  /** The vendor's company: one the user owns or administers (created first when new). */
  v.object({ step: v.literal('company'), companyId: idSchema }),
  /** Who the client should talk to. */
  v.object({ step: v.literal('contact'), contactName: fullNameSchema, phoneNumber: phoneSchema, title: v.optional(v.nullable(shortText(100)), null) }),
  /** Which parts of the vendor's compliance wallet the client may read once approved. */
  v.object({ step: v.literal('compliance'), ...walletScope }),
]);
export type VendorOnboardingStepInput = v.InferInput<typeof vendorOnboardingStepSchema>;

/** What a vendor onboarding has saved so far (null: step not done yet). */
export const vendorOnboardingProgressSchema = v.object({
  company: v.nullable(v.object({ id: idSchema, name: v.string() })),
  contact: v.nullable(v.object({ contactName: v.string(), phoneNumber: v.string(), title: v.nullable(v.string()) })),
  compliance: v.nullable(v.object(walletScope)),
});
export type VendorOnboardingProgress = v.InferOutput<typeof vendorOnboardingProgressSchema>;

/** Accepting a wallet share or a compliance request, approving guest access: which of the user's companies answers. */
export const invitationAnswerSchema = v.optional(v.object({ companyId: v.optional(idSchema) }));

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
  // Details the server adds (optional so older answers still parse).
  /** The company name suggested by the sender (vendor onboarding). */
  companyName: v.optional(v.nullable(v.string())),
  message: v.optional(v.nullable(v.string())),
  /** COMPLIANCE_REQUEST: asking for a wallet ('sharing') or to be recognised as a vendor ('claiming'). */
  requestType: v.optional(v.nullable(v.picklist(['sharing', 'claiming']))),
  /** A vendor onboarding to a company that already was the sender's vendor (an update). */
  existingVendor: v.optional(v.boolean()),
  /** Vendor onboarding: the steps saved so far. */
  steps: v.optional(vendorOnboardingProgressSchema),
  /** The reader's side and what they may do now. */
  side: v.optional(v.nullable(v.picklist(INVITATION_SIDES))),
  actions: v.optional(v.array(v.picklist(INVITATION_ACTIONS))),
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
