// The one-time code from the verification mail, typed instead of following the link (same result).
import { verificationCodeSchema } from '@permitdesk/core';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/text-field.js';
import { useTouched } from '../ui/use-touched.js';
import { firstIssue } from '../ui/validate.js';

export interface VerifyCodeFormProps {
  code: string;
  onCode(value: string): void;
  busy: boolean;
  onVerify(): void;
}

export function VerifyCodeForm({ code, onCode, busy, onVerify }: VerifyCodeFormProps) {
  const { touched, touch } = useTouched<'code'>();
  return (
    <form
      className="pd-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        touch('code');
        if (firstIssue(verificationCodeSchema, code) === null) onVerify();
      }}
    >
      <TextField
        label="Verification Code"
        hint="Or type the 6-digit code from the email."
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onValue={(value) => onCode(value.replace(/\D/g, ''))}
        onBlur={() => touch('code')}
        error={touched('code') ? firstIssue(verificationCodeSchema, code) : null}
        disabled={busy}
      />
      <div className="pd-actions">
        <Button type="submit" variant="secondary" busy={busy}>
          Verify Code
        </Button>
      </div>
    </form>
  );
}
