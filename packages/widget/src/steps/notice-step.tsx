// Important notice (SPEC §2.5): the configurable notice wall with {municipalityName} filled in (its
// title is the modal's heading), a tick
// box that must be ticked (the flow says 'Please check this box if you want to proceed'), Next and a
// contact link.
import type { NotificationWall } from '@permitdesk/core';
import { CheckboxField } from '../ui/checkbox-field.js';
import { StepForm } from '../ui/step-form.js';

export interface NoticeStepProps {
  /** The wall's texts, municipality already substituted. */
  wall: NotificationWall;
  accepted: boolean;
  onAccepted(accepted: boolean): void;
  /** The flow's message after Next without the tick ('Please check this box if you want to proceed'). */
  error: string | null;
  contactUrl: string;
  onBack(): void;
  onNext(): void;
}

export function NoticeStep({ wall, accepted, onAccepted, error, contactUrl, onBack, onNext }: NoticeStepProps) {
  return (
    <StepForm onSubmit={onNext} onBack={onBack} submit="Next">
      <div className="pd-notice">
        <p>{wall.descriptionsHeaderForm}</p>
        <CheckboxField
          label={wall.textCheckBox}
          checked={accepted}
          onChecked={onAccepted}
          error={error}
        />
        <p>{wall.descriptionsFooterForm}</p>
        <p>
          <a className="pd-link" href={contactUrl} target="_blank" rel="noopener noreferrer">
            {wall.titleFooterForm}
          </a>
        </p>
      </div>
    </StepForm>
  );
}
