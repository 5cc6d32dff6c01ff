// The invitation pages against a fake network at the fetch boundary (everything above it is the real
// client, session store and router): accepting a user invitation (and the anonymous detour through
// /sign-up/invite), /invitations/notify with core's labels and badge colours and the SPEC §8 toasts,
// a wallet share answered for a chosen company, the vendor onboarding wizard, and the quote page.
import type { Invitation } from '@permitdesk/core';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../session/redirect-memory.js';
import { sessionStore } from '../../session/session.js';
import { fakeNetwork, profile, tokens, type Route } from '../../test/fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import QuotePage from '../public/quote-page.js';
import InviteUserTypePage from './invite-user-type-page.js';
import InvitationsNotifyPage from './invitations-notify-page.js';
import VendorOnboardingPage from './vendor-onboarding-page.js';
import WalletSharePage from './wallet-share-page.js';
import { signIn } from '../../test/session.js';

let net: ReturnType<typeof fakeNetwork>;
const calls = (method: string, path: string) => net.calls.filter((c) => c.method === method && c.url.pathname === path);

const invitation = (over: Partial<Invitation> = {}): Invitation => ({
  invitationId: 7, kind: 'USER_TYPE', status: 40, source: 7, fromCompany: { id: 11, name: 'Acme Builders' }, toCompany: null, email: 'ann@example.com',
  role: 'pm', createdAt: '2026-01-02T10:00:00.000Z', updatedAt: '2026-01-02T10:00:00.000Z', companyName: null, message: null, requestType: null,
  existingVendor: false, side: 'recipient', actions: ['accept', 'decline'], ...over,
});

const signInWith = (permissions = {}) => signIn(profile({}, permissions));

beforeEach(() => localStorage.clear());
afterEach(() => {
  sessionStore.setState({ isAuthenticated: false, authToken: null, refreshToken: null, user: null, currentCompanyId: null });
  vi.unstubAllGlobals();
});

describe('InviteUserTypePage', () => {
  const open = (url = '/invite-user-type/7/accept?email_address=ann%40example.com') => renderRoute(<InviteUserTypePage />, '/invite-user-type/:id/accept', url);

  it('sends an anonymous visitor to /sign-up/invite, remembering this page and its query', async () => {
    net = fakeNetwork({});
    const view = open();
    await waitFor(() => expect(view.location()).toBe('/sign-up/invite'));
    expect(localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBe('/invite-user-type/7/accept?email_address=ann%40example.com');
    expect(localStorage.getItem(STORAGE_KEYS.invitationQuery)).toBe('?email_address=ann%40example.com');
    expect(net.calls).toHaveLength(0);
  });

  it('accepts: joins the company, refreshes the permissions and makes it the current company', async () => {
    signInWith();
    const joined = profile({}, { '11': { name: 'Acme Builders', role: 'pm' } });
    net = fakeNetwork({
      'GET /v4/invitations/lookup': () => ({ body: invitation() }),
      'PUT /v4/invitations/accept/7/user-type': () => ({ body: invitation({ status: 1, actions: [] }) }),
      'POST /auth/refresh': () => ({ body: { tokens: tokens(), profile: joined } }),
    });
    open();
    expect(await screen.findByText('Acme Builders invited you to join the company on PermitDesk as Project Manager.')).toBeTruthy();
    expect(screen.getByText('Pending').className).toContain('invitation-badge--warning');
    expect(calls('GET', '/v4/invitations/lookup')[0]?.url.search).toBe('?type=USER_TYPE&id=7');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(/You are now a member of Acme Builders/)).toBeTruthy();
    expect(await screen.findByText('The invitation has been accepted.')).toBeTruthy();
    expect(sessionStore.getState().user?.permissions).toEqual({ '11': { name: 'Acme Builders', role: 'pm' } });
    expect(sessionStore.getState().currentCompanyId).toBe('11');
    expect(screen.getByText('Approved').className).toContain('invitation-badge--primary');
  });

  it('says which address the invitation went to when it is not the signed-in one', async () => {
    signInWith();
    net = fakeNetwork({ 'GET /v4/invitations/lookup': () => ({ status: 404, body: { message: 'Invitation not found.', code: 'INVITATION_NOT_FOUND' } }) });
    open('/invite-user-type/7/accept?email_address=bob%40example.com');
    expect(await screen.findByText(/Invitation not found\. This invitation was sent to bob@example\.com: sign in with that e-mail address to open it\./)).toBeTruthy();
  });
});

describe('InvitationsNotifyPage', () => {
  const vendorInvite = invitation({ invitationId: 21, kind: 'VENDOR_ONBOARDING', status: 14, source: 5, email: 'vendor@volt.example', role: null, side: 'sender', actions: ['withdraw', 'resend'] });
  const share = invitation({ invitationId: 22, kind: 'SHARE_WALLET', status: 1, source: 6, toCompany: { id: 30, name: 'Volt Electric' }, role: null, side: 'sender', actions: ['revoke'] });
  const request = invitation({ invitationId: 23, kind: 'COMPLIANCE_REQUEST', status: 50, requestType: 'sharing', fromCompany: { id: 40, name: 'Harbor Homes' }, role: null, actions: ['accept', 'decline'] });
  const review = invitation({ invitationId: 24, kind: 'VENDOR_ONBOARDING', status: 15, toCompany: { id: 30, name: 'Volt Electric' }, role: null, side: 'sender', actions: ['approve', 'decline'] });
  const routes = (extra: Record<string, Route> = {}): Record<string, Route> => ({
    'GET /v4/invitations/todo': () => ({ body: { vendorReview: [review], documentRequest: [request], existedVendorUpdate: [] } }),
    'GET /v4/invitations/pending': () => ({ body: { sharedWallet: [share], vendorOnboarding: [vendorInvite], complianceRequest: [] } }),
    ...extra,
  });
  const open = () => renderRoute(<InvitationsNotifyPage />, '/invitations/notify', '/invitations/notify');
  const section = (name: string) => screen.getByRole('region', { name });

  beforeEach(() => signInWith({ '11': { name: 'Acme Builders', role: 'owner' } }));

  it('lists what waits on the user and what was sent, with the SPEC §4.4 labels and badge colours', async () => {
    net = fakeNetwork(routes());
    open();
    const sentVendors = await screen.findByRole('region', { name: 'Sent: vendor onboarding' });
    expect(within(sentVendors).getByText('Awaiting Documents').className).toContain('invitation-badge--warning');
    expect(within(section('Sent: shared wallets')).getByText('Approved').className).toContain('invitation-badge--primary');
    expect(within(section('Vendors to review')).getByText('Under Review')).toBeTruthy();
    expect(within(section('Vendor updates')).getByText('No Matches Found')).toBeTruthy();
    // An answer that needs a company picked is made on the invitation's page.
    const requestRow = within(section('Requests for your documents'));
    expect(requestRow.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(requestRow.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/compliance-wallet-share/23/accept');
  });

  it('withdraws with the SPEC toast and drops the invitation from the pending list', async () => {
    net = fakeNetwork(routes({ 'PUT /v4/invitations/withdraw/21/vendor-onboarding': () => ({ body: { ...vendorInvite, status: 11, actions: [] } }) }));
    open();
    await screen.findByRole('region', { name: 'Sent: vendor onboarding' });
    await userEvent.click(within(section('Sent: vendor onboarding')).getByRole('button', { name: 'Withdraw' }));
    // Asked once more first: Cancel sends nothing, OK withdraws.
    expect(await screen.findByText('Withdraw this invitation?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls('PUT', '/v4/invitations/withdraw/21/vendor-onboarding')).toHaveLength(0);
    await userEvent.click(within(section('Sent: vendor onboarding')).getByRole('button', { name: 'Withdraw' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The invitation has been withdrawn successfully.')).toBeTruthy();
    await waitFor(() => expect(within(section('Sent: vendor onboarding')).getByText('No Matches Found')).toBeTruthy());
  });

  it('shows the SPEC failure toasts for resend and withdraw, and revokes a share', async () => {
    const refuse = () => ({ status: 409, body: { message: 'This invitation is no longer open.', code: 'INVITATION_CLOSED' } });
    net = fakeNetwork(routes({
      'PATCH /v4/invitations/21/resend-invitation-for-vendor': refuse,
      'PUT /v4/invitations/revoke/22/share-wallet': () => ({ body: { ...share, status: 22, actions: [] } }),
    }));
    open();
    await screen.findByRole('region', { name: 'Sent: vendor onboarding' });
    await userEvent.click(within(section('Sent: vendor onboarding')).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('An error occurred while resend the invitation!')).toBeTruthy();
    expect(await screen.findByText('This invitation is no longer open.')).toBeTruthy();
    await userEvent.click(within(section('Sent: shared wallets')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Volt Electric will no longer see your compliance wallet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('You have revoked this share successfully..')).toBeTruthy();
    expect(calls('PUT', '/v4/invitations/revoke/22/share-wallet')).toHaveLength(1);
  });

  it('approves a submitted vendor onboarding from the todo list', async () => {
    net = fakeNetwork(routes({ 'PUT /v4/invitations/approve/24/vendor-onboarding': () => ({ body: { ...review, status: 1, actions: [] } }) }));
    open();
    await screen.findByRole('region', { name: 'Vendors to review' });
    await userEvent.click(within(section('Vendors to review')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The invitation has been approved.')).toBeTruthy();
    await waitFor(() => expect(within(section('Vendors to review')).getByText('No Matches Found')).toBeTruthy());
  });

  it('sends a vendor invitation after checking it, passing on the check’s note', async () => {
    const note = 'Delta Roofing uses this e-mail domain: an owner or administrator of Delta Roofing will approve the onboarding first.';
    net = fakeNetwork(routes({
      'POST /v4/invitations/validate-vendor-onboarding': () => ({ body: { valid: true, message: note } }),
      'POST /v4/invitations/vendor-onboarding': () => ({ body: invitation({ invitationId: 30, kind: 'CUSTOM_VENDOR_ONBOARDING', status: 60 }) }),
    }));
    open();
    await screen.findByRole('region', { name: 'Vendors to review' });
    await userEvent.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Invalid email address.')).toBeTruthy();
    expect(calls('POST', '/v4/invitations/vendor-onboarding')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Email Address'));
    await userEvent.type(screen.getByLabelText('Email Address'), 'Crew@Delta-Roofing.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('An invitation has been sent to crew@delta-roofing.example.')).toBeTruthy();
    expect(screen.getByText(note)).toBeTruthy();
    expect(calls('POST', '/v4/invitations/vendor-onboarding')[0]?.body).toEqual({ companyId: 11, email: 'crew@delta-roofing.example' });
  });
});

describe('WalletSharePage', () => {
  it('accepts a share for the company the user picks', async () => {
    signInWith({ '50': { name: 'Volt Electric', role: 'owner' }, '51': { name: 'Volt Solar', role: 'administrator' }, '52': { name: 'Watching Co', role: 'user' } });
    const share = invitation({ invitationId: 9, kind: 'SHARE_WALLET', status: 23, source: 6, role: null, actions: ['accept', 'decline'] });
    net = fakeNetwork({
      'GET /v4/invitations/lookup': () => ({ body: share }),
      'PUT /v4/invitations/accept/9/share-wallet': () => ({ body: { ...share, status: 24, toCompany: { id: 51, name: 'Volt Solar' }, actions: [] } }),
      'GET /v4/lookup/compliance-permission-documents': () => ({ body: [] }),
    });
    renderRoute(<WalletSharePage />, '/compliance-wallet-share/:id/accept', '/compliance-wallet-share/9/accept');
    expect(await screen.findByText('Acme Builders shared its licenses, insurance and certificates with you.')).toBeTruthy();
    const picker = screen.getByLabelText('Answer for') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.text)).toEqual(['Choose a company', 'Volt Electric', 'Volt Solar']);
    await userEvent.selectOptions(picker, '51');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Awaiting Approval')).toBeTruthy();
    expect(calls('PUT', '/v4/invitations/accept/9/share-wallet')[0]?.body).toEqual({ companyId: 51 });
  });
});

describe('VendorOnboardingPage', () => {
  it('saves each step, checks the contact with the SPEC messages, then submits', async () => {
    signInWith({ '50': { name: 'Volt Electric', role: 'owner' } });
    let current = invitation({ invitationId: 5, kind: 'VENDOR_ONBOARDING', status: 14, source: 5, role: null, actions: ['submit', 'decline'], steps: { company: null, contact: null, compliance: null } });
    net = fakeNetwork({
      'GET /v4/invitations/lookup': () => ({ body: current }),
      'PUT /v4/invitations/step/5/vendor-onboarding': () => {
        // The fake network records the request (with its body) before answering it.
        const body = net.calls.at(-1)?.body as Record<string, unknown>;
        const steps = { ...current.steps! };
        if (body.step === 'company') steps.company = { id: 50, name: 'Volt Electric' };
        if (body.step === 'contact') steps.contact = { contactName: String(body.contactName), phoneNumber: String(body.phoneNumber), title: (body.title as string | null) ?? null };
        if (body.step === 'compliance') steps.compliance = { licenses: Boolean(body.licenses), insurances: Boolean(body.insurances), certificates: Boolean(body.certificates) };
        current = { ...current, steps, toCompany: steps.company };
        return { body: current };
      },
      'PUT /v4/invitations/submit/5/vendor-onboarding': () => ({ body: { ...current, status: 15, actions: [] } }),
      'GET /v4/lookup/compliance-permission-documents': () => ({ body: [] }),
    });
    renderRoute(<VendorOnboardingPage />, '/vendor-onboarding/:id', '/vendor-onboarding/5');

    expect(await screen.findByRole('heading', { name: 'Your company' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeTruthy();
    expect(calls('PUT', '/v4/invitations/step/5/vendor-onboarding')[0]?.body).toEqual({ step: 'company', companyId: 50 });

    await userEvent.type(screen.getByLabelText('Full Name'), 'Vera Vendor');
    await userEvent.type(screen.getByLabelText('Phone Number'), '(155) 234-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The SPEC's message ends with a space: compare it untrimmed.
    expect(await screen.findByText('Invalid format, Area Code (XXX) must be different 0 and 1 ', { normalizer: getDefaultNormalizer({ trim: false }) })).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Phone Number'));
    await userEvent.type(screen.getByLabelText('Phone Number'), '(555) 234-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Compliance wallet' })).toBeTruthy();
    expect(calls('PUT', '/v4/invitations/step/5/vendor-onboarding')[1]?.body).toEqual({ step: 'contact', contactName: 'Vera Vendor', phoneNumber: '+15552345678', title: null });

    await userEvent.click(screen.getByLabelText('Insurance'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Review and submit' })).toBeTruthy();
    expect(screen.getByText('Licenses, Certificates')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your onboarding has been submitted: Acme Builders is reviewing it.')).toBeTruthy();
    expect(calls('PUT', '/v4/invitations/submit/5/vendor-onboarding')).toHaveLength(1);
  });
});

describe('VendorOnboardingPage for an invitee with no company', () => {
  it('creates the company by invitation and goes on with the step the server saved', async () => {
    signInWith();
    let current = invitation({ invitationId: 6, kind: 'VENDOR_ONBOARDING', status: 14, source: 5, role: null, actions: ['submit', 'decline'], companyName: 'Nia Plumbing', steps: { company: null, contact: null, compliance: null } });
    net = fakeNetwork({
      'GET /v4/invitations/lookup': () => ({ body: current }),
      'POST /v4/companies': () => {
        current = { ...current, status: 17, toCompany: { id: 77, name: 'Nia Plumbing' }, steps: { ...current.steps!, company: { id: 77, name: 'Nia Plumbing' } } };
        return { body: { id: 77, name: 'Nia Plumbing', role: 'owner', guestAccess: false, classification: 1, parentId: null, status: 1, address: '12 Pipe St', fromURL: null, createdAt: '2026-11-24T09:00:00.000Z' } };
      },
    });
    renderRoute(<VendorOnboardingPage />, '/vendor-onboarding/:id', '/vendor-onboarding/6');

    expect(await screen.findByRole('heading', { name: 'Your company' })).toBeTruthy();
    expect((screen.getByLabelText('Company Name') as HTMLInputElement).value).toBe('Nia Plumbing');
    await userEvent.type(screen.getByLabelText('Company Address'), '12 Pipe St');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeTruthy();
    const [create] = calls('POST', '/v4/companies');
    expect(create?.url.searchParams.get('invitation')).toBe('6');
    expect(create?.body).toEqual({ name: 'Nia Plumbing', address: '12 Pipe St' });
    expect(calls('PUT', '/v4/invitations/step/6/vendor-onboarding')).toEqual([]);
  });
});

describe('QuotePage', () => {
  const quote = { quoteId: 'Q-100', total: 1250.5, expiryDate: '2999-12-31', status: 'pending', onlineInvoiceUrl: 'https://books.example/inv/Q-100', orderId: null, agentId: 'agent-7', orgId: 'org-42' };
  const open = (url = '/quote/Q-100?agent=agent-7&org=org-42') => renderRoute(<QuotePage />, '/quote/:quoteId', url);

  it('shows the total, expiry, status and invoice, and accepts with the agent headers', async () => {
    net = fakeNetwork({
      'GET /v1/permit-quote/Q-100': () => ({ body: quote }),
      'POST /v1/permit-quote/Q-100': () => ({ body: { ...quote, status: 'accepted', orderId: 'Q-100' } }),
    });
    open();
    expect(await screen.findByText('$1,250.50')).toBeTruthy();
    expect(screen.getByText('2999-12-31')).toBeTruthy();
    expect(screen.getByText('Awaiting your answer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the online invoice' }).getAttribute('href')).toBe('https://books.example/inv/Q-100');
    const request = net.fetchMock.mock.calls[0]![0] as Request;
    expect(request.headers.get('sass_agent_id')).toBe('agent-7');
    expect(request.headers.get('sass_organization_id')).toBe('org-42');
    await userEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));
    expect(await screen.findByText('Accepted')).toBeTruthy();
    expect(calls('POST', '/v1/permit-quote/Q-100')[0]?.body).toEqual({ status: 'accepted', orderId: 'Q-100' });
    expect(screen.queryByRole('button', { name: 'Accept the quote' })).toBeNull();
  });

  it('calls nothing when the link has the agent but not the organisation', async () => {
    net = fakeNetwork({});
    open('/quote/Q-100?agent=agent-7');
    expect(await screen.findByText('Quote not found')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it('offers a way on when the quote does not exist', async () => {
    net = fakeNetwork({ 'GET /v1/permit-quote/Q-404': () => ({ status: 404, body: { message: 'Quote not found.', code: 'NOT_FOUND' } }) });
    const view = open('/quote/Q-404?agent=a-1&org=o-1');
    expect(await screen.findByText('Quote not found')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Contact support' }));
    expect(view.location()).toBe('/support');
  });
});
