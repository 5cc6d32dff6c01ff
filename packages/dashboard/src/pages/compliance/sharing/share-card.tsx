// One shared wallet on the 'Shared with us' / 'Shared by us' pages (issue 13): the other company, how it
// is shared (a wallet share or a vendor link), its status in SPEC §4.4's words and badge colours, the
// buttons the reader's side may use now, and, while it holds, its items read live.
import { canCreateAccess, DATE_FORMATS, formatDate, invitationBadge, invitationLabel, isInvitationOpen, type CompanyRole } from '@permitdesk/core';
import { useState } from 'react';
import { Alert } from '../../../ui/alert.js';
import { SharedItems } from './shared-items.js';

export interface Share {
  key: string;
  /** The other company. */
  other: string;
  via: 'Wallet share' | 'Vendor';
  status: number;
  /** When it was last answered (null when not known to this side). */
  since: string | null;
  /** Whose wallet it is, and the company reading it (known once the share was answered). */
  ownerId: number;
  viewerId: number | null;
  /** Ending it from this side: its button's label and what it does; null when this side cannot. */
  end: { label: string; run: () => Promise<unknown>; confirm: string } | null;
}

export function ShareCard({ share, owner, role, onEnd }: { share: Share; owner: boolean; role: CompanyRole | null; onEnd: (share: Share) => void }) {
  const approved = share.status === 1;
  // A refused download's message (the server's), shown even once the share's items are gone.
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <article className="card stack" aria-label={`${share.via} ${owner ? 'with' : 'from'} ${share.other}`}>
      <header className="share-card__head">
        <h2 className="card__title">{share.other}</h2>
        <span className="muted">{share.via}{share.since ? ` · ${approved ? 'since' : 'updated'} ${formatDate(share.since, DATE_FORMATS.date)}` : ''}</span>
        <span className={`status-pill status-pill--${invitationBadge(share.status)}`}>{invitationLabel(share.status)}</span>
        {share.end && canCreateAccess(role) && (
          <button type="button" className="btn btn--sm btn--danger" onClick={() => onEnd(share)} aria-label={`${share.end.label}: ${share.other}`}>
            {share.end.label}
          </button>
        )}
      </header>
      {refusal && <Alert kind="error" title="Download refused">{refusal}</Alert>}
      {approved && share.viewerId !== null ? (
        <SharedItems ownerId={share.ownerId} viewerId={share.viewerId} owner={owner} onRefused={setRefusal} />
      ) : (
        <p className="muted">{approved ? 'Nothing is shared.' : isInvitationOpen(share.status) ? 'Nothing is shared while the share is not approved.' : 'Nothing is shared: this share has ended.'}</p>
      )}
    </article>
  );
}
