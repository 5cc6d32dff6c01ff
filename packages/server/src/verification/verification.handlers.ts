// The sign-up verification endpoints (SPEC §7.6, catalogue `verification`), in SPEC order.
import { endpoints, FLOW_MESSAGES, isUsableEmailStatus } from '@permitdesk/core';
import type { EndpointHandler } from '../http/register.js';
import { badRequest, conflict, forbidden, HttpError, notFound, tooManyRequests } from '../http/errors.js';
import { isTrustedUrl } from '../config.js';
import type { AppServices } from '../services.js';
import { findAccount } from './account-status.js';
import { codeKey } from './code-key.js';
import { toRecord, verificationLink } from './flow-record.js';
import {
  addKey, deleteFlow, findFlow, keepOnlyKey, keyMatches, keyState, linkTokenMatches, lockIfExhausted, markFlowVerified, prepareMail,
  resumeSuspendedKeys, saveState, suspendKeys, takeOtpAttempt, type FlowRow,
} from './flow-store.js';
import { hashCode, hashToken, newCode, newLinkToken, sameDigest } from './secrets.js';
import {
  findVerification, markAddressVerified, rememberSender, saveReported, verdictFor as storedVerdictFor, verdictOf, VerdictUnavailableError,
} from './verification-store.js';
import { inTransaction } from '../db/transaction.js';

const E = endpoints.verification;
type Handler<K extends keyof typeof E> = EndpointHandler<(typeof E)[K]>;

// SPEC §8 strings that the core flow messages do not carry.
const DELETE_TOTP_FAILURE = 'Delete totp failure !';
const TOO_MANY_MAILS = 'Too many verification e-mails were sent to this address. Please try again later.';
/** The widget adds the support address of its host (FLOW_MESSAGES.autoVerificationFailed). */
const AUTO_VERIFICATION_FAILED = 'Auto Verification Failed. Please contact support';
const TOO_MANY_CODES = 'Too many wrong codes. Please try again later.';

/**
 * The stored or fresh verdict; 503 with the SPEC §8 words when the automatic verification cannot be done
 * (AUTO_VERIFICATION_FAILED: the verifier failed; VERIFICATION_SAVE_FAILED: its result could not be saved).
 */
async function verdictFor(services: AppServices, email: string, now: Date) {
  try {
    return await storedVerdictFor(services.db, services.emailVerifier, email, now);
  } catch (error) {
    if (!(error instanceof VerdictUnavailableError)) throw error;
    services.log.warn(error.message, { cause: String(error.cause) });
    throw error.stage === 'verify'
      ? new HttpError(503, AUTO_VERIFICATION_FAILED, 'AUTO_VERIFICATION_FAILED')
      : new HttpError(503, FLOW_MESSAGES.saveReoonFromApiFailure, 'VERIFICATION_SAVE_FAILED');
  }
}

const accountExists = () => conflict(FLOW_MESSAGES.accountExists, 'ACCOUNT_EXISTS');

/** The verdict of an address; 400 'Your email is {status}' when it is not usable (the result is kept). */
async function usableVerdict(services: AppServices, email: string) {
  const row = await verdictFor(services, email, services.clock());
  if (!isUsableEmailStatus(row.status)) {
    // fields carry the status (and a typo's correction) so a client need not parse the message.
    const fields = { status: row.status, ...(row.did_you_mean ? { didYouMean: row.did_you_mean } : {}) };
    throw badRequest(FLOW_MESSAGES.emailStatus(row.status), 'EMAIL_NOT_USABLE', fields);
  }
  return row;
}

/** Our own /verified page: where every mailed link goes, and the return address when none is kept. */
const verifiedPage = (services: AppServices) => `${services.config.PUBLIC_URL}/verified`;

/**
 * The page to offer after verification: the caller's `location` only when its origin is ours or an
 * allow-listed partner's (EMBED_ORIGINS); anything else is ignored (our own page), so nobody can make
 * the product send users to a host of their choosing.
 */
const returnAddress = (services: AppServices, location: string | undefined): string =>
  location && isTrustedUrl(services.config, location) ? location : verifiedPage(services);

/** New code and link for the address, stored hashed, and the verification mail with both. */
async function mailCode(services: AppServices, email: string, firstName: string | null, requested: string | undefined, key: string | undefined) {
  const now = services.clock();
  const location = returnAddress(services, requested);
  const code = newCode();
  const linkToken = newLinkToken();
  const prepared = await inTransaction(services.db, async (trx) => {
    const result = await prepareMail(trx, email, key, {
      codeHash: hashCode(codeKey(services.config), email, code),
      linkTokenHash: hashToken(linkToken),
      firstName,
      location,
    }, now);
    if (result.kind === 'ready') {
      await rememberSender(trx, email, firstName, location, now);
      await services.mail.send('verification', email, { code, firstName, link: verificationLink(services.config.PUBLIC_URL, email, linkToken) }, { db: trx });
    }
    return result;
  });
  if (prepared.kind === 'throttled') throw tooManyRequests(TOO_MANY_MAILS, 'MAIL_LIMIT_EXCEEDED');
  return prepared;
}

/** The live flow of an address when `key` is one of its keys; 404 without a flow, 403 with a wrong key. */
async function guardedFlow(services: AppServices, email: string, key: string, message: string): Promise<FlowRow> {
  const flow = await findFlow(services.db, email, services.clock());
  if (!flow) throw notFound(message, 'SIGNUP_FLOW_NOT_FOUND');
  if (!(await keyMatches(services.db, flow.id, key))) throw forbidden(message, 'SIGNUP_FLOW_KEY_INVALID');
  return flow;
}

/**
 * The mailbox owner proved the address: the flow and the address are verified, the device gets a key.
 * `byLink`: the first opening of the mailed link suspends every key handed out before it, so whoever
 * started a sign-up for someone else's address cannot finish it once that person clicks the link —
 * unless the opening browser holds one of them (`held`: it is the device that started, in another tab).
 * The suspended devices only learn that the address was verified elsewhere (POST /signup-flow/status)
 * until the mailbox owner hands the sign-up back to them (POST /signup-flow/hand-over). (A typed code
 * is typed where the flow was started: that device keeps its key.)
 */
async function verifiedResult(services: AppServices, flow: FlowRow, byLink = false, held?: string) {
  const now = services.clock();
  return inTransaction(services.db, async (trx) => {
    const updated = await markFlowVerified(trx, flow.id, now);
    await markAddressVerified(trx, flow.email, now);
    if (!(byLink && flow.verified_at === null)) return { verified: true, signupFlow: toRecord(updated, await addKey(trx, flow.id)) };
    const keep = held && (await keyMatches(trx, flow.id, held)) ? held : undefined;
    const key = await suspendKeys(trx, flow.id, now, keep);
    return { verified: true, signupFlow: toRecord(updated, key), otherDevice: keep === undefined };
  });
}

/** Whether the caller owns the sign-up in progress: it holds one of its keys, or the mailed link's token. */
async function ownsFlow(services: AppServices, flow: FlowRow | null, secret: string | undefined): Promise<boolean> {
  if (!flow || !secret) return false;
  return linkTokenMatches(flow, secret, services.clock()) || (await keyMatches(services.db, flow.id, secret));
}

export const checkEmail: Handler<'checkEmail'> = async ({ services }, { params: { email }, query }) => {
  if (await findAccount(services, email)) throw accountExists();
  const verdict = await usableVerdict(services, email);
  const { key } = await mailCode(services, email, query.firstName || null, query.location, undefined);
  return { status: verdict.status, email, isSendMailSuccess: true, totp: key, didYouMean: null };
};

async function existence(services: AppServices, email: string) {
  const account = await findAccount(services, email);
  return { email, exists: account !== null, verified: account?.emailVerified ?? false };
}

export const checkExists: Handler<'checkExists'> = ({ services }, { params: { email } }) => existence(services, email);

export const verificationData: Handler<'verificationData'> = async ({ services }, { params: { email }, query }) => {
  const now = services.clock();
  const row = await verdictFor(services, email, now);
  const [account, flow] = await Promise.all([findAccount(services, email), findFlow(services.db, email, now)]);
  const { status, ...result } = verdictOf(row);
  // The existence checks of SPEC §4.1 answer anyone (rate-limited per client); what a sign-up in
  // progress holds (name, start page, its own verification) only its owner.
  if (!(await ownsFlow(services, flow, query.totp))) {
    const alreadyVerified = row.verified_at !== null;
    return { email, status, result, alreadyVerified, accountExists: account !== null, totp: null, firstName: null, location: null, verified: alreadyVerified };
  }
  return {
    email,
    status,
    result,
    alreadyVerified: row.verified_at !== null,
    accountExists: account !== null,
    // The flow key is never disclosed here: it guards the flow record.
    totp: null,
    firstName: flow!.first_name,
    location: flow!.location,
    verified: flow!.verified_at !== null,
  };
};

export const sendVerifyMail: Handler<'sendVerifyMail'> = async ({ services }, { body }) => {
  const email = body.toEmail;
  if (await findAccount(services, email)) throw accountExists();
  await usableVerdict(services, email);
  const { key } = await mailCode(services, email, body.firstName || null, body.location, body.totp);
  return { isSendMailSuccess: true, totp: key };
};

export const saveVerification: Handler<'saveVerification'> = async ({ services }, { body }) => {
  const now = services.clock();
  // The server's own verdict decides; the client's report is only kept beside it.
  await verdictFor(services, body.email, now);
  await saveReported(services.db, body.email, body.status, body.firstName?.trim() || null, now);
  return { ok: true as const };
};

export const saveSignupFlow: Handler<'saveSignupFlow'> = async ({ services }, { body }) => {
  const flow = await guardedFlow(services, body.signupFlow.email, body.totp, FLOW_MESSAGES.saveSignupFlowFailure);
  return toRecord(await saveState(services.db, flow.id, body.signupFlow, services.clock()), body.totp);
};

export const getSignupFlow: Handler<'getSignupFlow'> = async ({ services }, { params: { email }, query }) => {
  const now = services.clock();
  const flow = await findFlow(services.db, email, now);
  if (!flow) throw notFound('No sign-up in progress for this e-mail.', 'SIGNUP_FLOW_NOT_FOUND');
  if (await keyMatches(services.db, flow.id, query.totp)) return toRecord(flow, query.totp);
  // The mailed link's token also opens the record, on any device: it proves the mailbox.
  if (linkTokenMatches(flow, query.totp, now)) return toRecord(flow, await addKey(services.db, flow.id));
  throw forbidden('The sign-up code is not valid.', 'SIGNUP_FLOW_KEY_INVALID');
};

export const updateSignupFlowTotp: Handler<'updateSignupFlowTotp'> = async ({ services }, { body }) => {
  const flow = await guardedFlow(services, body.email, body.totp, FLOW_MESSAGES.updateTotpFailure);
  // After a resend the presented key becomes the only one: other devices' keys stop working.
  await keepOnlyKey(services.db, flow.id, body.totp);
  return toRecord(flow, body.totp);
};

export const deleteSignupFlow: Handler<'deleteSignupFlow'> = async ({ services }, { body }) => {
  const flow = await guardedFlow(services, body.email, body.totp, DELETE_TOTP_FAILURE);
  await deleteFlow(services.db, flow.id);
  return { ok: true as const };
};

export const confirmVerifiedUrl: Handler<'confirmVerifiedUrl'> = async ({ services }, { body }) => {
  const now = services.clock();
  const flow = await findFlow(services.db, body.email, now);
  if (!flow) {
    // No flow (e.g. the account was created since): say whether the address was verified before.
    const row = await findVerification(services.db, body.email);
    return { verified: row?.verified_at != null, signupFlow: null };
  }
  if (!linkTokenMatches(flow, body.token, now)) throw badRequest(FLOW_MESSAGES.confirmVerifyUrlFailure, 'VERIFY_LINK_INVALID');
  return verifiedResult(services, flow, true, body.totp);
};

/** One answer for every caller without a usable key, whether or not the address has a sign-up. */
const SIGNUP_KEY_INVALID = 'The sign-up code is not valid.';
const keyRefused = () => forbidden(SIGNUP_KEY_INVALID, 'SIGNUP_FLOW_KEY_INVALID');

export const signupFlowStatus: Handler<'signupFlowStatus'> = async ({ services }, { body }) => {
  const flow = await findFlow(services.db, body.email, services.clock());
  // No flow and a wrong key answer alike: the endpoint tells nothing about an address to a stranger.
  const state = flow ? await keyState(services.db, flow.id, body.totp) : null;
  if (!flow || !state) throw keyRefused();
  if (state === 'suspended') return { verified: false, elsewhere: true, signupFlow: null };
  if (flow.verified_at === null) return { verified: false, elsewhere: false, signupFlow: null };
  // The caller holds a key in use: the same record a typed code would have given this device.
  return { verified: true, elsewhere: false, signupFlow: toRecord(flow, body.totp) };
};

export const handOverSignupFlow: Handler<'handOverSignupFlow'> = async ({ services }, { body }) => {
  const flow = await findFlow(services.db, body.email, services.clock());
  // Only a device that proved the mailbox (its key in use on a verified flow) hands the sign-up over.
  if (!flow || flow.verified_at === null || !(await keyMatches(services.db, flow.id, body.totp))) throw keyRefused();
  await resumeSuspendedKeys(services.db, flow.id);
  return { ok: true as const };
};

export const verifyOtp: Handler<'verifyOtp'> = async ({ services }, { body }) => {
  const now = services.clock();
  const flow = await findFlow(services.db, body.email, now);
  if (!flow) throw badRequest(FLOW_MESSAGES.otpInvalid, 'OTP_INVALID');
  const attempt = await takeOtpAttempt(services.db, flow.id, now);
  if (!attempt) throw tooManyRequests(TOO_MANY_CODES, 'OTP_THROTTLED');
  const right = attempt.code_expires_at > now && sameDigest(attempt.code_hash, hashCode(codeKey(services.config), flow.email, body.otp));
  if (!right) {
    await lockIfExhausted(services.db, attempt, now);
    throw badRequest(FLOW_MESSAGES.otpInvalid, 'OTP_INVALID');
  }
  return verifiedResult(services, attempt);
};

export const userByEmail: Handler<'userByEmail'> = ({ services }, { params: { email } }) => existence(services, email);
