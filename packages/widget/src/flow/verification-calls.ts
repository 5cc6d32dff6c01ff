// The verification calls the sign-up flow makes (SPEC §7.6), silent: the flow shows its own SPEC messages.
import * as v from 'valibot';
import { emailStatusSchema, type SignupFlowState } from '@permitdesk/core';
import { isApiRequestError, type ApiClient } from '@permitdesk/core/client';

export type VerificationCalls = ReturnType<typeof verificationCalls>;

export function verificationCalls(client: Pick<ApiClient, 'verification'>) {
  const api = client.verification;
  return {
    exists: (email: string) => api.checkExists({ params: { email }, silent: true }),
    /** The server refuses an unusable address with 400 EMAIL_NOT_USABLE and the status in `fields`. */
    check: (email: string, firstName: string, location: string) =>
      api.checkEmail({ params: { email }, query: { firstName, ...(location ? { location } : {}) }, silent: true }).catch((error: unknown) => {
        const fields = isApiRequestError(error) && error.code === 'EMAIL_NOT_USABLE' ? error.body?.fields : undefined;
        const refused = v.safeParse(emailStatusSchema, fields?.['status']);
        if (!refused.success) throw error;
        return { status: refused.output, email, isSendMailSuccess: false, totp: null, didYouMean: fields?.['didYouMean'] ?? null };
      }),
    saveInvalid: (email: string, status: Parameters<typeof api.saveVerification>[0]['body']['status'], firstName: string) =>
      api.saveVerification({ body: { email, status, firstName }, silent: true }),
    sendMail: (toEmail: string, firstName: string, location: string, totp: string | null) =>
      api.sendVerifyMail({ body: { toEmail, firstName, location, source: 'home', ...(totp ? { totp } : {}) }, silent: true }),
    saveFlow: (totp: string, signupFlow: SignupFlowState) => api.saveSignupFlow({ body: { totp, signupFlow }, silent: true }),
    updateTotp: (email: string, totp: string) => api.updateSignupFlowTotp({ body: { email, totp }, silent: true }),
    /** `held`: the flow key this browser already holds (another tab of the device that started). */
    confirmUrl: (email: string, token: string, held?: string | null) =>
      api.confirmVerifiedUrl({ body: { email, token, ...(held ? { totp: held } : {}) }, silent: true }),
    verifyOtp: (email: string, otp: string) => api.verifyOtp({ body: { email, otp }, silent: true }),
  };
}
