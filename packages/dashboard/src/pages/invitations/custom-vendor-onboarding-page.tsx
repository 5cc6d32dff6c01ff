// /custom-vendor-onboarding/{id}/approve (header and footer hidden on this path, SPEC §2.4): someone with
// an e-mail address at your company's domain was invited to onboard your company as a vendor; an owner
// or administrator approves it first (then the invitee fills in the onboarding) or declines.
import { useLocation, useParams } from 'react-router';
import { Alert } from '../../ui/alert.js';
import { ActionButtons } from './action-buttons.js';
import { InvitationCard, InvitationFacts } from './invitation-card.js';
import { useInvitation } from './use-invitation.js';

export default function CustomVendorOnboardingPage() {
  const { id = '' } = useParams();
  const invitedEmail = new URLSearchParams(useLocation().search).get('email_address');
  const [state, setInvitation] = useInvitation('CUSTOM_VENDOR_ONBOARDING', id);
  return (
    <InvitationCard title="Vendor approval" state={state} invitedEmail={invitedEmail}>
      {(invitation) => (
        <>
          <p>
            {invitation.fromCompany.name} invited {invitation.email ?? 'someone'} to onboard {invitation.toCompany?.name ?? 'your company'} as its vendor.
            {invitation.status === 60 ? ' Approve it to let them fill in the onboarding for your company.' : ''}
          </p>
          <InvitationFacts invitation={invitation} />
          {invitation.status === 60 && (invitation.actions ?? []).length === 0 && (
            <Alert kind="info">An owner or administrator of {invitation.toCompany?.name ?? 'the company'} has to approve this onboarding first.</Alert>
          )}
          <ActionButtons invitation={invitation} only={['approve', 'decline', 'withdraw']} onDone={setInvitation} />
        </>
      )}
    </InvitationCard>
  );
}
