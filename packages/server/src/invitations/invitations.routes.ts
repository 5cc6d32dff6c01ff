// Every invitations.* endpoint of core's catalogue (SPEC §7.5) and companies.invitations. Static paths
// (pending, todo, lookup, share-wallet...) are registered before the parameterised ones.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import { acceptShare, acceptUser, approveCustomVendor, approveGuest, approveShare, approveVendor, decline, resendVendor, revokeShare, saveStep, submitVendor, withdraw } from './answer.js';
import { invitationCtx } from './invitation-context.js';
import { companyInvitations, lookup, pending, todo } from './lists.js';
import { inviteGuestAccess, inviteShareWallet, inviteUser, inviteVendor, requestCompliance, validateVendorInvitation } from './send.js';
import { shareWalletList } from './share-wallet-list.js';

const e = endpoints.invitations;

export function registerInvitationRoutes(app: App): void {
  registerEndpoint(app, e.pending, async ({ services, user }) => pending(await invitationCtx(services, user)));
  registerEndpoint(app, e.todo, async ({ services, user }) => todo(await invitationCtx(services, user)));
  registerEndpoint(app, e.lookup, async ({ services, user }, { query }) => lookup(await invitationCtx(services, user), query.type, query.id));
  registerEndpoint(app, e.shareWalletList, async ({ services, user }, { query }) => shareWalletList(await invitationCtx(services, user), query));

  registerEndpoint(app, e.inviteUser, async ({ services, user }, { body }) => inviteUser(await invitationCtx(services, user), body));
  registerEndpoint(app, e.vendorOnboarding, async ({ services, user }, { body }) => inviteVendor(await invitationCtx(services, user), body));
  registerEndpoint(app, e.validateVendorOnboarding, async ({ services, user }, { body }) => validateVendorInvitation(await invitationCtx(services, user), body));
  registerEndpoint(app, e.shareWallet, async ({ services, user }, { body }) => inviteShareWallet(await invitationCtx(services, user), body));
  registerEndpoint(app, e.guestAccess, async ({ services, user }, { body }) => inviteGuestAccess(await invitationCtx(services, user), body));
  registerEndpoint(app, e.complianceRequestSharing, async ({ services, user }, { body }) => requestCompliance(await invitationCtx(services, user), body, 'sharing'));
  registerEndpoint(app, e.complianceRequestClaiming, async ({ services, user }, { body }) => requestCompliance(await invitationCtx(services, user), body, 'claiming'));

  registerEndpoint(app, e.withdrawShareWallet, async ({ services, user }, { params }) => withdraw(await invitationCtx(services, user), params.invitationId, 'share-wallet'));
  registerEndpoint(app, e.withdrawVendorOnboarding, async ({ services, user }, { params }) => withdraw(await invitationCtx(services, user), params.invitationId, 'vendor-onboarding'));
  registerEndpoint(app, e.resendVendor, async ({ services, user }, { params }) => resendVendor(await invitationCtx(services, user), params.invitationId));
  registerEndpoint(app, e.acceptUser, async ({ services, user }, { params }) => acceptUser(await invitationCtx(services, user), params.invitationId));
  registerEndpoint(app, e.revokeShareWallet, async ({ services, user }, { params }) => revokeShare(await invitationCtx(services, user), params.invitationId));
  registerEndpoint(app, e.approveShareWallet, async ({ services, user }, { params }) => approveShare(await invitationCtx(services, user), params.invitationId));
  registerEndpoint(app, e.approveVendorOnboarding, async ({ services, user }, { params }) => approveVendor(await invitationCtx(services, user), params.invitationId));
  registerEndpoint(app, e.approveCustomVendorOnboarding, async ({ services, user }, { params }) => approveCustomVendor(await invitationCtx(services, user), params.invitationID));
  registerEndpoint(app, e.approveGuestAccess, async ({ services, user }, { params, body }) => approveGuest(await invitationCtx(services, user), params.invitationID, body?.companyId));
  registerEndpoint(app, e.submitVendorOnboarding, async ({ services, user }, { params }) => submitVendor(await invitationCtx(services, user), params.id));
  registerEndpoint(app, e.stepVendorOnboarding, async ({ services, user }, { params, body }) => saveStep(await invitationCtx(services, user), params.id, body));
  registerEndpoint(app, e.decline, async ({ services, user }, { params }) => decline(await invitationCtx(services, user), params.id));
  registerEndpoint(app, e.acceptShareWallet, async ({ services, user }, { params, body }) => acceptShare(await invitationCtx(services, user), params.id, body?.companyId));

  registerEndpoint(app, endpoints.companies.invitations, async ({ services, user }, { params }) => companyInvitations(await invitationCtx(services, user), params.id));
}
