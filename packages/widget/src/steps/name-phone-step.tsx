// Name and phone (SPEC §2.5 step 3, 'Tell us about yourself.'): Full Name and Phone Number; Next shows
// only when the name is non-empty and the phone valid; Back returns to the task step.
import { fullNameSchema, phoneSchema } from '@permitdesk/core';
import { PhoneField } from '../ui/phone-field.js';
import { StepForm } from '../ui/step-form.js';
import { TextField } from '../ui/text-field.js';
import { useChecks } from '../ui/use-checks.js';

export interface NamePhoneStepProps {
  fullName: string;
  phone: string;
  onFullName(value: string): void;
  onPhone(value: string): void;
  /** From the flow machine: Next shows only when both are valid. */
  showNext: boolean;
  onBack(): void;
  onNext(): void;
  /** Show every message at once (stories, or after a failed Next). */
  showErrors?: boolean;
}

export function NamePhoneStep(props: NamePhoneStepProps) {
  const checks = useChecks({ name: [fullNameSchema, props.fullName], phone: [phoneSchema, props.phone] }, props.showErrors);
  return (
    <StepForm onSubmit={() => props.showNext && props.onNext()} onBack={props.onBack} submit={props.showNext ? 'Next' : null}>
      <TextField label="Full Name" autoComplete="name" value={props.fullName} onValue={props.onFullName} {...checks.field('name')} maxLength={250} />
      <PhoneField label="Phone Number" value={props.phone} onValue={props.onPhone} {...checks.field('phone')} />
    </StepForm>
  );
}
