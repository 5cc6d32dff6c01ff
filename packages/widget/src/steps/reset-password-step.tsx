// Reset password (SPEC §2.5, 'Reset Your Password.'): the numeric Verification Code, the New Password
// and Save, which returns to the enter-password step. Back goes there too.
import { newPasswordSchema, verificationCodeSchema } from '@permitdesk/core';
import type { FlowMessage } from '../ui/alert.js';
import { CodeField } from '../ui/code-field.js';
import { PasswordField } from '../ui/password-field.js';
import { StepForm } from '../ui/step-form.js';
import { useChecks } from '../ui/use-checks.js';

export interface ResetPasswordStepProps {
  code: string;
  onCode(value: string): void;
  newPassword: string;
  onNewPassword(value: string): void;
  busy: boolean;
  message?: FlowMessage | null;
  onBack(): void;
  onSave(): void;
  showErrors?: boolean;
}

export function ResetPasswordStep(props: ResetPasswordStepProps) {
  const checks = useChecks({ code: [verificationCodeSchema, props.code], password: [newPasswordSchema, props.newPassword] }, props.showErrors);
  return (
    <StepForm onSubmit={() => checks.submit() && props.onSave()} onBack={props.onBack} submit="Save" busy={props.busy} message={props.message}>
      <CodeField pattern="[0-9]*" value={props.code} onValue={props.onCode} {...checks.field('code')} disabled={props.busy} />
      <PasswordField label="New Password" autoComplete="new-password" value={props.newPassword} onValue={props.onNewPassword} {...checks.field('password')} disabled={props.busy} />
    </StepForm>
  );
}
