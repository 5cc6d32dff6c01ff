// Enter password (SPEC §2.5, 'Enter your password.'): show/hide toggle and the 'forgot password?' link,
// which mails a code and moves to the reset step. A wrong password shows 'Incorrect password'.
import { passwordSchema } from '@permitdesk/core';
import { Alert } from '../ui/alert.js';
import { BackButton, Button } from '../ui/button.js';
import { PasswordField } from '../ui/password-field.js';
import { useTouched } from '../ui/use-touched.js';
import { firstIssue } from '../ui/validate.js';
import type { FlowMessage } from './email-step.js';

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
  const { touched, touch } = useTouched<'password'>();
  const error = props.showErrors || touched('password') ? firstIssue(passwordSchema, props.password) : null;
  return (
    <form
      className="pd-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        touch('password');
        if (firstIssue(passwordSchema, props.password) === null) props.onSubmit();
      }}
    >
      <p className="pd-sub">{props.email}</p>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={props.password}
        onValue={props.onPassword}
        onBlur={() => touch('password')}
        error={error}
        disabled={props.busy}
      />
      <div>
        <button type="button" className="pd-link" onClick={props.onForgot} disabled={props.busy}>
          forgot password?
        </button>
      </div>
      {props.message ? <Alert kind={props.message.kind}>{props.message.text}</Alert> : null}
      <div className="pd-actions">
        <BackButton onClick={props.onBack} />
        <Button type="submit" busy={props.busy}>
          Sign In
        </Button>
      </div>
    </form>
  );
}
