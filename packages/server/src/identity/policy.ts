// Every limit of the identity service in one place.
export const IDENTITY_POLICY = {
  /**
   * 5 wrong old passwords within 15 minutes lock a signed-in user's password change for 15 minutes.
   * (Sign-in failures are counted per client and per account+client: RATE_LIMITS in http/rate-limit.ts.)
   */
  signIn: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /** 5 wrong codes for one e-mail and purpose within 15 minutes kill the code and lock for 15 minutes. */
  codeAttempts: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /** 5 wrong two-step codes (app or recovery) within 15 minutes lock the account's second step for 15 minutes. */
  twoFactorAttempts: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /** At most 5 codes mailed per e-mail and purpose per hour (resend, forgot password). */
  codeSends: { maxFailures: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
  /** Sign-up confirmation codes live 24 hours, password reset codes 1 hour. */
  confirmCodeTtlMs: 24 * 60 * 60_000,
  resetCodeTtlMs: 60 * 60_000,
  /** The new-password-required challenge session lives 10 minutes. */
  newPasswordSessionTtlMs: 10 * 60_000,
  /** Session handoff codes (widget → PermitDesk site) live 60 seconds and are good for one use. */
  handoffTtlMs: 60_000,
  /** At most 10 handoff codes per user per 10 minutes (a permit request needs one). */
  handoffIssues: { maxFailures: 10, windowMs: 10 * 60_000, lockMs: 10 * 60_000 },
  /** 10 refused handoff codes from one client within 10 minutes lock it out of exchanges for 10 minutes. */
  handoffFailures: { maxFailures: 10, windowMs: 10 * 60_000, lockMs: 10 * 60_000 },
  /** Refresh tokens live 30 days; each use hands out a new one in the same family. */
  refreshTokenTtlMs: 30 * 24 * 60 * 60_000,
  /** A live session is trusted this long without asking the database again (revocation reaches other replicas within it). */
  sessionCheckCacheMs: 5_000,
} as const;

/** Messages in the style of a hosted identity pool; none tells whether an account exists. */
export const IDENTITY_MESSAGES = {
  incorrectCredentials: 'Incorrect username or password.',
  attemptsExceeded: 'Password attempts exceeded',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  notConfirmed: 'User is not confirmed.',
  disabled: 'User is disabled.',
  emailExists: 'An account with the given email already exists.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  alreadyConfirmed: 'User cannot be confirmed. Current status is CONFIRMED',
  sessionInvalid: 'Invalid session for the user, session is expired.',
  refreshInvalid: 'Invalid Refresh Token',
  userNotFound: 'User does not exist.',
  handoffInvalid: 'Invalid or expired handoff code.',
  handoffAudience: 'Invalid audience.',
} as const;
