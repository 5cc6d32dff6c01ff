// Invitations (SPEC §7.5) and the company lookups that go with them (SPEC §7.4).
import * as v from 'valibot';
import { idParamSchema, textSchema as text } from '../schemas/common.js';
import { companySchema, documentSchema } from '../schemas/company.js';
import {
  invitationAnswerSchema,
  invitationKindSchema,
  invitationSchema,
  inviteCompanySchema,
  inviteUserSchema,
  pendingInvitationsSchema,
  todoInvitationsSchema,
  vendorOnboardingStepSchema,
} from '../schemas/invitation.js';
import { inviteGuestSchema } from '../schemas/guest-access.js';
import { creatingEndpoint, endpoint } from './endpoint.js';

const byId = <const N extends string>(name: N) => v.object({ [name]: idParamSchema } as { [K in N]: typeof idParamSchema });
const put = <const N extends string = 'invitationId'>(path: string, summary: string, param: N = 'invitationId' as N) =>
  endpoint({ method: 'PUT', path, auth: 'bearer', summary, params: byId(param), response: invitationSchema, returnsErrorBody: true });
/** The same, with the answering company in the body (optional: the only company that fits is taken). */
const answer = <const N extends string = 'invitationId'>(path: string, summary: string, param: N = 'invitationId' as N) =>
  endpoint({ method: 'PUT', path, auth: 'bearer', summary, params: byId(param), body: invitationAnswerSchema, response: invitationSchema, returnsErrorBody: true });

export const invitationEndpoints = {
  pending: endpoint({ method: 'GET', path: '/v4/invitations/pending', auth: 'bearer', summary: 'Invitations waiting on the user', response: pendingInvitationsSchema }),
  todo: endpoint({ method: 'GET', path: '/v4/invitations/todo', auth: 'bearer', summary: 'Invitations the user must act on', response: todoInvitationsSchema }),
  lookup: endpoint({
    method: 'GET', path: '/v4/invitations/lookup', auth: 'bearer', summary: 'One invitation of a kind',
    // SPEC §7.5 names VENDOR_ONBOARDING and SHARE_WALLET; the other kinds' pages read theirs the same way.
    query: v.object({ type: invitationKindSchema, id: idParamSchema }), response: invitationSchema,
  }),
  vendorOnboarding: creatingEndpoint({ method: 'POST', path: '/v4/invitations/vendor-onboarding', auth: 'bearer', summary: 'Invite a vendor', body: inviteCompanySchema, response: invitationSchema, returnsErrorBody: true }),
  validateVendorOnboarding: endpoint({
    method: 'POST', path: '/v4/invitations/validate-vendor-onboarding', auth: 'bearer', summary: 'Check a vendor invitation before sending',
    body: inviteCompanySchema, response: v.object({ valid: v.boolean(), message: v.nullable(v.string()) }), returnsErrorBody: true,
  }),
  withdrawShareWallet: put('/v4/invitations/withdraw/{invitationId}/share-wallet', 'Withdraw a share-wallet invitation'),
  withdrawVendorOnboarding: put('/v4/invitations/withdraw/{invitationId}/vendor-onboarding', 'Withdraw a vendor invitation'),
  resendVendor: endpoint({
    method: 'PATCH', path: '/v4/invitations/{invitationId}/resend-invitation-for-vendor', auth: 'bearer', summary: 'Mail a vendor invitation again',
    params: byId('invitationId'), response: invitationSchema, returnsErrorBody: true,
  }),
  inviteUser: creatingEndpoint({ method: 'POST', path: '/v4/invitations/user-type', auth: 'bearer', summary: 'Invite a user to a company with a role', body: inviteUserSchema, response: invitationSchema, returnsErrorBody: true }),
  acceptUser: put('/v4/invitations/accept/{invitationId}/user-type', 'Accept a company user invitation'),
  revokeShareWallet: put('/v4/invitations/revoke/{invitationId}/share-wallet', 'Revoke a wallet share'),
  approveShareWallet: put('/v4/invitations/approve/{invitationId}/share-wallet', 'Approve a wallet share'),
  approveVendorOnboarding: put('/v4/invitations/approve/{invitationId}/vendor-onboarding', 'Approve a vendor onboarding'),
  approveCustomVendorOnboarding: put('/v4/invitations/approve/{invitationID}/custom-vendor-onboarding', 'Approve a custom vendor onboarding', 'invitationID'),
  shareWalletList: endpoint({
    method: 'GET', path: '/v4/invitations/share-wallet', auth: 'bearer', summary: 'Wallet shares of a company',
    query: v.object({ company: idParamSchema, 'include-outbound': v.optional(v.picklist(['true', 'false'])), 'include-inbound': v.optional(v.picklist(['true', 'false'])) }),
    response: v.object({ inbound: v.array(invitationSchema), outbound: v.array(invitationSchema) }),
  }),
  complianceRequestSharing: creatingEndpoint({ method: 'POST', path: '/v4/invitations/compliance-request/sharing', auth: 'bearer', summary: 'Ask a company to share its wallet', body: inviteCompanySchema, response: invitationSchema, returnsErrorBody: true }),
  shareWallet: creatingEndpoint({ method: 'POST', path: '/v4/invitations/share-wallet', auth: 'bearer', summary: 'Share the wallet with a company', body: inviteCompanySchema, response: invitationSchema, returnsErrorBody: true }),
  guestAccess: creatingEndpoint({ method: 'POST', path: '/v4/invitations/guest-access', auth: 'bearer', summary: 'Invite a company as a guest, choosing what it sees (vault and/or projects)', body: inviteGuestSchema, response: invitationSchema, returnsErrorBody: true }),
  complianceRequestClaiming: creatingEndpoint({ method: 'POST', path: '/v4/invitations/compliance-request/claiming', auth: 'bearer', summary: 'Claim a compliance request', body: inviteCompanySchema, response: invitationSchema, returnsErrorBody: true }),
  approveGuestAccess: answer('/v4/invitations/guest-access/{invitationID}/approve', 'Approve guest access', 'invitationID'),
  submitVendorOnboarding: put('/v4/invitations/submit/{id}/vendor-onboarding', 'Submit a vendor onboarding', 'id'),
  stepVendorOnboarding: endpoint({
    method: 'PUT', path: '/v4/invitations/step/{id}/vendor-onboarding', auth: 'bearer', summary: 'Save a vendor onboarding step',
    params: byId('id'), body: vendorOnboardingStepSchema, response: invitationSchema, returnsErrorBody: true,
  }),
  decline: put('/v4/invitations/decline/{id}', 'Decline an invitation', 'id'),
  acceptShareWallet: answer('/v4/invitations/accept/{id}/share-wallet', 'Accept a wallet share or a compliance request', 'id'),
} as const;

export const companyLookupEndpoints = {
  vendors: endpoint({
    method: 'GET', path: '/v4/lookup/vendors', auth: 'bearer', summary: 'Search vendors (size 20 from page 1, +customerName)',
    query: v.object({
      keyword: v.optional(text(200)),
      size: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100)), 20),
      page: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1)), 1),
      sort: v.optional(v.picklist(['+customerName', '-customerName']), '+customerName'),
      /** Only the vendors of this client: a company id, or 'Individual' for the personal account (all of the user's when absent). */
      'vendor-for': v.optional(text(50)),
    }),
    response: companySchema, paging: 'headers',
  }),
  companyInfo: endpoint({
    method: 'GET', path: '/v4/lookup/company-info', auth: 'bearer', summary: 'Companies with exactly this name (uniqueness check)',
    query: v.object({ key: text(200) }), response: v.array(v.object({ id: v.number(), name: v.string() })),
  }),
  emailDomain: endpoint({
    method: 'GET', path: '/v4/lookup/email-domain', auth: 'bearer', summary: 'Companies using the domain of an e-mail address',
    query: v.object({ email: text(100), 'exclude-owner': v.optional(v.picklist(['true', 'false'])), 'exclude-vendor': v.optional(idParamSchema) }),
    response: v.array(v.object({ id: v.number(), name: v.string() })),
  }),
  compliancePermissionDocuments: endpoint({
    method: 'GET', path: '/v4/lookup/compliance-permission-documents', auth: 'bearer', summary: 'Documents an invitation may see',
    query: v.object({ invitation: idParamSchema }), response: v.array(documentSchema),
  }),
} as const;

