// /sign-up/invite: where invitation links send anonymous users, with 'Login Required' (SPEC §2.3).
// The saved query string may carry the invited e-mail (email_address or email).
import { useState } from 'react';
import { SignInForm } from '../../auth/sign-in-form.js';
import { SignUpForm } from '../../auth/sign-up-form.js';
import { readInvitationQuery, takeLoginNotice } from '../../session/redirect-memory.js';
import { Alert } from '../../ui/alert.js';

export default function SignUpInvitePage() {
  const [notice] = useState(takeLoginNotice);
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-up');
  const saved = readInvitationQuery();
  const email = saved.get('email_address') ?? saved.get('email') ?? undefined;
  return (
    <div className="container container--narrow">
      {notice && (
        <Alert kind="warning" title={notice.title}>
          {notice.message}
        </Alert>
      )}
      <div className="card card--auth">
        <h1 className="page-title">You have been invited</h1>
        <p className="muted">Create an account or sign in to open your invitation.</p>
        <div className="row" role="group" aria-label="Account" style={{ marginBottom: '1rem' }}>
          <button type="button" className={mode === 'sign-up' ? 'btn btn--sm' : 'btn btn--ghost btn--sm'} aria-pressed={mode === 'sign-up'} onClick={() => setMode('sign-up')}>
            Create account
          </button>
          <button type="button" className={mode === 'sign-in' ? 'btn btn--sm' : 'btn btn--ghost btn--sm'} aria-pressed={mode === 'sign-in'} onClick={() => setMode('sign-in')}>
            Sign In
          </button>
        </div>
        {mode === 'sign-up' ? <SignUpForm kind="individual" {...(email ? { email } : {})} /> : <SignInForm {...(email ? { email } : {})} />}
      </div>
    </div>
  );
}
