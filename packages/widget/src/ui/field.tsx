// The frame of one form control: its label, hint and error, wired for screen readers. The control
// itself takes `fieldAria(id, error, hint)`.
import type { ReactNode } from 'react';

/** A control's aria-invalid, and its aria-describedby: the ids of its error and hint (`${id}-e`, `${id}-h`). */
export const fieldAria = (id: string, error?: string | null, hint?: ReactNode) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error ? `${id}-e` : '', hint ? `${id}-h` : ''].filter(Boolean).join(' ') || undefined,
});

export interface FieldProps {
  /** The control's id. */
  id: string;
  /** The label above the control; none when the control brings its own (a checkbox). */
  label?: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactNode;
}

export function Field({ id, label, hint, error, className, children }: FieldProps) {
  return (
    <div className={className ? 'pd-field ' + className : 'pd-field'}>
      {label ? (
        <label className="pd-label" htmlFor={id}>
          {label}
        </label>
      ) : null}
      {children}
      {hint ? (
        <p className="pd-hint" id={`${id}-h`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="pd-error" id={`${id}-e`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
