// The buttons of an invitation's actions (as the server lists them for this user), each running its
// call with its toast; the updated invitation goes back to the caller.
import type { Invitation, InvitationAction } from '@permitdesk/core';
import { useState } from 'react';
import { useModals } from '../../ui/generic-modals.js';
import { Spinner } from '../../ui/spinner.js';
import { ACTION_LABELS } from './invitation-meta.js';
import { runAction } from './run-action.js';

/** Actions that end what the other side has: asked for once more in the Confirm modal (Cancel / OK). */
const CONFIRM: Partial<Record<InvitationAction, (invitation: Invitation) => { title: string; message: string }>> = {
  withdraw: (i) => ({ title: 'Withdraw this invitation?', message: `${i.email ?? 'The invitee'} will no longer be able to answer it.` }),
  revoke: (i) => ({ title: 'Revoke this share?', message: `${i.toCompany?.name ?? 'The other company'} will no longer see your compliance wallet.` }),
};

const STYLE: Record<InvitationAction, string> = {
  approve: 'btn',
  accept: 'btn',
  submit: 'btn',
  resend: 'btn btn--ghost',
  withdraw: 'btn btn--ghost',
  revoke: 'btn btn--danger',
  decline: 'btn btn--ghost',
};

export function ActionButtons({
  invitation,
  only,
  companyId,
  onDone,
  size,
}: {
  invitation: Invitation;
  /** The actions this place offers (others may live on another page). */
  only?: readonly InvitationAction[];
  companyId?: number | undefined;
  onDone: (updated: Invitation) => void;
  size?: 'sm';
}) {
  const modals = useModals();
  const [busy, setBusy] = useState<InvitationAction | null>(null);
  const actions = (invitation.actions ?? []).filter((action) => !only || only.includes(action));
  if (actions.length === 0) return null;
  const run = async (action: InvitationAction) => {
    const ask = CONFIRM[action];
    if (ask && !(await modals.confirm(ask(invitation)))) return;
    setBusy(action);
    const updated = await runAction(invitation, action, companyId);
    setBusy(null);
    if (updated) onDone(updated);
  };
  return (
    <div className="invitation-actions">
      {actions.map((action) => (
        <button key={action} type="button" className={`${STYLE[action]}${size === 'sm' ? ' btn--sm' : ''}`} disabled={busy !== null} onClick={() => void run(action)}>
          {busy === action ? <Spinner label={ACTION_LABELS[action]} /> : ACTION_LABELS[action]}
        </button>
      ))}
    </div>
  );
}
