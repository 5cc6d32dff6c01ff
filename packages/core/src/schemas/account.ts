// Account self-service (issue 18): two-step sign-in with an authenticator app (TOTP, RFC 6238), recovery
// codes, sign out of all devices, the export of one's data and the deletion of one's account.
import * as v from 'valibot';
import { idSchema, subSchema } from './common.js';

// The sign-in step's words stand alone so the widget's bundle carries only them.
const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
const CODE_FORMAT = 'Enter the 6-digit code from your authenticator app or one of your recovery codes.';
const CHALLENGE_EXPIRED = 'Your sign-in took too long. Please sign in again.';

export const ACCOUNT_MESSAGES = {
  codeRequired: CODE_REQUIRED,
  codeFormat: CODE_FORMAT,
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  challengeExpired: CHALLENGE_EXPIRED,
  alreadyEnabled: 'Two-step sign-in is already on.',
  notEnabled: 'Two-step sign-in is not on.',
  passwordWrong: 'Your password is not right.',
  soleOwner: (companies: string) =>
    `You are the only owner of ${companies}. Make another member the owner before deleting your account.`,
  ownerTargetNotMember: 'The new owner must be an active member of the company.',
  ownerOnly: 'Only the owner of the company can hand over the owner role.',
  confirmDelete: 'Type DELETE to confirm.',
} as const;

/** A 6-digit authenticator code, or a recovery code (10 letters and digits, shown as xxxxx-xxxxx). */
export const twoFactorCodeSchema = v.pipe(
  v.string(CODE_REQUIRED),
  v.trim(),
  v.nonEmpty(CODE_REQUIRED),
  v.regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, CODE_FORMAT),
);
/** Only the authenticator app's code (confirming the set-up, turning it off). */
export const totpCodeSchema = v.pipe(
  v.string(ACCOUNT_MESSAGES.codeRequired),
  v.trim(),
  v.nonEmpty(ACCOUNT_MESSAGES.codeRequired),
  v.regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeRequired),
);
const passwordConfirmSchema = v.pipe(v.string(ACCOUNT_MESSAGES.passwordWrong), v.nonEmpty(ACCOUNT_MESSAGES.passwordWrong), v.maxLength(200));

/** POST /auth/two-factor: the second step of a sign-in. */
export const twoFactorSignInSchema = v.object({
  challenge: v.pipe(v.string(CHALLENGE_EXPIRED), v.nonEmpty(CHALLENGE_EXPIRED), v.maxLength(2000)),
  code: twoFactorCodeSchema,
});

export const twoFactorStatusSchema = v.object({
  enabled: v.boolean(),
  enabledAt: v.nullable(v.string()),
  recoveryCodesLeft: v.number(),
});
export type TwoFactorStatus = v.InferOutput<typeof twoFactorStatusSchema>;

/** The set-up: the secret (to type in by hand), the otpauth:// URI and the same as a QR code (SVG data URL). */
export const twoFactorSetupSchema = v.object({ secret: v.string(), otpauthUrl: v.string(), qrCode: v.string() });
export type TwoFactorSetup = v.InferOutput<typeof twoFactorSetupSchema>;
export const twoFactorConfirmSchema = v.object({ code: totpCodeSchema });
/** Shown once: ten single-use recovery codes. */
export const recoveryCodesSchema = v.object({ recoveryCodes: v.array(v.string()) });
export const twoFactorDisableSchema = v.object({ password: passwordConfirmSchema, code: twoFactorCodeSchema });

export const deleteAccountSchema = v.object({
  password: passwordConfirmSchema,
  confirm: v.pipe(v.string(ACCOUNT_MESSAGES.confirmDelete), v.literal('DELETE', ACCOUNT_MESSAGES.confirmDelete)),
});
/** What a deletion would do: the companies the user alone owns block it. */
export const deletionCheckSchema = v.object({
  blockedBy: v.array(v.object({ id: idSchema, name: v.string() })),
  memberships: v.array(v.object({ id: idSchema, name: v.string(), role: v.string() })),
});
export type DeletionCheck = v.InferOutput<typeof deletionCheckSchema>;

export const transferOwnerSchema = v.object({ userId: subSchema });

/** GET /v4/account/export: everything the user owns (never other users' secrets). */
export const accountExportSchema = v.object({
  exportedAt: v.string(),
  profile: v.record(v.string(), v.unknown()),
  security: v.object({ twoFactorEnabled: v.boolean(), activeSessions: v.number() }),
  memberships: v.array(v.record(v.string(), v.unknown())),
  projects: v.array(v.record(v.string(), v.unknown())),
  permits: v.array(v.record(v.string(), v.unknown())),
  messages: v.array(v.record(v.string(), v.unknown())),
  uploads: v.array(v.record(v.string(), v.unknown())),
  audit: v.array(v.record(v.string(), v.unknown())),
});
export type AccountExport = v.InferOutput<typeof accountExportSchema>;
