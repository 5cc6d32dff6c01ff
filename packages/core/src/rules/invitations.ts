// Invitation status codes, sources, labels and badge colours (SPEC §4.4).
// The three code tables share only 1 (Approved), so one code always names one state.
import type { InvitationAction, InvitationKind, InvitationSide } from '../schemas/invitation.js';

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

/** The invitation toasts of SPEC §8, exactly as written there (typos and doubled dots included). */
export const INVITATION_MESSAGES = {
  withdrawn: 'The invitation has been withdrawn successfully.',
  withdrawFailed: 'An error occurred while withdrawing the invitation!',
  resent: 'An email has been resend to the vendor successfully.',
  resendFailed: 'An error occurred while resend the invitation!',
  revoked: 'You have revoked this share successfully..',
  revokeFailed: 'An error occurred while revoke share wallet invite!',
  /** Invite company user failure when the server gives no message. */
  inviteUserFailed: 'An error occurred while sending company user invitation.',
  vendorUpdated: 'Your vendor information has been updated successfully.',
} as const;

/** Vendor onboarding invitations: the plain kind and the one its e-mail domain's company must approve first. */
export const isVendorOnboardingKind = (kind: InvitationKind): boolean => kind === 'VENDOR_ONBOARDING' || kind === 'CUSTOM_VENDOR_ONBOARDING';

/**
 * What each side may do with an invitation in its current state (SPEC §4.4 actions). The server
 * authorises every answer with this table and sends the result as `actions`; pages show just those.
 * - user invitation (pending 40): the invitee accepts or declines.
 * - vendor onboarding: while pending or viewed the client withdraws or resends and the vendor submits
 *   or declines; once submitted (under review) the client approves or declines; a custom onboarding
 *   (60) waits for the company of the e-mail's domain to approve, and the client may withdraw it.
 * - share wallet: pending → the recipient accepts or declines, the sharer withdraws; accepted → the
 *   sharer approves or withdraws; approved → the sharer revokes, the recipient withdraws (issue 13: either
 *   side ends an open wallet at once).
 * - guest access (13) and compliance requests (50): the recipient answers.
 */
export function invitationActions(kind: InvitationKind, status: number, side: InvitationSide): InvitationAction[] {
  const sender = side === 'sender';
  switch (kind) {
    case 'USER_TYPE':
      return !sender && status === REQUEST_STATUS.UserType_Pending ? ['accept', 'decline'] : [];
    case 'VENDOR_ONBOARDING':
    case 'CUSTOM_VENDOR_ONBOARDING':
      if (status === INVITE_STATUS.CustomVendorOnboardingPending) return sender ? ['withdraw'] : ['approve', 'decline'];
      if (status === INVITE_STATUS.Pending || status === INVITE_STATUS.Viewed) return sender ? ['withdraw', 'resend'] : ['submit', 'decline'];
      if (status === INVITE_STATUS.UnderReview) return sender ? ['approve', 'decline'] : [];
      return [];
    case 'SHARE_WALLET':
      if (status === SHARING_STATUS.Pending) return sender ? ['withdraw'] : ['accept', 'decline'];
      if (status === SHARING_STATUS.Accepted) return sender ? ['approve', 'withdraw'] : [];
      if (status === SHARING_STATUS.Approved) return sender ? ['revoke'] : ['withdraw'];
      return [];
    case 'GUEST_ACCESS':
      return !sender && status === INVITE_STATUS.Pending ? ['approve', 'decline'] : [];
    case 'COMPLIANCE_REQUEST':
      return !sender && status === REQUEST_STATUS.Pending ? ['accept', 'decline'] : [];
  }
}
