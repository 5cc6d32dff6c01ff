// A password input with the show/hide toggle of the password steps (SPEC §2.5).
import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field.js';

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'suffix'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      suffix={
        <button type="button" className="pd-link" aria-pressed={shown} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
          <span className="pd-sr"> password</span>
        </button>
      }
    />
  );
}
