import { describe, expect, it } from 'vitest';
import {
  INVITATION_SOURCE,
  INVITE_STATUS,
  REQUEST_STATUS,
  SHARING_STATUS,
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
