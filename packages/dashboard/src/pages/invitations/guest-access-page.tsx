// /guest-access/{id}/approve: a company asks for guest access to yours; an owner or administrator
// approves it for one of their companies (SPEC §6: Owner or Administrator create access) or declines.
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ActionButtons } from './action-buttons.js';
import { CompanyPicker, useAnsweringCompanies } from './company-picker.js';
import { InvitationCard, InvitationFacts } from './invitation-card.js';
import { useInvitation } from './use-invitation.js';

export default function GuestAccessPage() {
  const { id = '' } = useParams();
  const invitedEmail = new URLSearchParams(useLocation().search).get('email_address');
  const [state, setInvitation] = useInvitation('GUEST_ACCESS', id);
  const companies = useAnsweringCompanies(state.kind === 'ready' ? state.invitation.fromCompany.id : 0);
  const [picked, setPicked] = useState<number | null>(null);
  const companyId = picked ?? (companies.length === 1 ? companies[0]!.id : undefined);

  return (
    <InvitationCard title="Guest access" state={state} invitedEmail={invitedEmail}>
      {(invitation) => {
        const approving = invitation.actions?.includes('approve') ?? false;
        return (
          <>
            <p>
              {invitation.side === 'sender'
                ? `${invitation.fromCompany.name} asked ${invitation.email ?? 'a company'} for guest access.`
                : `${invitation.fromCompany.name} asks for guest access to your company. As a guest it can follow the projects you share with it.`}
            </p>
            <InvitationFacts invitation={invitation} />
            {approving && companies.length === 0 && <p className="muted">Only an owner or an administrator of a company can grant guest access.</p>}
            {approving && companies.length > 0 && <CompanyPicker label="Grant access to" companies={companies} value={companyId ?? null} onChange={setPicked} />}
            <ActionButtons invitation={invitation} companyId={approving ? companyId : undefined} onDone={setInvitation} />
          </>
        );
      }}
    </InvitationCard>
  );
}
