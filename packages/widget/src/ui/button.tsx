// Buttons of the modal: primary, secondary, and a busy state with a spinner.
import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.js';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
  busy?: boolean;
}

export function Button({ variant = 'primary', busy, children, type = 'button', disabled, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={variant === 'primary' ? 'pd-btn' : 'pd-btn pd-btn-2'}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}
