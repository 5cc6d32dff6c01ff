// Enter email (SPEC §2.5): the 'Email Address' field and one button whose label the flow decides
// ('Validate Email', 'Resend email' or 'Enter another email'); the input is disabled while a check runs.
import { emailSchema } from '@permitdesk/core';
import type { FlowMessage } from '../ui/alert.js';
import { StepForm } from '../ui/step-form.js';
import { TextField } from '../ui/text-field.js';
import { useChecks } from '../ui/use-checks.js';

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
  const checks = useChecks({ email: [emailSchema, props.email] }, props.showErrors);
  return (
    <StepForm
      // Only a new address is checked: resending or starting over needs no valid input.
      onSubmit={() => (checks.submit() || props.buttonLabel !== 'Validate Email') && props.onSubmit()}
      onBack={props.onBack}
      submit={props.buttonLabel}
      busy={props.checking}
      message={props.message}
    >
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={props.email}
        onValue={props.onEmail}
        {...checks.field('email')}
        disabled={props.checking}
        maxLength={120}
      />
    </StepForm>
  );
}
