// Reset password (SPEC §2.5, 'Reset Your Password.'): the numeric Verification Code, the New Password
// and Save, which returns to the enter-password step. Back goes there too.
import { newPasswordSchema, verificationCodeSchema } from '@permitdesk/core';
import { Alert } from '../ui/alert.js';
import { BackButton, Button } from '../ui/button.js';
import { PasswordField } from '../ui/password-field.js';
import { TextField } from '../ui/text-field.js';
import { useTouched } from '../ui/use-touched.js';
import { firstIssue } from '../ui/validate.js';
import type { FlowMessage } from './email-step.js';

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
  const { touched, touch, touchAll } = useTouched<'code' | 'password'>();
  const codeError = props.showErrors || touched('code') ? firstIssue(verificationCodeSchema, props.code) : null;
  const passwordError = props.showErrors || touched('password') ? firstIssue(newPasswordSchema, props.newPassword) : null;
  return (
    <form
      className="pd-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        touchAll(['code', 'password']);
        const valid = firstIssue(verificationCodeSchema, props.code) === null && firstIssue(newPasswordSchema, props.newPassword) === null;
        if (valid) props.onSave();
      }}
    >
      <TextField
        label="Verification Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={props.code}
        onValue={(value) => props.onCode(value.replace(/\D/g, ''))}
        onBlur={() => touch('code')}
        error={codeError}
        disabled={props.busy}
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        value={props.newPassword}
        onValue={props.onNewPassword}
        onBlur={() => touch('password')}
        error={passwordError}
        disabled={props.busy}
      />
      {props.message ? <Alert kind={props.message.kind}>{props.message.text}</Alert> : null}
      <div className="pd-actions">
        <BackButton onClick={props.onBack} />
        <Button type="submit" busy={props.busy}>
          Save
        </Button>
      </div>
    </form>
  );
}
