// Enter password (SPEC §2.5, 'Enter your password.'): show/hide toggle and the 'forgot password?' link,
// which mails a code and moves to the reset step. A wrong password shows 'Incorrect password'.
import { passwordSchema } from '@permitdesk/core';
import type { FlowMessage } from '../ui/alert.js';
import { PasswordField } from '../ui/password-field.js';
import { StepForm } from '../ui/step-form.js';
import { useChecks } from '../ui/use-checks.js';

export interface EnterPasswordStepProps {
  email: string;
  password: string;
  onPassword(value: string): void;
  busy: boolean;
  message?: FlowMessage | null;
  onForgot(): void;
  onBack(): void;
  onSubmit(): void;
  showErrors?: boolean;
}

export function EnterPasswordStep(props: EnterPasswordStepProps) {
  const checks = useChecks({ password: [passwordSchema, props.password] }, props.showErrors);
  return (
    <StepForm onSubmit={() => checks.submit() && props.onSubmit()} onBack={props.onBack} submit="Sign In" busy={props.busy} message={props.message}>
      <p className="pd-sub">{props.email}</p>
      <PasswordField label="Password" autoComplete="current-password" value={props.password} onValue={props.onPassword} {...checks.field('password')} disabled={props.busy} />
      <div>
        <button type="button" className="pd-link" onClick={props.onForgot} disabled={props.busy}>
          forgot password?
        </button>
      </div>
    </StepForm>
  );
}
