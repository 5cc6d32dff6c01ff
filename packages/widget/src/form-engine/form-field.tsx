// One field of a form definition, rendered by its type with its label and message.
import { useId } from 'react';
import type { FormField } from '@permitdesk/core';
import { CheckboxField } from '../ui/checkbox-field.js';
import { Field, fieldAria } from '../ui/field.js';
import { PhoneField } from '../ui/phone-field.js';
import { TextField } from '../ui/text-field.js';
import type { Answer } from './answers.js';

export interface FormFieldViewProps {
  field: FormField;
  value: Answer;
  error: string | null;
  onValue(value: Answer): void;
  onBlur(): void;
  disabled?: boolean;
}

const INPUT_TYPES: Partial<Record<FormField['type'], string>> = { email: 'email', date: 'date', text: 'text', address: 'text', currency: 'text' };

export function FormFieldView({ field, value, error, onValue, onBlur, disabled }: FormFieldViewProps) {
  const id = useId();
  const text = value === null || typeof value === 'boolean' ? '' : String(value);
  const label = field.required || field.readOnly ? field.label : `${field.label} (optional)`;
  if (field.type === 'hidden') return null;
  if (field.type === 'checkbox') {
    return <CheckboxField label={label} checked={value === true} onChecked={onValue} error={error} />;
  }
  if (field.type === 'phone') {
    return <PhoneField label={label} value={text} onValue={onValue} onBlur={onBlur} error={error} disabled={disabled} readOnly={field.readOnly} />;
  }
  if (field.type === 'textarea' || field.type === 'select') {
    const common = {
      id,
      className: 'pd-input',
      disabled: disabled || field.readOnly,
      ...fieldAria(id, error, field.help),
      onBlur,
    } as const;
    return (
      <Field id={id} label={label} hint={field.help} error={error}>
        {field.type === 'textarea' ? (
          <textarea {...common} value={text} maxLength={field.maxLength} placeholder={field.placeholder} onChange={(event) => onValue(event.currentTarget.value)} />
        ) : (
          <select {...common} value={text} onChange={(event) => onValue(event.currentTarget.value)}>
            {field.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  return (
    <TextField
      label={label}
      type={field.type === 'file' ? 'text' : (INPUT_TYPES[field.type] ?? 'text')}
      inputMode={field.type === 'currency' ? 'decimal' : undefined}
      value={text}
      onValue={onValue}
      onBlur={onBlur}
      error={error}
      hint={field.help}
      placeholder={field.placeholder}
      maxLength={field.maxLength}
      readOnly={field.readOnly}
      disabled={disabled}
    />
  );
}
