// Two-step sign-in (issue 18, 'Enter your sign-in code.'): the 6-digit code of the authenticator app,
// or one of the recovery codes. Back returns to the password step.
import { twoFactorCodeSchema } from '@permitdesk/core';
import type { FlowMessage } from '../ui/alert.js';
import { StepForm } from '../ui/step-form.js';
import { TextField } from '../ui/text-field.js';
import { useChecks } from '../ui/use-checks.js';

export interface TwoFactorStepProps {
  email: string;
  code: string;
  onCode(value: string): void;
  busy: boolean;
  message?: FlowMessage | null;
  onBack(): void;
  onSubmit(): void;
  showErrors?: boolean;
}

export function TwoFactorStep(props: TwoFactorStepProps) {
  const checks = useChecks({ code: [twoFactorCodeSchema, props.code] }, props.showErrors);
  return (
    <StepForm onSubmit={() => checks.submit() && props.onSubmit()} onBack={props.onBack} submit="Verify" busy={props.busy} message={props.message}>
      <p className="pd-sub">{props.email}</p>
      <p className="pd-sub">Open your authenticator app and enter the 6-digit code for PermitDesk, or one of your recovery codes.</p>
      <TextField label="Sign-in code" autoComplete="one-time-code" maxLength={20} value={props.code} onValue={props.onCode} {...checks.field('code')} disabled={props.busy} />
    </StepForm>
  );
}
