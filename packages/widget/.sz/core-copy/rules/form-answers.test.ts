import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../schemas/forms.js';
import { MESSAGES } from './messages.js';
import { checkFormAnswer, normalizeFormAnswers, validateFormAnswers } from './form-answers.js';

const form: FormDefinition = {
  id: 50,
  title: 'Test',
  submitLabel: 'Send',
  fields: [
    { name: 'Name', label: 'Customer Name', type: 'text', required: true, maxLength: 5 },
    { name: 'Email', label: 'Email', type: 'email', required: false },
    { name: 'Phone', label: 'Phone', type: 'phone', required: false },
    { name: 'Value', label: 'Job Value', type: 'currency', required: false },
    { name: 'Start', label: 'Start Date', type: 'date', required: false },
    { name: 'Reason', label: 'Reason', type: 'select', required: true, options: [{ label: 'Other', value: 'other' }] },
    { name: 'Agree', label: 'I agree', type: 'checkbox', required: true },
    { name: 'Hidden', label: 'Hidden', type: 'hidden', required: true },
  ],
};

describe('form answers', () => {
  it('names every failing field with its message', () => {
    const errors = validateFormAnswers(form, {
      Name: '',
      Email: 'not-an-email',
      Phone: '(055) 234-5678',
      Value: 'ten dollars',
      Start: '2025-02-30',
      Reason: 'nope',
      Agree: false,
    });
    expect(errors).toEqual({
      Name: 'Customer Name is required.',
      Email: MESSAGES.emailInvalid,
      Phone: MESSAGES.phoneAreaCode,
      Value: 'Job Value must be an amount in dollars.',
      Start: 'Start Date must be a date.',
      Reason: 'Reason must be one of the listed options.',
      Agree: 'I agree is required.',
    });
  });

  it('checks lengths, types and unknown fields when strict', () => {
    expect(checkFormAnswer(form.fields[0]!, 'abcdef')).toBe('Customer Name is too long.');
    expect(checkFormAnswer(form.fields[0]!, true)).toBe('Customer Name must be text.');
    expect(checkFormAnswer(form.fields[6]!, 'yes')).toBe('I agree must be checked or unchecked.');
    expect(validateFormAnswers(form, { Name: 'Ann', Reason: 'other', Agree: true, Extra: 'x' }, { strict: true })).toEqual({
      Extra: 'Unknown field: Extra.',
    });
    expect(validateFormAnswers(form, { Name: 'Ann', Reason: 'other', Agree: true, Extra: 'x' })).toEqual({});
  });

  it('normalises answers for storage', () => {
    expect(
      normalizeFormAnswers(form, { Name: ' Ann ', Phone: '(555) 234-5678 x12', Value: '$1,250.50', Reason: 'other', Agree: true, Extra: 'x' }),
    ).toEqual({ Name: 'Ann', Email: null, Phone: '+1555234567812', Value: 1250.5, Start: null, Reason: 'other', Agree: true, Hidden: null });
  });
});
