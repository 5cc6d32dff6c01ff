// /invite-user-type/{id}/accept: join a company you were invited to (sign in first when needed).
import { useState } from 'react';
import { useParams } from 'react-router';
import { SignInModal } from '../../auth/sign-in-modal.js';
import { InvitationAction } from '../../components/invitation-action.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';

export default function InviteUserTypePage() {
  const { id = '' } = useParams();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const [signInOpen, setSignInOpen] = useState(false);
  if (!signedIn) {
    return (
      <div className="container container--narrow">
        <div className="card card--auth">
          <h1 className="page-title">Join a company</h1>
          <p>You were invited to join a company on PermitDesk. Sign in to accept the invitation.</p>
          <button type="button" className="btn btn--block" onClick={() => setSignInOpen(true)}>
            Sign In
          </button>
        </div>
        <SignInModal open={signInOpen} onClose={() => setSignInOpen(false)} />
      </div>
    );
  }
  return (
    <InvitationAction title="Join a company" actionLabel="Accept the invitation" doneText="You are now a member of the company." run={() => api.invitations.acceptUser({ params: { invitationId: id } })}>
      <p>You were invited to join a company on PermitDesk.</p>
    </InvitationAction>
  );
}
