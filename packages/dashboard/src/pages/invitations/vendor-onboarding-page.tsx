// /vendor-onboarding/{id} (header and footer hidden on this path, SPEC §2.4): the vendor fills in the
// onboarding steps and submits them; the client who sent it sees where it stands and answers it
// (approve or decline once submitted; withdraw or resend before).
import type { Invitation } from '@permitdesk/core';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '../../ui/alert.js';
import { ActionButtons } from './action-buttons.js';
import { InvitationCard, InvitationFacts } from './invitation-card.js';
import { runAction } from './run-action.js';
import { SharedDocuments } from './shared-documents.js';
import { useInvitation } from './use-invitation.js';
import { VendorOnboardingWizard } from './vendor-onboarding-wizard.js';

/** What the vendor reads once there is nothing left for them to fill in. */
function vendorNotice(invitation: Invitation): string {
  switch (invitation.status) {
    case 60:
      return `${invitation.toCompany?.name ?? 'Your company'} has to approve this onboarding first; you will get an e-mail when it does.`;
    case 15:
      return `Your onboarding has been submitted: ${invitation.fromCompany.name} is reviewing it.`;
    case 1:
      return `${invitation.toCompany?.name ?? 'Your company'} is now a vendor of ${invitation.fromCompany.name}.`;
    case 10:
      return 'This onboarding has been declined.';
    case 11:
      return `${invitation.fromCompany.name} withdrew this invitation.`;
    default:
      return 'There is nothing to do on this onboarding right now.';
  }
}

/** Declining is offered quietly below the wizard, not beside its Next button. */
function DeclineLink({ invitation, onDone }: { invitation: Invitation; onDone: (updated: Invitation) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <p className="muted" style={{ marginTop: '1.5rem' }}>
      Not your company?{' '}
      <button
        type="button"
        className="link-button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void runAction(invitation, 'decline').then((updated) => {
            setBusy(false);
            if (updated) onDone(updated);
          });
        }}
      >
        Decline this invitation
      </button>
    </p>
  );
}

export default function VendorOnboardingPage() {
  const { id = '' } = useParams();
  const invitedEmail = new URLSearchParams(useLocation().search).get('email_address');
  const [state, setInvitation] = useInvitation('VENDOR_ONBOARDING', id);
  return (
    <InvitationCard title="Vendor onboarding" state={state} invitedEmail={invitedEmail}>
      {(invitation) => {
        if (invitation.side === 'sender') {
          return (
            <>
              <p>You invited {invitation.email ?? 'a vendor'} to onboard as a vendor of {invitation.fromCompany.name}.</p>
              <InvitationFacts invitation={invitation} />
              {invitation.status === 15 && <SharedDocuments invitationId={invitation.invitationId} title="The vendor's files" />}
              <ActionButtons invitation={invitation} onDone={setInvitation} />
            </>
          );
        }
        const filling = invitation.actions?.includes('submit') ?? false;
        return (
          <>
            <p>
              {invitation.fromCompany.name} invited you to onboard your company as its vendor on PermitDesk
              {filling ? ': tell them who you are and what of your compliance wallet they may read.' : '.'}
            </p>
            {filling ? (
              <>
                <VendorOnboardingWizard invitation={invitation} onChange={setInvitation} />
                <DeclineLink invitation={invitation} onDone={setInvitation} />
              </>
            ) : (
              <>
                <InvitationFacts invitation={invitation} />
                <Alert kind="info">{vendorNotice(invitation)}</Alert>
                {invitation.status === 1 && (
                  <Link className="btn" to="/compliance-center">
                    Open the Compliance Center
                  </Link>
                )}
              </>
            )}
          </>
        );
      }}
    </InvitationCard>
  );
}
