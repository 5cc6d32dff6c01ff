// /compliance-wallet-share/{id}/accept: a compliance wallet shared with you (accept it for one of your
// companies), or, for its sharer, the share to approve, withdraw or revoke; compliance requests (share
// your wallet, or recognise a vendor) are answered here too. The documents the share opens are listed.
import type { Invitation } from '@permitdesk/core';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ActionButtons } from './action-buttons.js';
import { CompanyPicker, useAnsweringCompanies } from './company-picker.js';
import { InvitationCard, InvitationFacts } from './invitation-card.js';
import { SharedDocuments } from './shared-documents.js';
import { useInvitation } from './use-invitation.js';

function intro(invitation: Invitation): string {
  const from = invitation.fromCompany.name;
  if (invitation.kind === 'COMPLIANCE_REQUEST') {
    return invitation.requestType === 'claiming'
      ? `${from} asks to be recognised as your vendor, and shares its licenses, insurance and certificates with you.`
      : `${from} asks you to share your licenses, insurance and certificates.`;
  }
  return invitation.side === 'sender'
    ? `You shared the compliance wallet of ${from} with ${invitation.email ?? 'another company'}.`
    : `${from} shared its licenses, insurance and certificates with you.`;
}

export default function WalletSharePage() {
  const { id = '' } = useParams();
  const invitedEmail = new URLSearchParams(useLocation().search).get('email_address');
  const [state, setInvitation] = useInvitation('SHARE_WALLET', id);
  const senderId = state.kind === 'ready' ? state.invitation.fromCompany.id : 0;
  const companies = useAnsweringCompanies(senderId);
  const [picked, setPicked] = useState<number | null>(null);
  const companyId = picked ?? (companies.length === 1 ? companies[0]!.id : undefined);

  return (
    <InvitationCard title="Shared compliance wallet" state={state} invitedEmail={invitedEmail}>
      {(invitation) => {
        const accepting = invitation.actions?.includes('accept') ?? false;
        const personal = invitation.requestType === 'claiming' && companies.length === 0;
        return (
          <>
            <p>{intro(invitation)}</p>
            <InvitationFacts invitation={invitation} />
            {accepting && !personal && <CompanyPicker companies={companies} value={companyId ?? null} onChange={setPicked} />}
            {accepting && personal && <p>You will answer for your personal account.</p>}
            <ActionButtons invitation={invitation} companyId={accepting ? (companyId ?? undefined) : undefined} onDone={setInvitation} />
            <SharedDocuments invitationId={invitation.invitationId} />
          </>
        );
      }}
    </InvitationCard>
  );
}
