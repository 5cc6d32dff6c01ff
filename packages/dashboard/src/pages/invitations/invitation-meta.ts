// What the invitation pages say about an invitation: its kind in words, its status label and badge colour
// (core's SPEC §4.4 rules), the pages where each kind is answered, and the toasts of SPEC §8.
import { INVITATION_MESSAGES, invitationBadge, invitationLabel, type Invitation, type InvitationKind } from '@permitdesk/core';

export const KIND_LABELS: Readonly<Record<InvitationKind, string>> = {
  USER_TYPE: 'Company user',
  VENDOR_ONBOARDING: 'Vendor onboarding',
  CUSTOM_VENDOR_ONBOARDING: 'Vendor onboarding (company approval)',
  SHARE_WALLET: 'Shared compliance wallet',
  GUEST_ACCESS: 'Guest access',
  COMPLIANCE_REQUEST: 'Compliance request',
};

export const kindLabel = (invitation: Pick<Invitation, 'kind' | 'requestType'>): string =>
  invitation.kind === 'COMPLIANCE_REQUEST' && invitation.requestType === 'claiming' ? 'Vendor claim' : KIND_LABELS[invitation.kind];

export const statusOf = (status: number) => ({ label: invitationLabel(status), badge: invitationBadge(status) });

/** The page where the invitation is answered (the links the mails carry, without the query). */
export function invitationPath(invitation: Pick<Invitation, 'kind' | 'invitationId' | 'status'>): string {
  const id = invitation.invitationId;
  switch (invitation.kind) {
    case 'USER_TYPE':
      return `/invite-user-type/${id}/accept`;
    case 'VENDOR_ONBOARDING':
      return `/vendor-onboarding/${id}`;
    case 'CUSTOM_VENDOR_ONBOARDING':
      return invitation.status === 60 ? `/custom-vendor-onboarding/${id}/approve` : `/vendor-onboarding/${id}`;
    case 'SHARE_WALLET':
    case 'COMPLIANCE_REQUEST':
      return `/compliance-wallet-share/${id}/accept`;
    case 'GUEST_ACCESS':
      return `/guest-access/${id}/approve`;
  }
}

/** Toasts after each action: SPEC §8's where it has them, ours for the others. */
export const ACTION_TOASTS = {
  withdraw: { done: INVITATION_MESSAGES.withdrawn, failed: INVITATION_MESSAGES.withdrawFailed },
  resend: { done: INVITATION_MESSAGES.resent, failed: INVITATION_MESSAGES.resendFailed },
  revoke: { done: INVITATION_MESSAGES.revoked, failed: INVITATION_MESSAGES.revokeFailed },
  approve: { done: 'The invitation has been approved.', failed: 'An error occurred while approving the invitation.' },
  accept: { done: 'The invitation has been accepted.', failed: 'An error occurred while accepting the invitation.' },
  decline: { done: 'The invitation has been declined.', failed: 'An error occurred while declining the invitation.' },
  submit: { done: 'Your vendor onboarding has been submitted.', failed: 'An error occurred while submitting the onboarding.' },
} as const;

export const ACTION_LABELS = {
  withdraw: 'Withdraw',
  resend: 'Resend',
  revoke: 'Revoke',
  approve: 'Approve',
  accept: 'Accept',
  decline: 'Decline',
  submit: 'Submit',
} as const;
