// The invitations endpoints (SPEC §7.5), companies.invitations, and companies.create, which can answer an
// invitation: each reads the caller into an InvitationCtx and calls the invitation operation.
import { endpoints } from '@permitdesk/core';
import { auditActor } from '../http/audit-actor.js';
import type { EndpointHandler } from '../http/register.js';
import { acceptShare, acceptUser, approveCustomVendor, approveShare, approveVendor, createAnsweringCompany, decline, resendVendor, revokeShare, saveStep, submitVendor, withdraw } from './answer.js';
import { approveGuest, endGuestGrant, inviteGuest, listGuestGrants } from './guest-access.js';
import { invitationCtx } from './invitation-context.js';
import { companyInvitations, lookup, pending, todo } from './lists.js';
import { inviteShareWallet, inviteUser, inviteVendor, requestCompliance, validateVendorInvitation } from './send.js';
import { shareWalletList } from './share-wallet-list.js';

const e = endpoints.invitations;

/** POST /v4/companies: a company of the caller's own, or (?invitation=) the one that answers a vendor onboarding. */
export const createCompany: EndpointHandler<typeof endpoints.companies.create> = async ({ services, user, c }, { body, query }) => {
  const input = { name: body.name, address: body.address ?? null, fromURL: body.fromURL ?? null };
  return query.invitation === undefined
    ? services.companies.create(input, user.sub, { actor: auditActor(c, user, 'customer') })
    : createAnsweringCompany(await invitationCtx(services, user, auditActor(c, user, 'customer')), query.invitation, input);
};

export const pendingInvitations: EndpointHandler<typeof e.pending> = async ({ services, user, c }) => pending(await invitationCtx(services, user, auditActor(c, user, 'customer')));
export const todoInvitations: EndpointHandler<typeof e.todo> = async ({ services, user, c }) => todo(await invitationCtx(services, user, auditActor(c, user, 'customer')));
export const lookupInvitation: EndpointHandler<typeof e.lookup> = async ({ services, user, c }, { query }) => lookup(await invitationCtx(services, user, auditActor(c, user, 'customer')), query.type, query.id);
export const listShareWallets: EndpointHandler<typeof e.shareWalletList> = async ({ services, user, c }, { query }) => shareWalletList(await invitationCtx(services, user, auditActor(c, user, 'customer')), query);

export const sendUserInvitation: EndpointHandler<typeof e.inviteUser> = async ({ services, user, c }, { body }) => inviteUser(await invitationCtx(services, user, auditActor(c, user, 'customer')), body);
export const sendVendorOnboarding: EndpointHandler<typeof e.vendorOnboarding> = async ({ services, user, c }, { body }) => inviteVendor(await invitationCtx(services, user, auditActor(c, user, 'customer')), body);
export const validateVendorOnboarding: EndpointHandler<typeof e.validateVendorOnboarding> = async ({ services, user, c }, { body }) => validateVendorInvitation(await invitationCtx(services, user, auditActor(c, user, 'customer')), body);
export const sendShareWallet: EndpointHandler<typeof e.shareWallet> = async ({ services, user, c }, { body }) => inviteShareWallet(await invitationCtx(services, user, auditActor(c, user, 'customer')), body);
export const sendGuestAccess: EndpointHandler<typeof e.guestAccess> = async ({ services, user, c }, { body }) => inviteGuest(await invitationCtx(services, user, auditActor(c, user, 'customer')), body);
export const requestComplianceSharing: EndpointHandler<typeof e.complianceRequestSharing> = async ({ services, user, c }, { body }) => requestCompliance(await invitationCtx(services, user, auditActor(c, user, 'customer')), body, 'sharing');
export const requestComplianceClaiming: EndpointHandler<typeof e.complianceRequestClaiming> = async ({ services, user, c }, { body }) => requestCompliance(await invitationCtx(services, user, auditActor(c, user, 'customer')), body, 'claiming');

export const withdrawShareWallet: EndpointHandler<typeof e.withdrawShareWallet> = async ({ services, user, c }, { params }) => withdraw(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.invitationId, 'share-wallet');
export const withdrawVendorOnboarding: EndpointHandler<typeof e.withdrawVendorOnboarding> = async ({ services, user, c }, { params }) => withdraw(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.invitationId, 'vendor-onboarding');
export const resendVendorOnboarding: EndpointHandler<typeof e.resendVendor> = async ({ services, user, c }, { params }) => resendVendor(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.invitationId);
export const acceptUserInvitation: EndpointHandler<typeof e.acceptUser> = async ({ services, user, c }, { params }) => acceptUser(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.invitationId);
export const revokeShareWallet: EndpointHandler<typeof e.revokeShareWallet> = async ({ services, user, c }, { params }) => revokeShare(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.invitationId);
export const approveShareWallet: EndpointHandler<typeof e.approveShareWallet> = async ({ services, user, c }, { params }) => approveShare(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.invitationId);
export const approveVendorOnboarding: EndpointHandler<typeof e.approveVendorOnboarding> = async ({ services, user, c }, { params }) => approveVendor(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.invitationId);
export const approveCustomVendorOnboarding: EndpointHandler<typeof e.approveCustomVendorOnboarding> = async ({ services, user, c }, { params }) => approveCustomVendor(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.invitationID);
export const approveGuestAccess: EndpointHandler<typeof e.approveGuestAccess> = async ({ services, user, c }, { params, body }) => approveGuest(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.invitationID, body?.companyId);
export const submitVendorOnboarding: EndpointHandler<typeof e.submitVendorOnboarding> = async ({ services, user, c }, { params }) => submitVendor(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.id);
export const saveVendorOnboardingStep: EndpointHandler<typeof e.stepVendorOnboarding> = async ({ services, user, c }, { params, body }) => saveStep(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.id, body);
export const declineInvitation: EndpointHandler<typeof e.decline> = async ({ services, user, c }, { params }) => decline(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.id);
export const acceptShareWallet: EndpointHandler<typeof e.acceptShareWallet> = async ({ services, user, c }, { params, body }) => acceptShare(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.id, body?.companyId);

export const listCompanyInvitations: EndpointHandler<typeof endpoints.companies.invitations> = async ({ services, user, c }, { params }) =>
  companyInvitations(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.id);

// Guest grants (issue 13): the lists both ways, and ending one from either side.
export const listGuestAccess: EndpointHandler<typeof endpoints.guestAccess.list> = async ({ services, user, c }, { query }) => listGuestGrants(await invitationCtx(services, user, auditActor(c, user, 'customer')), query.company);
export const endGuestAccess: EndpointHandler<typeof endpoints.guestAccess.end> = async ({ services, user, c }, { params }) => endGuestGrant(await invitationCtx(services, user, auditActor(c, user, 'customer')), params.grantId);
