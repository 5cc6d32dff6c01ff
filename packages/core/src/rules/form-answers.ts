// The form engine's answer checks (forms 52, 31, 32, 50): one rule per field type, with the same
// messages wherever a form is filled in (widget, dashboard) or received (server).
import * as v from 'valibot';
import type { FormDefinition, FormField, PermitFormEntry } from '../schemas/forms.js';
import { parseUsd } from './formats.js';
import { emailSchema, phoneSchema, toE164Phone } from './validation.js';

export type FormAnswer = string | number | boolean | null;
export type FormAnswers = Record<string, FormAnswer>;

const isBlank = (value: FormAnswer | undefined): boolean =>
  value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '');

const firstIssue = (schema: v.GenericSchema, value: unknown): string | null => {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? 'Invalid value.');
};

/** A real calendar date written YYYY-MM-DD. */
const isIsoDate = (text: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

export const formAnswerMessages = {
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string) => `${label} is too long.`,
  currency: (label: string) => `${label} must be an amount in dollars.`,
  date: (label: string) => `${label} must be a date.`,
  option: (label: string) => `${label} must be one of the listed options.`,
  checkbox: (label: string) => `${label} must be checked or unchecked.`,
  text: (label: string) => `${label} must be text.`,
  unknown: (name: string) => `Unknown field: ${name}.`,
  /** Announced to screen readers when a submission is held back. */
  count: (errors: number) => (errors === 1 ? '1 field needs your attention.' : `${errors} fields need your attention.`),
} as const;

/** The form as this applicant sees it: fields meant for other applicants are left out (and refused). */
export function applicableForm(definition: FormDefinition, applicant: PermitFormEntry['ApplicantType'] | undefined): FormDefinition {
  if (!applicant) return definition;
  return { ...definition, fields: definition.fields.filter((field) => !field.applicants || field.applicants.includes(applicant)) };
}

/**
 * The message for one answer, or null when it is fine. Hidden and read-only fields are filled from the
 * entry prefill, so they are never required of the user, but what they hold is still checked.
 */
export function checkFormAnswer(field: FormField, value: FormAnswer | undefined): string | null {
  const { label } = field;
  if (field.type === 'checkbox') {
    if (value !== undefined && value !== null && typeof value !== 'boolean') return formAnswerMessages.checkbox(label);
    return field.required && value !== true && !field.readOnly ? formAnswerMessages.required(label) : null;
  }
  if (isBlank(value)) return field.required && field.type !== 'hidden' && !field.readOnly ? formAnswerMessages.required(label) : null;
  if (typeof value === 'boolean') return formAnswerMessages.text(label);
  if (field.type === 'currency') {
    if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? null : formAnswerMessages.currency(label);
    return /\d/.test(String(value)) && /^[\s$,\d.]+$/.test(String(value)) && parseUsd(String(value)) >= 0
      ? null
      : formAnswerMessages.currency(label);
  }
  const text = String(value);
  if (field.maxLength !== undefined && text.length > field.maxLength) return formAnswerMessages.tooLong(label);
  switch (field.type) {
    case 'email':
      return firstIssue(emailSchema, text);
    case 'phone':
      return firstIssue(phoneSchema, text);
    case 'date':
      return isIsoDate(text) ? null : formAnswerMessages.date(label);
    case 'select':
      return field.options?.some((option) => option.value === text) ? null : formAnswerMessages.option(label);
    default:
      return null;
  }
}

/**
 * Every failing answer's message, keyed by field name, in the definition's order. With `strict`, an
 * answer for a field the form does not have is refused too.
 */
export function validateFormAnswers(definition: FormDefinition, answers: FormAnswers, options: { strict?: boolean } = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of definition.fields) {
    const message = checkFormAnswer(field, answers[field.name]);
    if (message) errors[field.name] = message;
  }
  if (options.strict) {
    const known = new Set(definition.fields.map((field) => field.name));
    for (const name of Object.keys(answers)) if (!known.has(name)) errors[name] = formAnswerMessages.unknown(name);
  }
  return errors;
}

/**
 * Answers as stored: text trimmed, currency as a number of dollars, phones as '+1' plus digits, blank
 * answers as null, checkboxes as booleans. Only the definition's fields are kept.
 */
export function normalizeFormAnswers(definition: FormDefinition, answers: FormAnswers): FormAnswers {
  const out: FormAnswers = {};
  for (const field of definition.fields) {
    const value = answers[field.name];
    if (field.type === 'checkbox') out[field.name] = value === true;
    else if (isBlank(value)) out[field.name] = null;
    else if (field.type === 'currency') out[field.name] = typeof value === 'number' ? value : parseUsd(String(value));
    else if (field.type === 'phone') out[field.name] = toE164Phone(String(value)) ?? String(value).trim();
    else out[field.name] = String(value).trim();
  }
  return out;
}
