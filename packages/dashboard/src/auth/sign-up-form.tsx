// The sign-up form of /sign-up/individual, /sign-up/company and /sign-up/invite: creates the account
// through the identity service, then goes to /sign-up/confirm (SPEC §4.2). A company sign-up carries
// the company name, created at /welcome after the first sign-in.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { companyNameSchema, emailSchema, fullNameSchema, passwordSchema, phoneSchema } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import * as v from 'valibot';
import { AUTH_TOASTS } from '../session/auth-messages.js';
import { identity } from '../session/api.js';
import { Alert } from '../ui/alert.js';
import { Field } from '../ui/field.js';
import { notify } from '../ui/notify.js';
import { Spinner } from '../ui/spinner.js';

const personSchema = v.object({ fullName: fullNameSchema, email: emailSchema, phoneNumber: phoneSchema, password: passwordSchema });
const companySchema = v.object({
  ...personSchema.entries,
  companyName: companyNameSchema,
  companyAddress: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300))),
});
type Input = v.InferInput<typeof companySchema>;
type Output = v.InferOutput<typeof companySchema>;

/** The server answers 409 when an account already has this e-mail. */
const accountExists = (error: unknown) => isApiRequestError(error) && error.status === 409;

export function SignUpForm({ kind, email }: { kind: 'individual' | 'company'; email?: string }) {
  const navigate = useNavigate();
  const [exists, setExists] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    // The individual form has no company fields: its schema is the person part alone.
    resolver: valibotResolver((kind === 'company' ? companySchema : personSchema) as typeof companySchema),
    defaultValues: { email: email ?? '', fullName: '', phoneNumber: '', password: '', companyName: '', companyAddress: '' },
  });
  const submit = async (values: Output) => {
    setExists(false);
    setError(null);
    try {
      await identity.signUp({
        email: values.email,
        password: values.password,
        fullName: values.fullName,
        phoneNumber: values.phoneNumber,
        ...(kind === 'company' ? { companyName: values.companyName, ...(values.companyAddress ? { companyAddress: values.companyAddress } : {}) } : {}),
        fromURL: window.location.href,
      });
      navigate(`/sign-up/confirm?${new URLSearchParams({ email: values.email.toLowerCase() }).toString()}`);
    } catch (e) {
      if (accountExists(e)) {
        setExists(true);
        return;
      }
      const message = e instanceof Error ? e.message : AUTH_TOASTS.signupFailure;
      setError(message);
      notify('error', AUTH_TOASTS.signupFailure, message);
    }
  };
  const submitting = formState.isSubmitting;
  const errors = formState.errors;
  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label="Create your account">
      {exists && (
        <Alert kind="warning">
          {AUTH_TOASTS.accountExists} <Link to="/sign-in">Sign In</Link>
        </Alert>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      <fieldset disabled={submitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Field label="Full Name" autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
        <Field label="Email Address" type="email" autoComplete="email" readOnly={email !== undefined} error={errors.email?.message} {...register('email')} />
        <Field label="Phone Number" type="tel" autoComplete="tel" placeholder="+1 (999) 999-9999 x99999" error={errors.phoneNumber?.message} {...register('phoneNumber')} />
        {kind === 'company' && (
          <>
            <Field label="Company Name" autoComplete="organization" error={errors.companyName?.message} {...register('companyName')} />
            <Field label="Company Address" autoComplete="street-address" hint="Optional" error={errors.companyAddress?.message} {...register('companyAddress')} />
          </>
        )}
        <Field label="Password" type="password" autoComplete="new-password" revealable error={errors.password?.message} {...register('password')} />
        <button className="btn btn--block" type="submit">
          {submitting ? <Spinner label="Creating your account" /> : 'Create account'}
        </button>
      </fieldset>
    </form>
  );
}
