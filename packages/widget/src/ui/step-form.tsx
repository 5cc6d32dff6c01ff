// The frame of a modal step: its fields, the flow's message, and the Back / submit row under them.
import type { ReactNode } from 'react';
import { Alert, type FlowMessage } from './alert.js';
import { Button } from './button.js';

/** The Back / Next row under every step; Back only when the step has somewhere to go back to. */
export function StepActions({ onBack, children }: { onBack?: () => void; children?: ReactNode }) {
  return (
    <div className="pd-actions">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      ) : null}
      {children}
    </div>
  );
}

export interface StepFormProps {
  onSubmit(): void;
  onBack?: () => void;
  /** The submit button's text; none hides the button (Next shows only once the step allows it). */
  submit?: ReactNode;
  submitVariant?: 'primary' | 'secondary';
  busy?: boolean;
  /** The flow's message above the buttons; plain text is an error. */
  message?: FlowMessage | string | null;
  children: ReactNode;
}

export function StepForm({ onSubmit, onBack, submit, submitVariant, busy, message, children }: StepFormProps) {
  const alert = typeof message === 'string' ? { kind: 'error' as const, text: message } : message;
  return (
    <form
      className="pd-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {alert ? <Alert kind={alert.kind}>{alert.text}</Alert> : null}
      <StepActions onBack={onBack}>
        {submit ? (
          <Button type="submit" variant={submitVariant} busy={busy}>
            {submit}
          </Button>
        ) : null}
      </StepActions>
    </form>
  );
}
