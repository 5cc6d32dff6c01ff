// Enter email (SPEC §2.5): the 'Email Address' field and one button whose label the flow decides
// ('Validate Email', 'Resend email' or 'Enter another email'); the input is disabled while a check runs.
import type { ReactNode } from 'react';
import { emailSchema } from '@permitdesk/core';
import { Alert, type AlertKind } from '../ui/alert.js';
import { BackButton, Button } from '../ui/button.js';
import { TextField } from '../ui/text-field.js';
import { useTouched } from '../ui/use-touched.js';
import { firstIssue } from '../ui/validate.js';

export interface FlowMessage {
  kind: AlertKind;
  text: ReactNode;
}

export interface EmailStepProps {
  email: string;
  onEmail(value: string): void;
  buttonLabel: 'Validate Email' | 'Resend email' | 'Enter another email';
  /** A check (or a resend) is running: input disabled, button spinning. */
  checking: boolean;
  message?: FlowMessage | null;
  onSubmit(): void;
  onBack(): void;
  showErrors?: boolean;
}

export function EmailStep(props: EmailStepProps) {
  const { touched, touch } = useTouched<'email'>();
  const error = props.showErrors || touched('email') ? firstIssue(emailSchema, props.email) : null;
  return (
    <form
      className="pd-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        touch('email');
        if (props.buttonLabel !== 'Validate Email' || firstIssue(emailSchema, props.email) === null) props.onSubmit();
      }}
    >
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={props.email}
        onValue={props.onEmail}
        onBlur={() => touch('email')}
        disabled={props.checking}
        error={error}
        maxLength={120}
      />
      {props.message ? <Alert kind={props.message.kind}>{props.message.text}</Alert> : null}
      <div className="pd-actions">
        <BackButton onClick={props.onBack} />
        <Button type="submit" busy={props.checking}>
          {props.buttonLabel}
        </Button>
      </div>
    </form>
  );
}
