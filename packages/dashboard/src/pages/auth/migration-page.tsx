// /migration: accounts carried over from the previous system (hasMigrated 0) confirm their details once.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { destinationAfterSignIn } from '../../auth/after-sign-in.js';
import { AUTH_TOASTS } from '../../session/auth-messages.js';
import { takeTarget } from '../../session/redirect-memory.js';
import { identity } from '../../session/api.js';
import { refreshProfile, sessionStore, useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';

export default function MigrationPage() {
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) {
    return (
      <div className="container container--narrow">
        <div className="card card--auth">
          <h1 className="page-title">Account update</h1>
          <p><Link to="/sign-in">Sign in</Link> to continue.</p>
        </div>
      </div>
    );
  }
  const proceed = async () => {
    setBusy(true);
    setError(null);
    try {
      if (user['custom:hasMigrated'] === 0) await identity.updateAttributes({ 'custom:hasMigrated': 1 });
      await refreshProfile();
      const profile = sessionStore.getState().user ?? user;
      const next = destinationAfterSignIn({ ...profile, 'custom:hasMigrated': 1 }, null);
      navigate(next === '/welcome' ? next : (takeTarget() ?? next));
    } catch {
      setError(AUTH_TOASTS.updateAttributesError);
      setBusy(false);
    }
  };
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">We have moved your account</h1>
        <p>Your projects, permits and companies are now on the new PermitDesk. Please check your details:</p>
        <dl>
          <dt className="muted">Name</dt>
          <dd>{user.name}</dd>
          <dt className="muted">Email</dt>
          <dd>{user.email}</dd>
        </dl>
        {error && <Alert kind="error">{error}</Alert>}
        <button type="button" className="btn btn--block" onClick={() => void proceed()} disabled={busy}>
          {busy ? <Spinner label="Saving" /> : 'Looks good, continue'}
        </button>
        <p style={{ marginTop: '1rem', marginBottom: 0 }}>
          Something wrong? <Link to="/profile">Update your details</Link>
        </p>
      </div>
    </div>
  );
}
