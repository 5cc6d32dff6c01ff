// The frame of every invitation page: loading and failure, then the invitation's facts (who sent it, to
// whom, its kind and status badge, the sender's message) and what the page lets the user do with it.
import { formatDate, type Invitation } from '@permitdesk/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';
import { InvitationBadge } from './invitation-badge.js';
import { kindLabel } from './invitation-meta.js';
import type { InvitationState } from './use-invitation.js';
import './invitations.css';

/** 404 also means "sent to another e-mail": say which address to sign in with when the link carried it. */
function NotFound({ message, invitedEmail }: { message: string; invitedEmail: string | null }) {
  return (
    <Alert kind="error" title="Invitation unavailable">
      {message}
      {invitedEmail ? ` This invitation was sent to ${invitedEmail}: sign in with that e-mail address to open it.` : ''}
    </Alert>
  );
}

export function InvitationFacts({ invitation }: { invitation: Invitation }) {
  return (
    <dl className="invitation-facts">
      <dt>Invitation</dt>
      <dd>{kindLabel(invitation)}</dd>
      <dt>From</dt>
      <dd>{invitation.fromCompany.name}</dd>
      {invitation.toCompany && (
        <>
          <dt>To</dt>
          <dd>{invitation.toCompany.name}</dd>
        </>
      )}
      {invitation.email && (
        <>
          <dt>Sent to</dt>
          <dd>{invitation.email}</dd>
        </>
      )}
      <dt>Status</dt>
      <dd>
        <InvitationBadge status={invitation.status} />
      </dd>
      <dt>Sent on</dt>
      <dd>{formatDate(invitation.createdAt)}</dd>
      {invitation.message && (
        <>
          <dt>Message</dt>
          <dd>{invitation.message}</dd>
        </>
      )}
    </dl>
  );
}

export function InvitationCard({
  title,
  state,
  invitedEmail = null,
  children,
}: {
  title: string;
  state: InvitationState;
  invitedEmail?: string | null;
  children: (invitation: Invitation) => ReactNode;
}) {
  return (
    <div className="container container--text">
      <div className="card">
        <h1 className="page-title">{title}</h1>
        {state.kind === 'loading' && <Spinner label="Loading the invitation" />}
        {state.kind === 'failed' && <NotFound message={state.message} invitedEmail={invitedEmail} />}
        {state.kind === 'ready' && children(state.invitation)}
        <p className="muted" style={{ marginTop: '1.5rem' }}>
          <Link to="/invitations/notify">See all your invitations</Link>
        </p>
      </div>
    </div>
  );
}
