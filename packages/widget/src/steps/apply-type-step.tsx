// Select apply type (SPEC §2.5): Contractor, and Do-It-Yourselfer only when INDIVIDUAL_REQUEST_PERMIT
// allows it. Back goes to the email step.
import { Button } from '../ui/button.js';
import { StepActions } from '../ui/step-form.js';

export interface ApplyTypeStepProps {
  allowDoItYourself: boolean;
  onContractor(): void;
  onDoItYourself(): void;
  onBack(): void;
  busy?: boolean;
}

export function ApplyTypeStep({ allowDoItYourself, onContractor, onDoItYourself, onBack, busy }: ApplyTypeStepProps) {
  return (
    <>
      <div className="pd-choices">
        <Button onClick={onContractor} disabled={busy}>
          Contractor
        </Button>
        {allowDoItYourself ? (
          <Button variant="secondary" onClick={onDoItYourself} disabled={busy}>
            Do-It-Yourselfer
          </Button>
        ) : null}
      </div>
      <StepActions onBack={onBack} />
    </>
  );
}
