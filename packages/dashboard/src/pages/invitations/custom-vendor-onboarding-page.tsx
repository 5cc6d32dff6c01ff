// /custom-vendor-onboarding/{id}/approve (header and footer hidden on this path, SPEC §2.4).
import { useParams } from 'react-router';
import { InvitationAction } from '../../components/invitation-action.js';
import { api } from '../../session/api.js';

export default function CustomVendorOnboardingPage() {
  const { id = '' } = useParams();
  return (
    <InvitationAction title="Vendor approval" actionLabel="Approve the vendor" doneText="The vendor has been approved." run={() => api.invitations.approveCustomVendorOnboarding({ params: { invitationID: id } })}>
      <p>A vendor completed its onboarding and waits for your approval.</p>
    </InvitationAction>
  );
}
