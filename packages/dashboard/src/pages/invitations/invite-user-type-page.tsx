// /invite-user-type/{id}/accept: join the company that invited you, with the invited role. The page is
// public (SPEC §2.1) so the mailed link always opens; an anonymous visitor is sent to /sign-up/invite with
// this page remembered (and its query, which carries the invited e-mail), and comes back after signing in.
import { roleLabel, type Invitation } from '@permitdesk/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { queryKeys } from '../../data/query-keys.js';
import { useQueryClient } from '../../data/query-provider.js';
import { INVITE_SIGN_UP_PATH } from '../../routes/access.js';
import { rememberTarget, saveInvitationQuery } from '../../session/redirect-memory.js';
import { refreshProfile, switchCompany, useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { PageSpinner } from '../../ui/spinner.js';
import { ActionButtons } from './action-buttons.js';
import { InvitationCard, InvitationFacts } from './invitation-card.js';
import { useInvitation } from './use-invitation.js';

function Joined({ invitation }: { invitation: Invitation }) {
  return (
    <>
      <Alert kind="info" title="Welcome aboard">
        You are now a member of {invitation.fromCompany.name}. Choose it in the Account menu to work in it.
      </Alert>
      <div className="invitation-actions">
        <Link className="btn" to="/project-radar">
          Open the Project Radar
        </Link>
        <Link className="btn btn--ghost" to="/compliance-center">
          Compliance Center
        </Link>
      </div>
    </>
  );
}

export default function InviteUserTypePage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const invitedEmail = new URLSearchParams(location.search).get('email_address');
  const [state, setInvitation] = useInvitation('USER_TYPE', id, signedIn);
  const [joined, setJoined] = useState(false);

  useEffect(() => {
    if (signedIn) return;
    rememberTarget(location.pathname + location.search);
    saveInvitationQuery(location.search);
    navigate(INVITE_SIGN_UP_PATH, { replace: true });
  }, [signedIn, location.pathname, location.search, navigate]);
  if (!signedIn) return <PageSpinner />;

  const answered = async (updated: Invitation) => {
    setInvitation(updated);
    if (updated.status !== 1) return;
    // The new company must show in the permissions (and so in the switcher) at once.
    await refreshProfile();
    switchCompany(String(updated.fromCompany.id));
    // A company joined: the user's list and the company-scoped reads are asked again.
    client.invalidateQueries({ queryKey: queryKeys.companies });
    client.invalidateQueries({ queryKey: queryKeys.company.all });
    setJoined(true);
  };

  return (
    <InvitationCard title="Join a company" state={state} invitedEmail={invitedEmail}>
      {(invitation) => (
        <>
          <p>
            {invitation.fromCompany.name} invited you to join the company on PermitDesk
            {invitation.role ? ` as ${roleLabel(invitation.role)}` : ''}.
          </p>
          <InvitationFacts invitation={invitation} />
          {joined ? (
            <Joined invitation={invitation} />
          ) : invitation.status === 1 ? (
            <Alert kind="info">This invitation has already been accepted.</Alert>
          ) : (
            <ActionButtons invitation={invitation} onDone={(updated) => void answered(updated)} />
          )}
        </>
      )}
    </InvitationCard>
  );
}
