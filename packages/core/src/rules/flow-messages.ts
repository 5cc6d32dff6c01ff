// The sign-up flow's messages (SPEC §8), word for word: typos, spacing and ' !' included.
export const FLOW_MESSAGES = {
  incorrectPassword: 'Incorrect password',
  loginFailedTitle: 'Login Failed',
  accountExists: 'Account is existed with the email, back to the login page.',
  emailStatus: (status: string) => `Your email is ${status}`,
  otpInvalid: 'Otp is invalid !',
  signupFailure: 'User signup failure !',
  createAccountFailed: 'Create account failed',
  forgotPasswordError: (message: string, email: string) => `${message} with ${email}`,
  emailSomethingWrong: 'Something went wrong with this email!',
  verifiedSuccess: 'Verified email success !',
  sendVerifyFailure: 'Send Verify Email Failure !',
  saveSignupFlowFailure: 'Save signup flow failure !',
  checkEmailFailure: 'Check email failure !',
  verifyEmailFailure: 'Verify Email Failure !',
  verifiedEmailError: 'Verified email error',
  confirmVerifyUrlFailure: 'Cornfirm Verify URL from mailbox failure !',
  updateTotpFailure: 'Update totp failure !',
  somethingWrong: 'Something went wrong!',
  /** The server's automatic verification could not be done (e.g. the verifier is unavailable). */
  autoVerificationFailed: (supportEmail: string) => `Auto Verification Failed. Please contact support at ${supportEmail}`,
  /** The server could not save the verifier's result it got from the verifier API. */
  saveReoonFromApiFailure: 'Save Data Reoon From Api Failure !',
  /** POST /save/reoon-data failed. */
  saveReoonFailure: 'Save data reoon failure',
  previouslyVerifiedTitle: 'Info Notification',
  previouslyVerified: (supportEmail: string) =>
    `Your email has been previously verified. Sign in to pick up where you left off. Need help? Email ${supportEmail}!`,
  newPasswordRequiredTitle: 'New password required!',
  newPasswordRequired: 'You must provide the new password for the first time login!',
  forgotPasswordSuccessTitle: 'Forgot password successfully!',
  forgotPasswordSuccess: 'Password reset instruction was sent to your email!',
  addressLookupFailedTitle: 'Failed to Lookup Address',
  addressLookupFailed:
    'Unfortunately we were unable to lookup the address you requested. If this error persists, please reach out to support. Thank you.',
} as const;
