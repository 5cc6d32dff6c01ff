// The answers a form definition starts with: the entry prefill of SPEC §3 under each field's name.
// Checking and normalising answers is core's rule (checkFormAnswer, validateFormAnswers,
// normalizeFormAnswers), the same the server applies to a submission.
import { formatPhone, type FormAnswer, type FormAnswers, type FormDefinition, type FormField, type JobSiteAddress, type PermitFormEntry } from '@permitdesk/core';

export type Answer = FormAnswer;
export type Answers = FormAnswers;

/** 'Line1, Line2, City, State PostalCode' */
export const formatJobSiteAddress = (a: JobSiteAddress): string =>
  [a.Line1, a.Line2, a.City, `${a.State} ${a.PostalCode}`.trim()].filter((part) => part && part.trim()).join(', ');

/** The value a field starts with: the entry prefill under the same name, else empty. */
function prefill(field: FormField, entry: Partial<PermitFormEntry> | null): Answer {
  const value = (entry as Record<string, unknown> | null)?.[field.name];
  if (field.type === 'checkbox') return value === true || value === 'true';
  if (value === undefined || value === null) return field.type === 'select' ? (field.options?.[0]?.value ?? '') : '';
  if (typeof value === 'object') return field.type === 'address' ? formatJobSiteAddress(value as JobSiteAddress) : JSON.stringify(value);
  // A stored '+1…' number shows in the input mask's shape.
  if (field.type === 'phone' && typeof value === 'string') return formatPhone(value);
  return value as Answer;
}

export function initialAnswers(definition: FormDefinition, entry: Partial<PermitFormEntry> | null): Answers {
  return Object.fromEntries(definition.fields.map((field) => [field.name, prefill(field, entry)]));
}
