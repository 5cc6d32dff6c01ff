// /profile (Settings): update name and phone (identity attributes), change the password, and the account
// self-service of issue 18 (two-step sign-in, sign out of all devices, export, deletion).
import { valibotResolver } from '@hookform/resolvers/valibot';
import { formatPhone, fullNameSchema, newPasswordSchema, phoneSchema, MESSAGES } from '@permitdesk/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as v from 'valibot';
import { AUTH_TOASTS } from '../../session/auth-messages.js';
import { identity } from '../../session/api.js';
import { refreshProfile, signOut, useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Field } from '../../ui/field.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';
import { resetToursSeen } from '../../tours/tours-seen.js';
import { DeleteAccountSection, ExportSection, SignOutEverywhereSection, TwoFactorSection } from './account-security.js';

const attributesSchema = v.object({ name: fullNameSchema, phone_number: phoneSchema });
const passwordSchema = v.object({
  oldPassword: v.pipe(v.string(MESSAGES.passwordRequired), v.nonEmpty(MESSAGES.passwordRequired)),
  newPassword: newPasswordSchema,
});

export default function ProfilePage() {
  const user = useAuth((s) => s.user);
  if (!user) return null;
  return (
    <div className="container" style={{ maxWidth: 720 }}>
      <h1 className="page-title">Settings</h1>
      <p className="page-lead">{user.email}</p>
      <div className="stack">
        <AttributesForm name={user.name} phone={user.phone_number ? formatPhone(user.phone_number) : ''} />
        <ChangePasswordForm />
        <TwoFactorSection />
        <SignOutEverywhereSection />
        <ToursSection />
        <ExportSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}

function AttributesForm({ name, phone }: { name: string; phone: string }) {
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<v.InferInput<typeof attributesSchema>, unknown, v.InferOutput<typeof attributesSchema>>({
    resolver: valibotResolver(attributesSchema),
    defaultValues: { name, phone_number: phone },
  });
  const submit = async (values: v.InferOutput<typeof attributesSchema>) => {
    setSaved(false);
    setError(null);
    try {
      await identity.updateAttributes(values);
      await refreshProfile();
      setSaved(true);
    } catch {
      setError(AUTH_TOASTS.updateAttributesError);
      notify('error', AUTH_TOASTS.updateAttributesError);
    }
  };
  return (
    <section className="card">
      <h2 className="card__title">Your details</h2>
      {saved && <Alert kind="success" onHidden={() => setSaved(false)}>Your details have been saved.</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      <form noValidate onSubmit={handleSubmit(submit)} aria-label="Your details">
        <fieldset disabled={formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
          <Field label="Full Name" autoComplete="name" error={formState.errors.name?.message} {...register('name')} />
          <Field label="Phone Number" type="tel" autoComplete="tel" error={formState.errors.phone_number?.message} {...register('phone_number')} />
          <button className="btn" type="submit">
            {formState.isSubmitting ? <Spinner label="Saving" /> : 'Save changes'}
          </button>
        </fieldset>
      </form>
    </section>
  );
}

function ChangePasswordForm() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<v.InferOutput<typeof passwordSchema>>({ resolver: valibotResolver(passwordSchema) });
  const submit = async (values: v.InferOutput<typeof passwordSchema>) => {
    setError(null);
    try {
      await identity.changePassword(values);
      notify('success', AUTH_TOASTS.passwordChangedTitle, AUTH_TOASTS.passwordChanged);
      // SPEC §4.2: a password change goes to /sign-in.
      await signOut();
      navigate('/sign-in');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An error occurred');
    }
  };
  return (
    <section className="card">
      <h2 className="card__title">Change password</h2>
      {error && <Alert kind="error">{error}</Alert>}
      <form noValidate onSubmit={handleSubmit(submit)} aria-label="Change password">
        <fieldset disabled={formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
          <Field label="Current Password" type="password" autoComplete="current-password" revealable error={formState.errors.oldPassword?.message} {...register('oldPassword')} />
          <Field label="New Password" type="password" autoComplete="new-password" revealable error={formState.errors.newPassword?.message} {...register('newPassword')} />
          <button className="btn" type="submit">
            {formState.isSubmitting ? <Spinner label="Saving" /> : 'Change password'}
          </button>
        </fieldset>
      </form>
    </section>
  );
}

export const TOURS_RESET_LABEL = 'Show the guided tours again';

/** The guided tours start by themselves once per person; this brings them back on each page's next visit. */
function ToursSection() {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const reset = async () => {
    setState('busy');
    try {
      await resetToursSeen();
      setState('done');
    } catch {
      setState('failed');
    }
  };
  return (
    <section className="card">
      <h2 className="card__title">Guided tours</h2>
      <p className="muted">Each page's tour runs once. Bring them back to see them again on your next visit to each page.</p>
      {state === 'done' && <Alert kind="success">The guided tours will show again.</Alert>}
      {state === 'failed' && <Alert kind="error">The guided tours could not be reset. Please try again.</Alert>}
      <button className="btn btn--ghost" type="button" disabled={state === 'busy'} onClick={() => void reset()}>
        {TOURS_RESET_LABEL}
      </button>
    </section>
  );
}
