// The mails of the invitation flows and the dashboard links they carry. Mails are queued in the caller's
// transaction, so an invitation that fails to save sends nothing.
import { ROLE_LABELS, type InvitationKind } from '@permitdesk/core';
import { companyManagerEmails } from '../companies/company-access.js';
import type { AppServices } from '../services.js';
import type { Db } from '../db/schema.js';

/** The dashboard page where each kind of invitation is answered (SPEC §2.1, §2.2). */
export function invitationLink(publicUrl: string, kind: InvitationKind, id: number, email: string): string {
  const query = `?email_address=${encodeURIComponent(email)}`;
  switch (kind) {
    case 'USER_TYPE':
      return `${publicUrl}/invite-user-type/${id}/accept${query}`;
    case 'VENDOR_ONBOARDING':
    case 'CUSTOM_VENDOR_ONBOARDING':
      return `${publicUrl}/vendor-onboarding/${id}${query}`;
    case 'SHARE_WALLET':
    case 'COMPLIANCE_REQUEST':
      return `${publicUrl}/compliance-wallet-share/${id}/accept${query}`;
    case 'GUEST_ACCESS':
      return `${publicUrl}/guest-access/${id}/approve${query}`;
  }
}
export const customApprovalLink = (publicUrl: string, id: number) => `${publicUrl}/custom-vendor-onboarding/${id}/approve`;
export const notifyLink = (publicUrl: string) => `${publicUrl}/invitations/notify`;

export interface InvitationMailInput {
  kind: InvitationKind;
  id: number;
  email: string;
  inviterName: string;
  fromCompanyName: string;
  role?: 'administrator' | 'pm' | 'user' | null;
  requestType?: 'sharing' | 'claiming' | null;
  message?: string | null;
  temporaryPassword?: string | null;
  /** The invitee's account waits for its first sign-in with a temporary password mailed earlier. */
  earlierPassword?: boolean;
}

/** The first mail of an invitation, to its invitee. */
export async function mailInvitation(services: AppServices, db: Db, input: InvitationMailInput): Promise<void> {
  const link = invitationLink(services.config.PUBLIC_URL, input.kind, input.id, input.email);
  const who = `${input.inviterName} of ${input.fromCompanyName}`;
  if (input.kind === 'USER_TYPE') {
    await services.mail.send(
      'invitation',
      input.email,
      { inviterName: input.inviterName, companyName: input.fromCompanyName, role: input.role ? ROLE_LABELS[input.role] : null, link, temporaryPassword: input.temporaryPassword ?? null, earlierPassword: input.earlierPassword ?? false },
      { db },
    );
    return;
  }
  const copy: Record<Exclude<InvitationKind, 'USER_TYPE'>, { title: string; intro: string; action: string }> = {
    VENDOR_ONBOARDING: { title: `${input.fromCompanyName} invited you to onboard as a vendor`, intro: `${who} invited you to onboard your company as their vendor on PermitDesk.`, action: 'Start the onboarding' },
    CUSTOM_VENDOR_ONBOARDING: { title: `${input.fromCompanyName} invited you to onboard as a vendor`, intro: `${who} invited you to onboard your company as their vendor on PermitDesk; your company approved it.`, action: 'Start the onboarding' },
    SHARE_WALLET: { title: `${input.fromCompanyName} shared its compliance wallet with you`, intro: `${who} shared their licenses, insurance and certificates with you on PermitDesk.`, action: 'Accept the share' },
    GUEST_ACCESS: { title: `${input.fromCompanyName} invited your company as a guest`, intro: `${who} invited your company as a guest on PermitDesk: once you accept, your team sees, read-only, what they share with you.`, action: 'Review the invitation' },
    COMPLIANCE_REQUEST:
      input.requestType === 'claiming'
        ? { title: `${input.fromCompanyName} asks to be your vendor`, intro: `${who} asks to be recognised as your vendor on PermitDesk and to share their compliance wallet with you.`, action: 'Review the request' }
        : { title: `${input.fromCompanyName} asks for your compliance documents`, intro: `${who} asks you to share your licenses, insurance and certificates on PermitDesk.`, action: 'Review the request' },
  };
  await services.mail.send('invitation_notice', input.email, { ...copy[input.kind], message: input.message ?? null, link }, { db });
}

/** A short notice to a list of addresses (the other side of an invitation moved it on). */
export async function mailNotice(services: AppServices, db: Db, to: readonly string[], notice: { title: string; intro: string; link: string; action: string }): Promise<void> {
  for (const address of new Set(to)) await services.mail.send('invitation_notice', address, { ...notice, message: null }, { db });
}

/** The e-mail addresses of a company's active owners and administrators. */
export const managerEmails = companyManagerEmails;
