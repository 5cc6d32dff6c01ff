// A labelled checkbox with its error (the notice wall's tick box).
import { useId, type ReactNode } from 'react';

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChecked(checked: boolean): void;
  error?: string | null;
}

export function CheckboxField({ label, checked, onChecked, error }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="pd-field">
      <label className="pd-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
          onChange={(event) => onChecked(event.currentTarget.checked)}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p className="pd-error" id={`${id}-e`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
