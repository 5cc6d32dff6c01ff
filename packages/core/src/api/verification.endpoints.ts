// E-mail verification and the sign-up flow record (SPEC §7.6), paths as written there.
import * as v from 'valibot';
import { normalizedEmailSchema } from '../rules/validation.js';
import { okSchema } from '../schemas/common.js';
import {
  confirmVerifiedUrlSchema,
  emailCheckResultSchema,
  emailExistsSchema,
  emailVerificationSchema,
  saveSignupFlowSchema,
  saveVerificationSchema,
  sendVerifyMailResultSchema,
  sendVerifyMailSchema,
  signupFlowRecordSchema,
  signupFlowStatusSchema,
  signupFlowTotpSchema,
  verifyOtpResultSchema,
  verifyOtpSchema,
} from '../schemas/signup.js';
import { creatingEndpoint, endpoint } from './endpoint.js';

const emailParam = v.object({ email: normalizedEmailSchema });

export const verificationEndpoints = {
  checkEmail: endpoint({
    method: 'GET', path: '/verify-reoon/{email}', auth: 'none',
    summary: 'Check an address with the verifier; usable statuses get a one-time code mail',
    params: emailParam,
    // The greeting name, and the page to offer after verification (kept only on an allow-listed origin;
    // the mailed link itself always goes to the product's /verified page).
    query: v.object({
      firstName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
      location: v.optional(v.pipe(v.string(), v.url(), v.maxLength(2000), v.regex(/^https?:\/\//i))),
    }),
    response: emailCheckResultSchema,
  }),
  checkExists: endpoint({
    method: 'GET', path: '/check/exist/{email}', auth: 'none', summary: 'Whether an account exists for the address',
    params: emailParam, response: emailExistsSchema,
  }),
  verificationData: endpoint({
    method: 'GET', path: '/verify_email_reoon/{email}', auth: 'none', summary: 'Stored verification data of an address',
    params: emailParam,
    // The sign-up's own data (first name, start page, its verification) only for its owner: a flow key
    // or the mailed link's token; without one those fields are null.
    query: v.object({ totp: v.optional(v.pipe(v.string(), v.maxLength(100))) }),
    response: emailVerificationSchema,
  }),
  sendVerifyMail: endpoint({
    method: 'POST', path: '/sendMailToVerifyAccount', auth: 'none', summary: 'Mail the verification link and one-time code',
    body: sendVerifyMailSchema, response: sendVerifyMailResultSchema,
  }),
  saveVerification: endpoint({
    method: 'POST', path: '/save/reoon-data', auth: 'none', summary: 'Save a verification result (e.g. an invalid address)',
    body: saveVerificationSchema, response: okSchema,
  }),
  saveSignupFlow: creatingEndpoint({
    method: 'POST', path: '/save/signup-flow', auth: 'none', summary: 'Save the sign-up flow so it resumes on any device',
    body: saveSignupFlowSchema, response: signupFlowRecordSchema,
  }),
  getSignupFlow: endpoint({
    method: 'GET', path: '/signup-flow/{email}', auth: 'none', summary: 'The sign-up flow record of an address (needs the code)',
    params: emailParam, query: v.object({ totp: v.pipe(v.string(), v.maxLength(100)) }), response: signupFlowRecordSchema,
  }),
  updateSignupFlowTotp: endpoint({
    method: 'PUT', path: '/update/signup-flow/totp', auth: 'none', summary: 'Replace the flow code (after a resend)',
    body: signupFlowTotpSchema, response: signupFlowRecordSchema,
  }),
  deleteSignupFlow: endpoint({
    method: 'DELETE', path: '/delete/signup-flow/totp', auth: 'none', summary: 'Delete the flow record once the account exists',
    body: signupFlowTotpSchema, response: okSchema,
  }),
  confirmVerifiedUrl: endpoint({
    method: 'POST', path: '/confirmVerifiedUrl', auth: 'none', summary: 'The mailed link was opened: mark the address verified',
    body: confirmVerifiedUrlSchema, response: verifyOtpResultSchema,
  }),
  verifyOtp: endpoint({
    method: 'POST', path: '/verify-reoon-otp', auth: 'none', summary: 'Verify the one-time code typed from the mail',
    body: verifyOtpSchema, response: verifyOtpResultSchema,
  }),
  // Issue 18 item 2: the device that started waits for the link opened on any device. Not in SPEC §7.6.
  // The key goes in the body, never in a URL (logs); a wrong, forged or unknown key and an address
  // without a sign-up all get the same 403, so nothing is learnt about an address without its key.
  signupFlowStatus: endpoint({
    method: 'POST', path: '/signup-flow/status', auth: 'none', summary: 'Whether the sign-up of this flow key was verified (on any device)',
    body: signupFlowTotpSchema, response: signupFlowStatusSchema,
  }),
  handOverSignupFlow: endpoint({
    method: 'POST', path: '/signup-flow/hand-over', auth: 'none', summary: 'From the device that opened the link: let the device that started go on',
    body: signupFlowTotpSchema, response: okSchema,
  }),
  userByEmail: endpoint({
    method: 'GET', path: '/users/by-email/{email}', auth: 'none', summary: 'Whether a user exists and is verified, by e-mail',
    params: emailParam, response: emailExistsSchema,
  }),
} as const;
