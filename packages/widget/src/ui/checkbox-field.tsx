// A labelled checkbox with its error (the notice wall's tick box).
import { useId, type ReactNode } from 'react';
import { Field, fieldAria } from './field.js';

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChecked(checked: boolean): void;
  error?: string | null;
}

export function CheckboxField({ label, checked, onChecked, error }: CheckboxFieldProps) {
  const id = useId();
  return (
    <Field id={id} error={error}>
      <label className="pd-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          {...fieldAria(id, error)}
          onChange={(event) => onChecked(event.currentTarget.checked)}
        />
        <span>{label}</span>
      </label>
    </Field>
  );
}
