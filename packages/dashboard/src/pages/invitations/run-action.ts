// Performs one action on an invitation through the catalogue call that fits its kind and state, and tells
// the user with the toast of SPEC §8. These calls hand back the server's error body (SPEC §7.5).
import type { ApiResult } from '@permitdesk/core/client';
import type { Invitation, InvitationAction } from '@permitdesk/core';
import { api } from '../../session/api.js';
import { notify } from '../../ui/notify.js';
import { ACTION_TOASTS } from './invitation-meta.js';

type Target = Pick<Invitation, 'invitationId' | 'kind' | 'status'>;

/** The call behind an action; `companyId` answers for one of the user's companies where that matters. */
export function callFor(invitation: Target, action: InvitationAction, companyId?: number): Promise<ApiResult<Invitation>> {
  const id = invitation.invitationId;
  const i = api.invitations;
  const answering = { body: companyId === undefined ? {} : { companyId } };
  switch (action) {
    case 'withdraw':
      return invitation.kind === 'SHARE_WALLET' ? i.withdrawShareWallet({ params: { invitationId: id } }) : i.withdrawVendorOnboarding({ params: { invitationId: id } });
    case 'resend':
      return i.resendVendor({ params: { invitationId: id } });
    case 'revoke':
      return i.revokeShareWallet({ params: { invitationId: id } });
    case 'approve':
      if (invitation.kind === 'SHARE_WALLET') return i.approveShareWallet({ params: { invitationId: id } });
      if (invitation.kind === 'GUEST_ACCESS') return i.approveGuestAccess({ params: { invitationID: id }, ...answering });
      if (invitation.kind === 'CUSTOM_VENDOR_ONBOARDING' && invitation.status === 60) return i.approveCustomVendorOnboarding({ params: { invitationID: id } });
      return i.approveVendorOnboarding({ params: { invitationId: id } });
    case 'accept':
      return invitation.kind === 'USER_TYPE' ? i.acceptUser({ params: { invitationId: id } }) : i.acceptShareWallet({ params: { id }, ...answering });
    case 'decline':
      return i.decline({ params: { id } });
    case 'submit':
      return i.submitVendorOnboarding({ params: { id } });
  }
}

/** Runs the action and shows its toast; resolves to the updated invitation, or null when it failed. */
export async function runAction(invitation: Target, action: InvitationAction, companyId?: number): Promise<Invitation | null> {
  const toast = ACTION_TOASTS[action];
  let result: ApiResult<Invitation>;
  try {
    result = await callFor(invitation, action, companyId);
  } catch (error) {
    notify('error', toast.failed, error instanceof Error ? error.message : undefined);
    return null;
  }
  if (!result.ok) {
    notify('error', toast.failed, result.error.message);
    return null;
  }
  notify('success', toast.done);
  return result.data;
}
