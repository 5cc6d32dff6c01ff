// The masked phone input (SPEC §2.8).
import { TextField, type TextFieldProps } from './text-field.js';
import { maskPhone } from './phone-mask.js';

export function PhoneField(props: TextFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="+1 (555) 555-5555"
      {...props}
      onValue={(value) => props.onValue(maskPhone(value))}
    />
  );
}
