// Identity: profile, permissions, auth state, registration and account creation (SPEC §3, §4.2, §7).
import * as v from 'valibot';
import {
  companyNameSchema,
  emailSchema,
  fullNameSchema,
  newPasswordSchema,
  normalizedEmailSchema,
  passwordSchema,
  phoneSchema,
  verificationCodeSchema,
} from '../rules/validation.js';
import { subSchema } from './common.js';

/** Company role strings (SPEC §6). 'guest' marks a company the user only sees as a guest. */
export const COMPANY_ROLES = ['owner', 'administrator', 'pm', 'user', 'guest'] as const;
export const companyRoleSchema = v.picklist(COMPANY_ROLES);
export type CompanyRole = v.InferOutput<typeof companyRoleSchema>;

/** User permissions: a map keyed by company id, each { name, role } (SPEC §3). */
export const permissionsSchema = v.record(v.string(), v.object({ name: v.string(), role: companyRoleSchema }));
export type Permissions = v.InferOutput<typeof permissionsSchema>;

/** setupCompanyName: the company a user asked for at sign-up, created at /welcome. */
export const setupCompanyNameSchema = v.object({ name: v.string(), address: v.optional(v.nullable(v.string()), null) });
export type SetupCompanyName = v.InferOutput<typeof setupCompanyNameSchema>;

export const profileSchema = v.object({
  sub: subSchema,
  email: v.string(),
  email_verified: v.boolean(),
  name: v.string(),
  given_name: v.string(),
  family_name: v.string(),
  phone_number: v.nullable(v.string()),
  'custom:hasMigrated': v.picklist([0, 1]),
  'custom:setupCompanyName': v.nullable(setupCompanyNameSchema),
  'custom:fromURL': v.nullable(v.string()),
  permissions: permissionsSchema,
});
export type Profile = v.InferOutput<typeof profileSchema>;

/**
 * Tokens handed out by the identity service. The refresh token is absent when the caller asked for a
 * cookie session (the dashboard): it then lives in an HttpOnly cookie that page script cannot read.
 */
export const sessionTokensSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.optional(v.string()),
  /** Epoch milliseconds when the access token expires. */
  expiresAt: v.number(),
});
export type SessionTokens = v.InferOutput<typeof sessionTokensSchema>;

/** Registration data collected by the sign-up flow (SPEC §3 Registration input). */
export const registrationInputSchema = v.object({
  email: emailSchema,
  phoneNumber: v.optional(v.string()),
  firstName: v.optional(v.string()),
  familyName: v.optional(v.string()),
  fullname: v.optional(v.string()),
  companyName: v.optional(v.string()),
  companyAddress: v.optional(v.string()),
  fromURLCreateCompany: v.optional(v.string()),
});
export type RegistrationInput = v.InferOutput<typeof registrationInputSchema>;

/** Auth state held by the session store (SPEC §3). */
export interface AuthState {
  ready: boolean;
  isAuthenticated: boolean;
  user: Profile | null;
  authToken: string | null;
  refreshToken: string | null;
  expiresAt: number | null;
  currentCompanyId: string | null;
  signUpData: RegistrationInput | null;
}

/** POST /create-user-app (SPEC §3 Account creation payload). */
export const accountCreationPayloadSchema = v.object({
  email: normalizedEmailSchema,
  fullName: fullNameSchema,
  password: passwordSchema,
  firstName: v.string(),
  lastName: v.string(),
  phoneNumber: phoneSchema,
  companyName: v.optional(v.nullable(v.pipe(v.string(), v.trim())), null),
  companyAddress: v.optional(v.nullable(v.string()), null),
  fromURLCreateCompany: v.optional(v.nullable(v.string()), null),
  /** The one-time code of the verified sign-up flow, proving the address was verified. */
  totp: v.optional(v.string()),
});
export type AccountCreationPayload = v.InferInput<typeof accountCreationPayloadSchema>;
export const accountCreationResponseSchema = v.object({ id: subSchema, emailAddress: v.string() });
export type AccountCreationResponse = v.InferOutput<typeof accountCreationResponseSchema>;
/** The payload's names (SPEC §3): firstName is the first word of the full name, lastName the rest. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

// ---- hosted identity pool operations (SPEC §7) ----
export const signUpRequestSchema = v.object({
  email: normalizedEmailSchema,
  password: passwordSchema,
  fullName: fullNameSchema,
  phoneNumber: v.optional(phoneSchema),
  companyName: v.optional(companyNameSchema),
  companyAddress: v.optional(v.string()),
  fromURL: v.optional(v.string()),
});
export type SignUpRequest = v.InferInput<typeof signUpRequestSchema>;
export const confirmRegistrationSchema = v.object({ email: normalizedEmailSchema, code: verificationCodeSchema });
export const resendCodeSchema = v.object({ email: normalizedEmailSchema });
export const authenticateSchema = v.object({ email: normalizedEmailSchema, password: v.pipe(v.string(), v.nonEmpty()) });
export const authenticateResultSchema = v.variant('status', [
  v.object({ status: v.literal('ok'), tokens: sessionTokensSchema, profile: profileSchema }),
  /** The account must choose a new password first (SPEC §4.2 new-password-required challenge). */
  v.object({ status: v.literal('new_password_required'), session: v.string(), email: v.string() }),
  /** Two-step sign-in is on (issue 18): the password was right; POST /auth/two-factor with this challenge and a code. */
  v.object({ status: v.literal('two_factor_required'), challenge: v.string(), email: v.string() }),
]);
export type AuthenticateResult = v.InferOutput<typeof authenticateResultSchema>;
export const forgotPasswordSchema = v.object({ email: normalizedEmailSchema });
export const confirmPasswordSchema = v.object({
  email: normalizedEmailSchema,
  code: verificationCodeSchema,
  newPassword: newPasswordSchema,
});
export const changePasswordSchema = v.object({ oldPassword: v.pipe(v.string(), v.nonEmpty()), newPassword: newPasswordSchema });
export const completeNewPasswordSchema = v.object({ session: v.string(), newPassword: newPasswordSchema });
export const updateAttributesSchema = v.object({
  'custom:hasMigrated': v.optional(v.picklist([0, 1])),
  'custom:setupCompanyName': v.optional(v.nullable(setupCompanyNameSchema)),
  'custom:fromURL': v.optional(v.nullable(v.string())),
  name: v.optional(fullNameSchema),
  phone_number: v.optional(phoneSchema),
});
export type UpdateAttributes = v.InferInput<typeof updateAttributesSchema>;
/** The refresh token in the body (widget, API clients), or none: the cookie session's HttpOnly cookie. */
export const refreshSessionSchema = v.optional(v.object({ refreshToken: v.optional(v.pipe(v.string(), v.nonEmpty())) }), {});
