// A labelled input with its error and hint, wired for screen readers (aria-invalid, aria-describedby).
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Field, fieldAria } from './field.js';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue(value: string): void;
  error?: string | null;
  hint?: ReactNode;
  /** Something inside the field's right edge (e.g. the show/hide toggle). */
  suffix?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, value, onValue, error, hint, suffix, inputRef, className, ...input }: TextFieldProps) {
  const id = useId();
  const control = (
    <input
      {...input}
      ref={inputRef}
      id={id}
      className="pd-input"
      value={value}
      {...fieldAria(id, error, hint)}
      onChange={(event) => onValue(event.currentTarget.value)}
    />
  );
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {suffix ? (
        <div className="pd-affix">
          {control}
          {suffix}
        </div>
      ) : (
        control
      )}
    </Field>
  );
}
