// Create password (SPEC §2.5, 'Create a password.'): show/hide toggle; creating the account signs the
// user in and leads to the form.
import { passwordSchema } from '@permitdesk/core';
import { PasswordField } from '../ui/password-field.js';
import { StepForm } from '../ui/step-form.js';
import { useChecks } from '../ui/use-checks.js';

export interface CreatePasswordStepProps {
  password: string;
  onPassword(value: string): void;
  busy: boolean;
  error?: string | null;
  onBack(): void;
  onSubmit(): void;
  showErrors?: boolean;
}

export function CreatePasswordStep(props: CreatePasswordStepProps) {
  const checks = useChecks({ password: [passwordSchema, props.password] }, props.showErrors);
  return (
    <StepForm onSubmit={() => checks.submit() && props.onSubmit()} onBack={props.onBack} submit="Create Account" busy={props.busy} message={props.error}>
      <PasswordField label="Password" autoComplete="new-password" value={props.password} onValue={props.onPassword} {...checks.field('password')} disabled={props.busy} />
    </StepForm>
  );
}
