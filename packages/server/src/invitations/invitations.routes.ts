// Wiring of every invitations.* endpoint of core's catalogue (SPEC §7.5) and companies.invitations. Static
// paths (pending, todo, lookup, share-wallet...) are registered before the parameterised ones.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './invitations.handlers.js';

const e = endpoints.invitations;

/** companies.create answers invitations too, so it is served from here; routes.ts registers it just before the companies routes. */
export function registerCompanyCreateRoute(app: App): void {
  registerEndpoint(app, endpoints.companies.create, h.createCompany);
}

export function registerInvitationRoutes(app: App): void {
  registerEndpoint(app, e.pending, h.pendingInvitations);
  registerEndpoint(app, e.todo, h.todoInvitations);
  registerEndpoint(app, e.lookup, h.lookupInvitation);
  registerEndpoint(app, e.shareWalletList, h.listShareWallets);
  registerEndpoint(app, endpoints.guestAccess.list, h.listGuestAccess);
  registerEndpoint(app, endpoints.guestAccess.end, h.endGuestAccess);

  registerEndpoint(app, e.inviteUser, h.sendUserInvitation);
  registerEndpoint(app, e.vendorOnboarding, h.sendVendorOnboarding);
  registerEndpoint(app, e.validateVendorOnboarding, h.validateVendorOnboarding);
  registerEndpoint(app, e.shareWallet, h.sendShareWallet);
  registerEndpoint(app, e.guestAccess, h.sendGuestAccess);
  registerEndpoint(app, e.complianceRequestSharing, h.requestComplianceSharing);
  registerEndpoint(app, e.complianceRequestClaiming, h.requestComplianceClaiming);

  registerEndpoint(app, e.withdrawShareWallet, h.withdrawShareWallet);
  registerEndpoint(app, e.withdrawVendorOnboarding, h.withdrawVendorOnboarding);
  registerEndpoint(app, e.resendVendor, h.resendVendorOnboarding);
  registerEndpoint(app, e.acceptUser, h.acceptUserInvitation);
  registerEndpoint(app, e.revokeShareWallet, h.revokeShareWallet);
  registerEndpoint(app, e.approveShareWallet, h.approveShareWallet);
  registerEndpoint(app, e.approveVendorOnboarding, h.approveVendorOnboarding);
  registerEndpoint(app, e.approveCustomVendorOnboarding, h.approveCustomVendorOnboarding);
  registerEndpoint(app, e.approveGuestAccess, h.approveGuestAccess);
  registerEndpoint(app, e.submitVendorOnboarding, h.submitVendorOnboarding);
  registerEndpoint(app, e.stepVendorOnboarding, h.saveVendorOnboardingStep);
  registerEndpoint(app, e.decline, h.declineInvitation);
  registerEndpoint(app, e.acceptShareWallet, h.acceptShareWallet);

  registerEndpoint(app, endpoints.companies.invitations, h.listCompanyInvitations);
}
