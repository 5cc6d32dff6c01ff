// The one-time code from the verification mail, typed instead of following the link (same result).
import { verificationCodeSchema } from '@permitdesk/core';
import { CodeField } from '../ui/code-field.js';
import { StepForm } from '../ui/step-form.js';
import { useChecks } from '../ui/use-checks.js';

export interface VerifyCodeFormProps {
  code: string;
  onCode(value: string): void;
  busy: boolean;
  onVerify(): void;
}

export function VerifyCodeForm({ code, onCode, busy, onVerify }: VerifyCodeFormProps) {
  const checks = useChecks({ code: [verificationCodeSchema, code] });
  return (
    <StepForm onSubmit={() => checks.submit() && onVerify()} submit="Verify Code" submitVariant="secondary" busy={busy}>
      <CodeField hint="Or type the 6-digit code from the email." value={code} onValue={onCode} {...checks.field('code')} disabled={busy} />
    </StepForm>
  );
}
