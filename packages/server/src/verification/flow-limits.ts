// How long the sign-up flow's secrets live and how hard they may be hammered.
export const FLOW_LIMITS = {
  /** The flow record (address, task, name, phone...) is kept this long after its last change. */
  flowTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** The mailed code and link work this long. */
  codeTtlMs: 24 * 60 * 60 * 1000,
  /** Wrong codes allowed before the address is locked... */
  maxOtpFailures: 5,
  /** ...for this long. */
  otpLockMs: 15 * 60 * 1000,
  /** Verification mails per address per window (stops mail bombing through resends). */
  mailsPerWindow: 5,
  mailWindowMs: 60 * 60 * 1000,
} as const;
