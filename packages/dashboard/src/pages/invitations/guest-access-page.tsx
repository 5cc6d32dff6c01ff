// /guest-access/{id}/approve
import { useParams } from 'react-router';
import { InvitationAction } from '../../components/invitation-action.js';
import { api } from '../../session/api.js';

export default function GuestAccessPage() {
  const { id = '' } = useParams();
  return (
    <InvitationAction title="Guest access" actionLabel="Approve guest access" doneText="Guest access has been approved." run={() => api.invitations.approveGuestAccess({ params: { invitationID: id }, body: {} })}>
      <p>A company asked for guest access to your projects.</p>
    </InvitationAction>
  );
}
