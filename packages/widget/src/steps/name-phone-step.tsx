// Name and phone (SPEC §2.5 step 3, 'Tell us about yourself.'): Full Name and Phone Number; Next shows
// only when the name is non-empty and the phone valid; Back returns to the task step.
import { fullNameSchema, phoneSchema } from '@permitdesk/core';
import { BackButton, Button } from '../ui/button.js';
import { PhoneField } from '../ui/phone-field.js';
import { TextField } from '../ui/text-field.js';
import { useTouched } from '../ui/use-touched.js';
import { firstIssue } from '../ui/validate.js';

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
  const { touched, touch } = useTouched<'name' | 'phone'>();
  const nameError = props.showErrors || touched('name') ? firstIssue(fullNameSchema, props.fullName) : null;
  const phoneError = props.showErrors || touched('phone') ? firstIssue(phoneSchema, props.phone) : null;
  return (
    <form
      className="pd-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (props.showNext) props.onNext();
      }}
    >
      <TextField
        label="Full Name"
        autoComplete="name"
        value={props.fullName}
        onValue={props.onFullName}
        onBlur={() => touch('name')}
        error={nameError}
        maxLength={250}
      />
      <PhoneField label="Phone Number" value={props.phone} onValue={props.onPhone} onBlur={() => touch('phone')} error={phoneError} />
      <div className="pd-actions">
        <BackButton onClick={props.onBack} />
        {props.showNext ? <Button type="submit">Next</Button> : null}
      </div>
    </form>
  );
}
