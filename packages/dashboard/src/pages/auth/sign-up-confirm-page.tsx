// /sign-up/confirm: the 6-digit code from the confirmation e-mail; confirmation goes to /sign-in.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { emailSchema, TIMINGS, verificationCodeSchema } from '@permitdesk/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import * as v from 'valibot';
import { AUTH_TOASTS } from '../../session/auth-messages.js';
import { identity } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { Field } from '../../ui/field.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';

const confirmSchema = v.object({ email: emailSchema, code: verificationCodeSchema });
type Values = v.InferOutput<typeof confirmSchema>;

export default function SignUpConfirmPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const presetEmail = params.get('email') ?? undefined;
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const { register, handleSubmit, formState, getValues } = useForm<Values>({
    resolver: valibotResolver(confirmSchema),
    defaultValues: { email: presetEmail ?? '', code: '' },
  });
  const submit = async (values: Values) => {
    setError(null);
    try {
      await identity.confirmRegistration(values);
      notify('success', AUTH_TOASTS.activeTitle, AUTH_TOASTS.active);
      navigate('/sign-in');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An error occurred');
    }
  };
  const resend = async () => {
    const email = getValues('email');
    setError(null);
    setResending(true);
    try {
      await identity.resendCode(email);
      notify('success', AUTH_TOASTS.resendTitle, AUTH_TOASTS.resend);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An error occurred');
    } finally {
      // The resend spinner shows for at least its second (SPEC §9).
      setTimeout(() => setResending(false), TIMINGS.resendSpinnerMs);
    }
  };
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Confirm your account</h1>
        <p className="muted">We sent a 6-digit code to {presetEmail ?? 'your e-mail address'}. Enter it below to activate your account.</p>
        {error && <Alert kind="error">{error}</Alert>}
        <form noValidate onSubmit={handleSubmit(submit)} aria-label="Confirm your account">
          <fieldset disabled={formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
            <Field label="Email Address" type="email" readOnly={presetEmail !== undefined} error={formState.errors.email?.message} {...register('email')} />
            <Field label="Verification Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={formState.errors.code?.message} {...register('code')} />
            <button className="btn btn--block" type="submit">
              {formState.isSubmitting ? <Spinner label="Confirming" /> : 'Confirm'}
            </button>
          </fieldset>
        </form>
        <p style={{ marginTop: '1rem', marginBottom: 0 }}>
          No code?{' '}
          <button type="button" className="link-button" onClick={() => void resend()} disabled={resending}>
            {resending ? <Spinner label="Sending" /> : 'Resend code'}
          </button>
        </p>
      </div>
    </div>
  );
}
