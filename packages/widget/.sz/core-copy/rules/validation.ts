// Field validation with the SPEC §5 / §9 limits and messages, as valibot schemas shared by every form
// (widget, dashboard) and every request body the server accepts.
import * as v from 'valibot';
import { MESSAGES } from './messages.js';

export const LIMITS = {
  emailMax: 100,
  fullNameMax: 200,
  passwordMin: 7,
  passwordMax: 35,
  codeLength: 6,
  phoneDigits: 10,
  phoneExtensionMax: 5,
} as const;

/** Email as typed in a form: required, a valid address, at most 100 characters. */
export const emailSchema = v.pipe(
  v.string(MESSAGES.emailRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.emailRequired),
  v.maxLength(LIMITS.emailMax, MESSAGES.emailTooLong),
  v.email(MESSAGES.emailInvalid),
);

/** The email normalised before lookup or sign-in: trimmed and lower-cased (SPEC §4.1, §5). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const normalizedEmailSchema = v.pipe(emailSchema, v.transform(normalizeEmail));

export const fullNameSchema = v.pipe(
  v.string(MESSAGES.fullNameRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.fullNameRequired),
  v.maxLength(LIMITS.fullNameMax, MESSAGES.fullNameTooLong),
);

const passwordWith = (tooShort: string) =>
  v.pipe(
    v.string(MESSAGES.passwordRequired),
    v.nonEmpty(MESSAGES.passwordRequired),
    v.maxLength(LIMITS.passwordMax, MESSAGES.passwordTooLong),
    v.minLength(LIMITS.passwordMin, tooShort),
  );
export const passwordSchema = passwordWith(MESSAGES.passwordTooShort);
export const newPasswordSchema = passwordWith(MESSAGES.newPasswordTooShort);

export const verificationCodeSchema = v.pipe(
  v.string(MESSAGES.codeRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.codeRequired),
  v.regex(/^\d{6}$/, MESSAGES.codeInvalid),
);

export const noticeAcceptedSchema = v.literal(true, MESSAGES.noticeRequired);

/**
 * Splits a typed US phone number into its 10 national digits and an optional extension of up to 5
 * digits. Accepts '(555) 234-5678', '+1 (555) 234-5678 x123', '555.234.5678', '+15552345678'.
 * Returns the SPEC's message when it is not such a number.
 */
export function parsePhone(input: string): { national: string; extension: string } | { error: string } {
  const [main = '', ext, ...rest] = input.trim().toLowerCase().split(/\s*(?:x|ext\.?)\s*/);
  if (rest.length > 0 || /[^\d\s()+.\-]/.test(main)) return { error: MESSAGES.phoneFormat };
  let digits = main.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  else if (main.includes('+')) return { error: MESSAGES.phoneFormat };
  if (digits.length !== LIMITS.phoneDigits) return { error: MESSAGES.phoneFormat };
  if (digits[0] === '0' || digits[0] === '1') return { error: MESSAGES.phoneAreaCode };
  const extension = ext === undefined ? '' : ext;
  if (ext !== undefined && !new RegExp(`^\\d{1,${LIMITS.phoneExtensionMax}}$`).test(extension)) {
    return { error: MESSAGES.phoneFormat };
  }
  return { national: digits, extension };
}

/** '+1' plus the digits (extension digits follow the 10 national ones), as the account payload wants. */
export const toE164Phone = (input: string): string | null => {
  const parsed = parsePhone(input);
  return 'error' in parsed ? null : `+1${parsed.national}${parsed.extension}`;
};

/** A phone number as typed; outputs '+1' plus digits. */
export const phoneSchema = v.pipe(
  v.string(MESSAGES.phoneFormat),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const parsed = parsePhone(dataset.value);
    if ('error' in parsed) addIssue({ message: parsed.error });
  }),
  v.transform((value) => toE164Phone(value) as string),
);

/** A phone already stored in '+1' plus 10–15 digits form. */
export const storedPhoneSchema = v.pipe(v.string(), v.regex(/^\+1[2-9]\d{9}\d{0,5}$/, MESSAGES.phoneFormat));

export const ssnSchema = v.pipe(v.string(), v.regex(/^\d{3}-\d{2}-\d{4}$/, MESSAGES.ssnInvalid));
export const einSchema = v.pipe(v.string(), v.regex(/^[1-9]\d?-\d{7}$/, MESSAGES.einInvalid));

export const companyNameSchema = v.pipe(
  v.string(MESSAGES.companyNameRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.companyNameRequired),
  v.maxLength(200),
);

/** Both sign-in fields are required; the email is trimmed and lower-cased (SPEC §5). */
export const signInSchema = v.object({
  email: normalizedEmailSchema,
  password: v.pipe(v.string(MESSAGES.passwordRequired), v.nonEmpty(MESSAGES.passwordRequired)),
});

/** First message per field of a failed parse, for forms: { 'email': 'Email is required.' }. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
