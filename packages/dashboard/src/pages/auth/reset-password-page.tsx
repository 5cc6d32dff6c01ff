// /reset-password: ask for a code by e-mail, then set a new password with it; then /sign-in.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { emailSchema, newPasswordSchema, verificationCodeSchema } from '@permitdesk/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as v from 'valibot';
import { AUTH_TOASTS } from '../../session/auth-messages.js';
import { identity } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { Field } from '../../ui/field.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';

const emailStep = v.object({ email: emailSchema });
const codeStep = v.object({ code: verificationCodeSchema, newPassword: newPasswordSchema });

export default function ResetPasswordPage() {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Reset Your Password.</h1>
        {email === null ? <RequestCode onSent={setEmail} /> : <SetPassword email={email} onRestart={() => setEmail(null)} />}
      </div>
    </div>
  );
}

function RequestCode({ onSent }: { onSent: (email: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<v.InferOutput<typeof emailStep>>({ resolver: valibotResolver(emailStep) });
  const submit = async ({ email }: { email: string }) => {
    setError(null);
    try {
      await identity.forgotPassword(email);
      notify('success', AUTH_TOASTS.forgotTitle, AUTH_TOASTS.forgot);
      onSent(email);
    } catch (e) {
      setError(AUTH_TOASTS.forgotError(e instanceof Error ? e.message : 'An error occurred', email));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label="Request a reset code">
      <p className="muted">Enter your e-mail address and we will send you a 6-digit verification code.</p>
      {error && <Alert kind="error">{error}</Alert>}
      <fieldset disabled={formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Field label="Email Address" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        <button className="btn btn--block" type="submit">
          {formState.isSubmitting ? <Spinner label="Sending" /> : 'Send code'}
        </button>
      </fieldset>
    </form>
  );
}

function SetPassword({ email, onRestart }: { email: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<v.InferOutput<typeof codeStep>>({ resolver: valibotResolver(codeStep) });
  const submit = async (values: v.InferOutput<typeof codeStep>) => {
    setError(null);
    try {
      await identity.confirmPassword({ email, ...values });
      notify('success', AUTH_TOASTS.passwordChangedTitle, AUTH_TOASTS.passwordChanged);
      navigate('/sign-in');
    } catch (e) {
      // SPEC §8: the reset confirm error is the service message.
      setError(e instanceof Error ? e.message : 'An error occurred');
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label="Choose a new password">
      <p className="muted">We sent a code to {email}.</p>
      {error && <Alert kind="error">{error}</Alert>}
      <fieldset disabled={formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Field label="Verification Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={formState.errors.code?.message} {...register('code')} />
        <Field label="New Password" type="password" autoComplete="new-password" revealable error={formState.errors.newPassword?.message} {...register('newPassword')} />
        <button className="btn btn--block" type="submit">
          {formState.isSubmitting ? <Spinner label="Saving" /> : 'Save'}
        </button>
      </fieldset>
      <p style={{ marginTop: '1rem', marginBottom: 0 }}>
        <button type="button" className="link-button" onClick={onRestart}>
          Use another e-mail address
        </button>
      </p>
    </form>
  );
}
