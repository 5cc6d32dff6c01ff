// /sign-up/invite: where invitation links send anonymous users, with 'Login Required' (SPEC §2.3).
// The saved query string may carry the invited e-mail (email_address or email). An invitee who already
// has an account (a user invitation creates one with a temporary password) opens on Sign In with that
// address prefilled and locked (SPEC §2.6); anyone else opens on Create account.
import { useState } from 'react';
import { SignInForm } from '../../auth/sign-in-form.js';
import { SignUpForm } from '../../auth/sign-up-form.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { readInvitationQuery, takeLoginNotice } from '../../session/redirect-memory.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';

type Mode = 'sign-in' | 'sign-up';

/** Sign In when the address has an account, Create account otherwise (also when the check fails). */
function useOpeningMode(email: string | undefined): [Mode | null, (mode: Mode) => void] {
  const [chosen, setMode] = useState<Mode | null>(null);
  const check = useQuery({
    queryKey: email ? queryKeys.emailExists(email) : null,
    queryFn: ({ signal }) => api.verification.checkExists({ params: { email: email ?? '' }, signal, silent: true }),
  });
  const found: Mode | null = !email || check.error !== undefined ? 'sign-up' : check.data ? (check.data.exists ? 'sign-in' : 'sign-up') : null;
  return [chosen ?? found, setMode];
}

export default function SignUpInvitePage() {
  const [notice] = useState(takeLoginNotice);
  const [email] = useState(() => {
    const saved = readInvitationQuery();
    return saved.get('email_address') ?? saved.get('email') ?? undefined;
  });
  const [mode, setMode] = useOpeningMode(email);
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
        {mode === null ? (
          <Spinner label="Checking your invitation" />
        ) : mode === 'sign-up' ? (
          <SignUpForm kind="individual" {...(email ? { email } : {})} />
        ) : (
          <SignInForm {...(email ? { email } : {})} />
        )}
      </div>
    </div>
  );
}
