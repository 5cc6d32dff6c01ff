// The public sign-up flow: e-mail checks, verification and the signup-flow record (SPEC §3, §4.1, §7.6).
import * as v from 'valibot';
import { normalizedEmailSchema, verificationCodeSchema } from '../rules/validation.js';
import { idSchema } from './common.js';
import { addressSearchResultSchema, geocodedAddressSchema, taskSchema } from './lookup.js';

/** Statuses an e-mail verifier may answer; the first four count as usable (SPEC §4.1). */
export const EMAIL_STATUSES = ['safe', 'catch_all', 'role_account', 'unknown', 'invalid', 'disabled', 'disposable', 'spamtrap'] as const;
export const emailStatusSchema = v.picklist(EMAIL_STATUSES);
export type EmailStatus = v.InferOutput<typeof emailStatusSchema>;
/** The statuses that allow a one-time code e-mail (SPEC §4.1: 'safe', 'catch_all', 'role_account', 'unknown'). */
export const USABLE_EMAIL_STATUSES = ['safe', 'catch_all', 'role_account', 'unknown'] as const satisfies readonly EmailStatus[];
export const isUsableEmailStatus = (status: EmailStatus): boolean =>
  (USABLE_EMAIL_STATUSES as readonly EmailStatus[]).includes(status);

/** GET /check/exist/{email} */
export const emailExistsSchema = v.object({ email: v.string(), exists: v.boolean(), verified: v.boolean() });
export type EmailExists = v.InferOutput<typeof emailExistsSchema>;

/** Email check result (SPEC §3). */
export const emailCheckResultSchema = v.object({
  status: emailStatusSchema,
  email: v.string(),
  isSendMailSuccess: v.boolean(),
  totp: v.nullable(v.string()),
  /** A suggested correction for a common typo: 'jane@gmial.com' → 'jane@gmail.com' (the whole address). */
  didYouMean: v.optional(v.nullable(v.string()), null),
});
export type EmailCheckResult = v.InferOutput<typeof emailCheckResultSchema>;

/** Email verification data (SPEC §3). */
export const emailVerificationSchema = v.object({
  email: v.string(),
  status: emailStatusSchema,
  /** The verifier's own fields. */
  result: v.object({
    syntaxValid: v.boolean(),
    disposable: v.boolean(),
    roleAccount: v.boolean(),
    mxFound: v.nullable(v.boolean()),
    didYouMean: v.nullable(v.string()),
  }),
  alreadyVerified: v.boolean(),
  accountExists: v.boolean(),
  totp: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  location: v.nullable(v.string()),
  verified: v.boolean(),
});
export type EmailVerification = v.InferOutput<typeof emailVerificationSchema>;

/** POST /sendMailToVerifyAccount (SPEC §7.6): totp, firstName, toEmail, location; source 'home'. */
export const sendVerifyMailSchema = v.object({
  toEmail: normalizedEmailSchema,
  firstName: v.pipe(v.string(), v.trim(), v.maxLength(200)),
  /** The page the user started on: offered after verification when its origin is allow-listed (the link goes to /verified). */
  location: v.pipe(v.string(), v.url(), v.maxLength(2000), v.regex(/^https?:\/\//i)),
  totp: v.optional(v.string()),
  source: v.optional(v.literal('home'), 'home'),
});
export const sendVerifyMailResultSchema = v.object({ isSendMailSuccess: v.boolean(), totp: v.string() });

/** POST /save/reoon-data: save an (invalid) verification result. */
export const saveVerificationSchema = v.object({ email: normalizedEmailSchema, status: emailStatusSchema, firstName: v.optional(v.string()) });

export const START_WITH_ROLES = ['Contractor', 'Do-It-Yourselfer'] as const;
/** The flow state that the signup-flow record keeps, so the flow resumes on any device. */
export const signupFlowStateSchema = v.object({
  backupAddressObj: v.nullable(v.object({ ...addressSearchResultSchema.entries, geocoded: v.optional(v.nullable(geocodedAddressSchema)) })),
  backupSelectedTaskObj: v.nullable(taskSchema),
  backupAddressTwo: v.optional(v.nullable(v.string()), null),
  email: normalizedEmailSchema,
  fullName: v.string(),
  phoneNumber: v.string(),
  startWithRoles: v.optional(v.nullable(v.picklist(START_WITH_ROLES)), null),
  isTurnOnNotificationWallDoItYourself: v.optional(v.boolean(), false),
});
export type SignupFlowState = v.InferOutput<typeof signupFlowStateSchema>;

/** Signup flow record (SPEC §3). */
export const signupFlowRecordSchema = v.object({
  id: idSchema,
  totp: v.string(),
  signupFlow: signupFlowStateSchema,
  verified: v.boolean(),
});
export type SignupFlowRecord = v.InferOutput<typeof signupFlowRecordSchema>;

/** POST /save/signup-flow */
export const saveSignupFlowSchema = v.object({ totp: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)), signupFlow: signupFlowStateSchema });
/** PUT /update/signup-flow/totp and DELETE /delete/signup-flow/totp */
export const signupFlowTotpSchema = v.object({ email: normalizedEmailSchema, totp: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)) });
/** Sign-up flow data (SPEC §3): email, firstName, totp, location. */
export const signupFlowDataSchema = v.object({ email: v.string(), firstName: v.string(), totp: v.string(), location: v.string() });

/** POST /confirmVerifiedUrl: the mailed link came back (email, accepted=1). */
export const confirmVerifiedUrlSchema = v.object({
  email: normalizedEmailSchema,
  token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  /** The flow key this browser already holds (another tab of the device that started): it stays in use. */
  totp: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(200))),
});
/** POST /verify-reoon-otp */
export const verifyOtpSchema = v.object({
  email: normalizedEmailSchema,
  otp: verificationCodeSchema,
});
export const verifyOtpResultSchema = v.object({
  verified: v.boolean(),
  signupFlow: v.nullable(signupFlowRecordSchema),
  /** The link was opened away from the device that started: the sign-up may be handed back to it. */
  otherDevice: v.optional(v.boolean()),
});
/**
 * POST /signup-flow/status (issue 18): what the device holding a flow key learns while it waits. `verified`
 * with the record when its key is in use; `elsewhere` when the link was opened on another device (its key
 * is suspended until the mailbox owner hands the sign-up back from there).
 */
export const signupFlowStatusSchema = v.object({
  verified: v.boolean(),
  elsewhere: v.boolean(),
  signupFlow: v.nullable(signupFlowRecordSchema),
});
export type SignupFlowStatus = v.InferOutput<typeof signupFlowStatusSchema>;

