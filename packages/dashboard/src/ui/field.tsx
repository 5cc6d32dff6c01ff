// A labelled input wired to react-hook-form's register() result, with its error message.
import { forwardRef, useId, useState, type InputHTMLAttributes } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string; revealable?: boolean };

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, revealable, type = 'text', ...input }, ref) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      {...input}
      ref={ref}
      id={id}
      type={revealable && revealed ? 'text' : type}
      className="field__input"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {revealable ? (
        <div className="field__with-action">
          {control}
          <button type="button" className="link-button field__action" onClick={() => setRevealed(!revealed)} aria-pressed={revealed}>
            {revealed ? 'Hide' : 'Show'}
          </button>
        </div>
      ) : (
        control
      )}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
});
