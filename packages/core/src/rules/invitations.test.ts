import { describe, expect, it } from 'vitest';
import {
  INVITATION_SOURCE,
  INVITE_STATUS,
  REQUEST_STATUS,
  SHARING_STATUS,
  INVITATION_MESSAGES,
  invitationActions,
  invitationBadge,
  invitationLabel,
  isInvitationOpen,
} from './invitations.js';

describe('invitation codes (SPEC §4.4)', () => {
  it('has the sharing, invite and request codes', () => {
    expect(SHARING_STATUS).toEqual({
      Pending: 23, Accepted: 24, Approved: 1, Declined: 20, Withdrawn: 21, Revoked: 22, PendingApproval: 25, UnderReview: 26, PendingAudit: 27,
    });
    expect(INVITE_STATUS).toEqual({
      Pending: 13, Approved: 1, Withdrawn: 11, Declined: 10, Revoked: 12, Viewed: 14, PendingApproval: 16, PendingAudit: 17, UnderReview: 15,
      CustomVendorOnboardingPending: 60,
    });
    expect(REQUEST_STATUS).toEqual({ Pending: 50, Approved: 1, Unknown: 0, Requesting_Pending: 30, UserType_Pending: 40 });
    expect(INVITATION_SOURCE).toEqual({ Vendor: 5, Sharing: 6, Request: 7 });
  });
});

describe('invitationLabel', () => {
  it.each([
    [1, 'Approved'],
    [23, 'Pending'], [13, 'Pending'], [50, 'Pending'],
    [24, 'Awaiting Approval'],
    [25, 'Pending Approval'], [16, 'Pending Approval'],
    [14, 'Awaiting Documents'],
    [26, 'Under Review'], [15, 'Under Review'],
    [22, 'Revoked'], [12, 'Revoked'],
    [21, 'Withdrawn'], [11, 'Withdrawn'],
    [27, 'Pending Audit'], [17, 'Pending Audit'],
    [20, 'Declined'], [10, 'Declined'],
  ])('code %i reads %s', (code, label) => {
    expect(invitationLabel(code)).toBe(label);
  });

  it("reads 'Pending' for anything else", () => {
    for (const code of [0, 30, 40, 60, 99, -1]) expect(invitationLabel(code)).toBe('Pending');
  });
});

describe('invitationBadge', () => {
  it('is primary for approved', () => {
    expect(invitationBadge(1)).toBe('primary');
  });

  it('is warning for pending, accepted, pending approval, audit, review, viewed and custom onboarding', () => {
    for (const code of [23, 13, 50, 24, 25, 16, 27, 17, 26, 15, 14, 60]) expect(invitationBadge(code)).toBe('warning');
  });

  it('is danger for revoked, withdrawn and declined', () => {
    for (const code of [22, 12, 21, 11, 20, 10]) expect(invitationBadge(code)).toBe('danger');
  });
});

describe('isInvitationOpen', () => {
  it('is false once approved or closed', () => {
    expect([1, 22, 21, 20, 12, 11, 10].some(isInvitationOpen)).toBe(false);
    expect([23, 13, 24, 14, 60].every(isInvitationOpen)).toBe(true);
  });
});

describe('invitation actions (SPEC §4.4)', () => {
  it('lets the invitee answer a user invitation, and nobody once it is answered', () => {
    expect(invitationActions('USER_TYPE', REQUEST_STATUS.UserType_Pending, 'recipient')).toEqual(['accept', 'decline']);
    expect(invitationActions('USER_TYPE', REQUEST_STATUS.UserType_Pending, 'sender')).toEqual([]);
    expect(invitationActions('USER_TYPE', SHARING_STATUS.Approved, 'recipient')).toEqual([]);
  });

  it('walks a vendor onboarding: withdraw/resend or submit/decline, then review, then nothing', () => {
    for (const status of [INVITE_STATUS.Pending, INVITE_STATUS.Viewed]) {
      expect(invitationActions('VENDOR_ONBOARDING', status, 'sender')).toEqual(['withdraw', 'resend']);
      expect(invitationActions('VENDOR_ONBOARDING', status, 'recipient')).toEqual(['submit', 'decline']);
    }
    expect(invitationActions('VENDOR_ONBOARDING', INVITE_STATUS.UnderReview, 'sender')).toEqual(['approve', 'decline']);
    expect(invitationActions('VENDOR_ONBOARDING', INVITE_STATUS.UnderReview, 'recipient')).toEqual([]);
    expect(invitationActions('CUSTOM_VENDOR_ONBOARDING', INVITE_STATUS.CustomVendorOnboardingPending, 'recipient')).toEqual(['approve', 'decline']);
    expect(invitationActions('CUSTOM_VENDOR_ONBOARDING', INVITE_STATUS.CustomVendorOnboardingPending, 'sender')).toEqual(['withdraw']);
    for (const closed of [INVITE_STATUS.Approved, INVITE_STATUS.Declined, INVITE_STATUS.Withdrawn]) {
      expect([...invitationActions('VENDOR_ONBOARDING', closed, 'sender'), ...invitationActions('VENDOR_ONBOARDING', closed, 'recipient')]).toEqual([]);
    }
  });

  it('walks a wallet share: accept, approve, revoke', () => {
    expect(invitationActions('SHARE_WALLET', SHARING_STATUS.Pending, 'recipient')).toEqual(['accept', 'decline']);
    expect(invitationActions('SHARE_WALLET', SHARING_STATUS.Pending, 'sender')).toEqual(['withdraw']);
    expect(invitationActions('SHARE_WALLET', SHARING_STATUS.Accepted, 'sender')).toEqual(['approve', 'withdraw']);
    expect(invitationActions('SHARE_WALLET', SHARING_STATUS.Approved, 'sender')).toEqual(['revoke']);
    // Issue 13: the recipient of an approved share withdraws from it.
    expect(invitationActions('SHARE_WALLET', SHARING_STATUS.Approved, 'recipient')).toEqual(['withdraw']);
    expect(invitationActions('SHARE_WALLET', SHARING_STATUS.Revoked, 'sender')).toEqual([]);
  });

  it('lets the recipient answer guest access and compliance requests', () => {
    expect(invitationActions('GUEST_ACCESS', INVITE_STATUS.Pending, 'recipient')).toEqual(['approve', 'decline']);
    expect(invitationActions('GUEST_ACCESS', INVITE_STATUS.Pending, 'sender')).toEqual([]);
    expect(invitationActions('COMPLIANCE_REQUEST', REQUEST_STATUS.Pending, 'recipient')).toEqual(['accept', 'decline']);
    expect(invitationActions('COMPLIANCE_REQUEST', REQUEST_STATUS.Approved, 'recipient')).toEqual([]);
  });

  it('has the SPEC §8 toasts exactly', () => {
    expect(INVITATION_MESSAGES.revoked).toBe('You have revoked this share successfully..');
    expect(INVITATION_MESSAGES.resent).toBe('An email has been resend to the vendor successfully.');
  });
});
