// Invitation status codes, sources, labels and badge colours (SPEC §4.4).
// The three code tables share only 1 (Approved), so one code always names one state.

/** Sharing (inbound compliance-wallet share) codes. */
export const SHARING_STATUS = {
  Approved: 1,
  Declined: 20,
  Withdrawn: 21,
  Revoked: 22,
  Pending: 23,
  Accepted: 24,
  PendingApproval: 25,
  UnderReview: 26,
  PendingAudit: 27,
} as const;

/** Invite (vendor onboarding, user, guest access) codes. */
export const INVITE_STATUS = {
  Approved: 1,
  Declined: 10,
  Withdrawn: 11,
  Revoked: 12,
  Pending: 13,
  Viewed: 14,
  UnderReview: 15,
  PendingApproval: 16,
  PendingAudit: 17,
  CustomVendorOnboardingPending: 60,
} as const;

/** Compliance request codes, with the extra states 0, 30 and 40. */
export const REQUEST_STATUS = {
  Unknown: 0,
  Approved: 1,
  Requesting_Pending: 30,
  UserType_Pending: 40,
  Pending: 50,
} as const;

export const INVITATION_SOURCE = { Vendor: 5, Sharing: 6, Request: 7 } as const;
export type InvitationSource = (typeof INVITATION_SOURCE)[keyof typeof INVITATION_SOURCE];

/** The state a code stands for, whichever table it comes from. */
export type InvitationState =
  | 'approved'
  | 'pending'
  | 'accepted'
  | 'pendingApproval'
  | 'viewed'
  | 'underReview'
  | 'revoked'
  | 'withdrawn'
  | 'pendingAudit'
  | 'declined'
  | 'customVendorOnboarding'
  | 'other';

const STATE_BY_CODE = new Map<number, InvitationState>([
  [SHARING_STATUS.Approved, 'approved'],
  [SHARING_STATUS.Pending, 'pending'],
  [INVITE_STATUS.Pending, 'pending'],
  [REQUEST_STATUS.Pending, 'pending'],
  [SHARING_STATUS.Accepted, 'accepted'],
  [SHARING_STATUS.PendingApproval, 'pendingApproval'],
  [INVITE_STATUS.PendingApproval, 'pendingApproval'],
  [INVITE_STATUS.Viewed, 'viewed'],
  [SHARING_STATUS.UnderReview, 'underReview'],
  [INVITE_STATUS.UnderReview, 'underReview'],
  [SHARING_STATUS.Revoked, 'revoked'],
  [INVITE_STATUS.Revoked, 'revoked'],
  [SHARING_STATUS.Withdrawn, 'withdrawn'],
  [INVITE_STATUS.Withdrawn, 'withdrawn'],
  [SHARING_STATUS.PendingAudit, 'pendingAudit'],
  [INVITE_STATUS.PendingAudit, 'pendingAudit'],
  [SHARING_STATUS.Declined, 'declined'],
  [INVITE_STATUS.Declined, 'declined'],
  [INVITE_STATUS.CustomVendorOnboardingPending, 'customVendorOnboarding'],
]);

export const invitationState = (code: number): InvitationState => STATE_BY_CODE.get(code) ?? 'other';

/** Labels (SPEC §4.4); anything not listed, the request codes 0/30/40 included, reads 'Pending'. */
const LABELS: Record<InvitationState, string> = {
  approved: 'Approved',
  pending: 'Pending',
  accepted: 'Awaiting Approval',
  pendingApproval: 'Pending Approval',
  viewed: 'Awaiting Documents',
  underReview: 'Under Review',
  revoked: 'Revoked',
  withdrawn: 'Withdrawn',
  pendingAudit: 'Pending Audit',
  declined: 'Declined',
  customVendorOnboarding: 'Pending',
  other: 'Pending',
};
export const invitationLabel = (code: number): string => LABELS[invitationState(code)];

export type InvitationBadge = 'primary' | 'warning' | 'danger';
/**
 * Badge colours (SPEC §4.4): approved primary; the waiting states warning; revoked, withdrawn and
 * declined danger. Codes the SPEC does not list read 'Pending', so they wear the pending colour.
 */
const BADGES: Record<InvitationState, InvitationBadge> = {
  approved: 'primary',
  pending: 'warning',
  accepted: 'warning',
  pendingApproval: 'warning',
  pendingAudit: 'warning',
  underReview: 'warning',
  viewed: 'warning',
  customVendorOnboarding: 'warning',
  revoked: 'danger',
  withdrawn: 'danger',
  declined: 'danger',
  other: 'warning',
};
export const invitationBadge = (code: number): InvitationBadge => BADGES[invitationState(code)];

/** Whether an invitation may still be withdrawn, revoked or answered: not approved and not closed. */
export const isInvitationOpen = (code: number): boolean =>
  !['approved', 'revoked', 'withdrawn', 'declined'].includes(invitationState(code));
