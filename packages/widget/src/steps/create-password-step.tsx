// Create password (SPEC §2.5, 'Create a password.'): show/hide toggle; creating the account signs the
// user in and leads to the form.
import { passwordSchema } from '@permitdesk/core';
import { Alert } from '../ui/alert.js';
import { BackButton, Button } from '../ui/button.js';
import { PasswordField } from '../ui/password-field.js';
import { useTouched } from '../ui/use-touched.js';
import { firstIssue } from '../ui/validate.js';

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
      <PasswordField
        label="Password"
        autoComplete="new-password"
        value={props.password}
        onValue={props.onPassword}
        onBlur={() => touch('password')}
        error={error}
        disabled={props.busy}
      />
      {props.error ? <Alert kind="error">{props.error}</Alert> : null}
      <div className="pd-actions">
        <BackButton onClick={props.onBack} />
        <Button type="submit" busy={props.busy}>
          Create Account
        </Button>
      </div>
    </form>
  );
}
