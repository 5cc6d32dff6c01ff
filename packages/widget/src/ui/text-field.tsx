// A labelled input with its error and hint, wired for screen readers (aria-invalid, aria-describedby).
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

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
  const described = [error ? `${id}-e` : '', hint ? `${id}-h` : ''].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      {...input}
      ref={inputRef}
      id={id}
      className="pd-input"
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
      onChange={(event) => onValue(event.currentTarget.value)}
    />
  );
  return (
    <div className={className ? `pd-field ${className}` : 'pd-field'}>
      <label className="pd-label" htmlFor={id}>
        {label}
      </label>
      {suffix ? (
        <div className="pd-affix">
          {control}
          {suffix}
        </div>
      ) : (
        control
      )}
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
