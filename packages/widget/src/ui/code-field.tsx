// The 6-digit verification code from a mail: digits only, offered by the browser's one-time-code fill.
import { TextField, type TextFieldProps } from './text-field.js';

export function CodeField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField
      label="Verification Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
      onValue={(value) => props.onValue(value.replace(/\D/g, ''))}
    />
  );
}
