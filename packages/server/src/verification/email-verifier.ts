// One interface for every e-mail verifier: the built-in checks and the third-party adapter answer alike,
// with the status words of SPEC §4.1 (core's EMAIL_STATUSES).
import type { EmailStatus, EmailVerification } from '@permitdesk/core';

/** The verifier's own fields, as core's email verification data carries them. */
export type EmailVerdictDetails = EmailVerification['result'];
export type EmailVerdict = EmailVerdictDetails & { status: EmailStatus };

export interface EmailVerifier {
  /** Never throws for a bad address or a failed lookup: those are statuses ('invalid', 'unknown'). */
  verify(email: string): Promise<EmailVerdict>;
}
