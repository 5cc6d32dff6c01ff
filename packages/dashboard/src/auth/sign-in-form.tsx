// The Sign In form of SPEC §2.6, used by the page and the modal: Email Address and Password, a spinner
// while submitting, the error alert and the 'Login Failed' toast, the new-password challenge, then the
// destination of destinationAfterSignIn(). With two-step sign-in on (issue 18), a right password leads to
// the code step: the authenticator app's code or a recovery code.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { signInSchema, twoFactorCodeSchema, type Profile, type SessionTokens } from '@permitdesk/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import * as v from 'valibot';
import { AUTH_TOASTS } from '../session/auth-messages.js';
import { emailFromTarget, peekTarget, takeTarget } from '../session/redirect-memory.js';
import { identity } from '../session/api.js';
import { signedIn } from '../session/session.js';
import { Alert } from '../ui/alert.js';
import { Field } from '../ui/field.js';
import { notify } from '../ui/notify.js';
import { Spinner } from '../ui/spinner.js';
import { destinationAfterSignIn } from './after-sign-in.js';
import { saveChallenge } from './challenge.js';

type SignInInput = v.InferInput<typeof signInSchema>;
type SignInValues = v.InferOutput<typeof signInSchema>;
const codeFormSchema = v.object({ code: twoFactorCodeSchema });

export function SignInForm({ email: emailProp, onSignedIn }: { email?: string; onSignedIn?: () => void }) {
  const navigate = useNavigate();
  const lockedEmail = emailProp ?? emailFromTarget() ?? undefined;
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ challenge: string; email: string } | null>(null);

  const finish = (tokens: SessionTokens, profile: Profile) => {
    signedIn(tokens, profile);
    notify('success', AUTH_TOASTS.welcome(profile.email), AUTH_TOASTS.loggedIn);
    onSignedIn?.();
    const destination = destinationAfterSignIn(profile, peekTarget());
    // The stored target is used up only when it is where we go now; /migration and /welcome keep it.
    if (destination !== '/migration' && destination !== '/welcome') takeTarget();
    navigate(destination);
  };
  const { register, handleSubmit, formState } = useForm<SignInInput, unknown, SignInValues>({
    resolver: valibotResolver(signInSchema),
    defaultValues: { email: lockedEmail ?? '', password: '' },
  });

  const submit = async (values: SignInValues) => {
    setError(null);
    try {
      const result = await identity.authenticate(values);
      if (result.status === 'new_password_required') {
        saveChallenge({ session: result.session, email: result.email });
        notify('info', AUTH_TOASTS.newPasswordRequiredTitle, AUTH_TOASTS.newPasswordRequired);
        navigate('/force-change-password');
        return;
      }
      if (result.status === 'two_factor_required') {
        setChallenge({ challenge: result.challenge, email: result.email });
        return;
      }
      finish(result.tokens, result.profile);
    } catch (e) {
      const message = e instanceof Error ? e.message : 'An error occurred';
      setError(message);
      notify('error', AUTH_TOASTS.loginFailed, message);
    }
  };

  const submitting = formState.isSubmitting;
  if (challenge) return <TwoFactorForm challenge={challenge} onDone={finish} onBack={() => setChallenge(null)} />;
  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label="Sign In">
      {error && <Alert kind="error">{error}</Alert>}
      <fieldset disabled={submitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Field
          label="Email Address"
          type="email"
          autoComplete="email"
          readOnly={lockedEmail !== undefined}
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Field label="Password" type="password" autoComplete="current-password" revealable error={formState.errors.password?.message} {...register('password')} />
        <button className="btn btn--block" type="submit">
          {submitting ? <Spinner label="Signing in" /> : 'Sign In'}
        </button>
      </fieldset>
      <p style={{ marginTop: '1rem' }}>
        <Link to="/reset-password">forgot password?</Link>
      </p>
    </form>
  );
}

/** The second step: the 6-digit code of the authenticator app, or a recovery code. */
function TwoFactorForm({ challenge, onDone, onBack }: { challenge: { challenge: string; email: string }; onDone: (tokens: SessionTokens, profile: Profile) => void; onBack: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<v.InferInput<typeof codeFormSchema>, unknown, v.InferOutput<typeof codeFormSchema>>({
    resolver: valibotResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const submit = async (values: v.InferOutput<typeof codeFormSchema>) => {
    setError(null);
    try {
      const result = await identity.twoFactor({ challenge: challenge.challenge, code: values.code });
      if (result.status === 'ok') onDone(result.tokens, result.profile);
    } catch (e) {
      const message = e instanceof Error ? e.message : 'An error occurred';
      setError(message);
      notify('error', AUTH_TOASTS.loginFailed, message);
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label="Two-step sign-in">
      {error && <Alert kind="error">{error}</Alert>}
      <p>
        Two-step sign-in is on for <strong>{challenge.email}</strong>. Open your authenticator app and enter the 6-digit code for
        PermitDesk, or one of your recovery codes.
      </p>
      <fieldset disabled={formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Field label="Sign-in code" autoComplete="one-time-code" autoFocus error={formState.errors.code?.message} {...register('code')} />
        <button className="btn btn--block" type="submit">
          {formState.isSubmitting ? <Spinner label="Checking the code" /> : 'Verify'}
        </button>
      </fieldset>
      <p style={{ marginTop: '1rem' }}>
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          Use another account
        </button>
      </p>
    </form>
  );
}
