// /force-change-password: the new-password-required challenge of the first sign-in (SPEC §4.2).
import { valibotResolver } from '@hookform/resolvers/valibot';
import { newPasswordSchema } from '@permitdesk/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import * as v from 'valibot';
import { destinationAfterSignIn } from '../../auth/after-sign-in.js';
import { clearChallenge, readChallenge } from '../../auth/challenge.js';
import { AUTH_TOASTS } from '../../session/auth-messages.js';
import { takeTarget } from '../../session/redirect-memory.js';
import { identity } from '../../session/api.js';
import { signedIn, useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Field } from '../../ui/field.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';

const schema = v.object({ newPassword: newPasswordSchema });

export default function ForceChangePasswordPage() {
  const navigate = useNavigate();
  const [challenge] = useState(readChallenge);
  const isSignedIn = useAuth((s) => s.isAuthenticated);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<v.InferOutput<typeof schema>>({ resolver: valibotResolver(schema) });
  if (!challenge) {
    return (
      <div className="container container--narrow">
        <div className="card card--auth">
          <h1 className="page-title">Choose a new password</h1>
          {isSignedIn ? (
            // Signed in already: a password is changed in the settings.
            <p>
              This page is used on a first sign-in that needs a new password. To change your password, go to <Link to="/profile">Settings</Link>.
            </p>
          ) : (
            <p>
              This page is used on a first sign-in that needs a new password. <Link to="/sign-in">Sign in</Link> to start.
            </p>
          )}
        </div>
      </div>
    );
  }
  const submit = async ({ newPassword }: { newPassword: string }) => {
    setError(null);
    try {
      const result = await identity.completeNewPassword({ session: challenge.session, newPassword });
      if (result.status !== 'ok') throw new Error(AUTH_TOASTS.newPasswordRequired);
      clearChallenge();
      signedIn(result.tokens, result.profile);
      notify('success', AUTH_TOASTS.welcome(result.profile.email), AUTH_TOASTS.loggedIn);
      navigate(destinationAfterSignIn(result.profile, takeTarget()));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An error occurred');
    }
  };
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Choose a new password</h1>
        <p className="muted">{AUTH_TOASTS.newPasswordRequired}</p>
        {error && <Alert kind="error">{error}</Alert>}
        <form noValidate onSubmit={handleSubmit(submit)} aria-label="Choose a new password">
          <fieldset disabled={formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
            <Field label="Email Address" type="email" value={challenge.email} readOnly />
            <Field label="New Password" type="password" autoComplete="new-password" revealable error={formState.errors.newPassword?.message} {...register('newPassword')} />
            <button className="btn btn--block" type="submit">
              {formState.isSubmitting ? <Spinner label="Saving" /> : 'Save and sign in'}
            </button>
          </fieldset>
        </form>
      </div>
    </div>
  );
}
