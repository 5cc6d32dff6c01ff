import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  companyNameSchema,
  einSchema,
  emailSchema,
  fieldErrors,
  fullNameSchema,
  newPasswordSchema,
  noticeAcceptedSchema,
  normalizedEmailSchema,
  parsePhone,
  passwordSchema,
  phoneSchema,
  signInSchema,
  ssnSchema,
  storedPhoneSchema,
  toE164Phone,
  verificationCodeSchema,
} from './validation.js';
import { MESSAGES } from './messages.js';

/** The first message a schema gives for a value, or null when the value passes. */
const messageOf = (schema: v.GenericSchema, value: unknown): string | null => {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? '');
};

describe('email (SPEC §5)', () => {
  it('is required', () => {
    expect(messageOf(emailSchema, '')).toBe('Email is required.');
    expect(messageOf(emailSchema, '   ')).toBe('Email is required.');
    expect(messageOf(emailSchema, undefined)).toBe('Email is required.');
  });

  it('must be a valid address', () => {
    expect(messageOf(emailSchema, 'not-an-email')).toBe('Invalid email address.');
    expect(messageOf(emailSchema, 'jane@example.com')).toBeNull();
  });

  it('is at most 100 characters', () => {
    const at100 = `${'a'.repeat(88)}@example.com`;
    expect(at100).toHaveLength(100);
    expect(messageOf(emailSchema, at100)).toBeNull();
    expect(messageOf(emailSchema, `a${at100}`)).toBe('Email is too long.');
  });

  it('is trimmed and lower-cased on sign-in', () => {
    expect(v.parse(normalizedEmailSchema, '  Jane@Example.COM ')).toBe('jane@example.com');
    expect(v.parse(signInSchema, { email: ' Jane@Example.com', password: 'x' }).email).toBe('jane@example.com');
  });
});

describe('full name (SPEC §5)', () => {
  it('is required and not blank', () => {
    expect(messageOf(fullNameSchema, '')).toBe('Full name is required.');
    expect(messageOf(fullNameSchema, '   ')).toBe('Full name is required.');
  });

  it("is at most 200 characters, with the SPEC's double space", () => {
    expect(messageOf(fullNameSchema, 'a'.repeat(200))).toBeNull();
    expect(messageOf(fullNameSchema, 'a'.repeat(201))).toBe('Full name  is too long.');
  });
});

describe('password (SPEC §5)', () => {
  it('is required, at most 35, at least 7', () => {
    expect(messageOf(passwordSchema, '')).toBe('Password is required.');
    expect(messageOf(passwordSchema, 'a'.repeat(36))).toBe('Password is too long.');
    expect(messageOf(passwordSchema, 'a'.repeat(35))).toBeNull();
    expect(messageOf(passwordSchema, 'abcdef')).toBe('Password longer than 7 characters');
    expect(messageOf(passwordSchema, 'abcdefg')).toBeNull();
  });

  it('new password: the same rules, its short message ends with a full stop', () => {
    expect(messageOf(newPasswordSchema, '')).toBe('Password is required.');
    expect(messageOf(newPasswordSchema, 'a'.repeat(36))).toBe('Password is too long.');
    expect(messageOf(newPasswordSchema, 'abc')).toBe('Password longer than 7 characters.');
  });

  it('sign-in needs both fields', () => {
    const result = v.safeParse(signInSchema, { email: '', password: '' });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.issues)).toEqual({ email: 'Email is required.', password: 'Password is required.' });
  });
});

describe('verification code (SPEC §5)', () => {
  it('is required and exactly 6 digits', () => {
    expect(messageOf(verificationCodeSchema, '')).toBe('Code is required.');
    for (const bad of ['12345', '1234567', '12345a', '12 345']) {
      expect(messageOf(verificationCodeSchema, bad)).toBe('Invalid format, valid formats must be 6 digits.');
    }
    expect(messageOf(verificationCodeSchema, '012345')).toBeNull();
  });
});

describe('notice checkbox (SPEC §5)', () => {
  it('must be ticked', () => {
    expect(messageOf(noticeAcceptedSchema, false)).toBe('Please check this box if you want to proceed');
    expect(messageOf(noticeAcceptedSchema, true)).toBeNull();
  });
});

describe('phone (SPEC §5)', () => {
  it('refuses an area code starting with 0 or 1, with the trailing space', () => {
    expect(messageOf(phoneSchema, '(055) 234-5678')).toBe('Invalid format, Area Code (XXX) must be different 0 and 1 ');
    expect(messageOf(phoneSchema, '155 234 5678')).toBe('Invalid format, Area Code (XXX) must be different 0 and 1 ');
    expect(MESSAGES.phoneAreaCode.endsWith(' ')).toBe(true);
  });

  it('refuses anything that is not 10 digits', () => {
    for (const bad of ['555-2345', '555234567890', 'call me', '+44 20 7946 0958', '']) {
      expect(messageOf(phoneSchema, bad)).toBe('Invalid format, valid formats are (XXX) XXX-XXXX or +1 (XXX) XXX-XXXX');
    }
  });

  it('accepts both SPEC formats and adds +1', () => {
    expect(v.parse(phoneSchema, '(555) 234-5678')).toBe('+15552345678');
    expect(v.parse(phoneSchema, '+1 (555) 234-5678')).toBe('+15552345678');
    expect(toE164Phone('555.234.5678')).toBe('+15552345678');
  });

  it('takes an extension of up to 5 digits after x', () => {
    expect(parsePhone('(555) 234-5678 x12345')).toEqual({ national: '5552345678', extension: '12345' });
    expect(v.parse(phoneSchema, '+1 (555) 234-5678 x12')).toBe('+1555234567812');
    expect(messageOf(phoneSchema, '(555) 234-5678 x123456')).toBe('Invalid format, valid formats are (XXX) XXX-XXXX or +1 (XXX) XXX-XXXX');
    expect(messageOf(phoneSchema, '(555) 234-5678 x')).toBe('Invalid format, valid formats are (XXX) XXX-XXXX or +1 (XXX) XXX-XXXX');
  });

  it('stores +1 plus 10 digits and up to 5 extension digits', () => {
    expect(v.is(storedPhoneSchema, '+15552345678')).toBe(true);
    expect(v.is(storedPhoneSchema, '+155523456781234')).toBe(true);
    expect(v.is(storedPhoneSchema, '+1555234567812345')).toBe(true);
    expect(v.is(storedPhoneSchema, '+15552345678123456')).toBe(false);
    expect(v.is(storedPhoneSchema, '5552345678')).toBe(false);
  });
});

describe('SSN and EIN (SPEC §5)', () => {
  it('SSN is 3-2-4 digits', () => {
    expect(messageOf(ssnSchema, '123-45-6789')).toBeNull();
    for (const bad of ['123456789', '12-345-6789', '123-45-678a']) {
      expect(messageOf(ssnSchema, bad)).toBe(MESSAGES.ssnInvalid);
    }
  });

  it('EIN is a digit 1-9, an optional digit, a hyphen and 7 digits', () => {
    expect(messageOf(einSchema, '12-3456789')).toBeNull();
    expect(messageOf(einSchema, '1-3456789')).toBeNull();
    for (const bad of ['02-3456789', '123-456789', '12-345678', '123456789']) {
      expect(messageOf(einSchema, bad)).toBe(MESSAGES.einInvalid);
    }
  });
});

describe('company name (SPEC §5)', () => {
  it('is required, and the taken message is the SPEC one', () => {
    expect(messageOf(companyNameSchema, '  ')).not.toBeNull();
    expect(messageOf(companyNameSchema, 'Acme')).toBeNull();
    expect(MESSAGES.companyNameTaken).toBe('Company name has already been taken, please try another name!');
  });

  it("keeps the missing-email messages word for word", () => {
    expect(MESSAGES.missingEmail).toBe('Missing Email');
    expect(MESSAGES.missingEmailDetail).toBe('Your email is missing !');
  });
});
