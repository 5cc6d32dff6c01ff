// /guest-access/{id}/approve: a company invites yours as its guest (issue 13: it chose what you will see,
// read-only); an owner or administrator accepts it for one of their companies (SPEC §6: Owner or
// Administrator create access) or declines. What was shared then appears under Access.
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
                ? `${invitation.fromCompany.name} invited ${invitation.email ?? 'a company'} as a guest.`
                : `${invitation.fromCompany.name} invites your company as a guest: once you accept, your team sees, read-only, what ${invitation.fromCompany.name} chose to share (its compliance vault and/or projects), under Access.`}
            </p>
            <InvitationFacts invitation={invitation} />
            {approving && companies.length === 0 && <p className="muted">Only an owner or an administrator of a company can accept guest access.</p>}
            {approving && companies.length > 0 && <CompanyPicker label="Accept for" companies={companies} value={companyId ?? null} onChange={setPicked} />}
            <ActionButtons invitation={invitation} companyId={approving ? companyId : undefined} onDone={setInvitation} />
          </>
        );
      }}
    </InvitationCard>
  );
}
