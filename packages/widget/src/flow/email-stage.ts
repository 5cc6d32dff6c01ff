// The e-mail stage (SPEC §4.1, §7.6): check exists → verify the address → send the mail → save the
// flow record; resend; the return through the mailed link; the typed code. Verified, the flow
// restores the record, shows the success text at 3 s and advances at 5 s.
import * as v from 'valibot';
import {
  emailSchema,
  FLOW_MESSAGES,
  isUsableEmailStatus,
  MESSAGES,
  municipalityLocationQuery,
  normalizeEmail,
  splitFullName,
  TIMINGS,
  verificationCodeSchema,
  type SignupFlowRecord,
  type SignupFlowState,
} from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import type { StageKit } from './stage-kit.js';

type Verified = (record: SignupFlowRecord) => Promise<void>;
export type { Verified };
import type { FlowContext } from './state.js';

export interface EmailStageActions {
  /** The e-mail step: check exists → verify the address → send the mail → save the flow record. */
  validateEmail(email?: string): Promise<void>;
  resendEmail(): Promise<void>;
  enterAnotherEmail(): void;
  /** Handles a return through the mailed link (email and accepted=1); false when the URL is not one. */
  resumeFromUrl(url: string): Promise<boolean>;
  /** Verifies the one-time code typed from the mail. */
  verifyCode(otp: string): Promise<void>;
  /** On the device that opened the link: lets the device that started the sign-up go on (hand-back-offer.tsx). */
  handOver(): Promise<unknown>;
}


/** What the flow record keeps so the flow resumes on any device. */
function snapshot(c: FlowContext): SignupFlowState {
  return {
    backupAddressObj: c.address ? { ...c.address, geocoded: c.geocodedAddress } : null,
    backupSelectedTaskObj: c.task,
    backupAddressTwo: c.addressLine2 || null,
    email: c.email,
    fullName: c.fullName.trim(),
    phoneNumber: c.phone,
    startWithRoles: c.startWithRoles,
    isTurnOnNotificationWallDoItYourself: c.settings.diyNoticeOn,
  };
}

export function emailStage(kit: StageKit): EmailStageActions {
  const { client, verify, pending, startUrl, supportEmail, send, set, flow, ctx, fail, whileBusy, later, wait, toSignIn } = kit;

  /** Verified: restore the record, show the success text at 3 s, advance at 5 s (SPEC §4.1). */
  const verified = async (record: SignupFlowRecord) => {
    send({ type: 'EMAIL_VERIFIED', record: record.signupFlow, totp: record.totp });
    pending.clear();
    later(TIMINGS.verifiedSuccessTextMs, () => {
      send({ type: 'VERIFIED_SUCCESS_SHOWN' });
      set({ alert: { type: 'success', message: FLOW_MESSAGES.verifiedSuccess } });
    });
    later(TIMINGS.verifiedAdvanceMs, () => send({ type: 'VERIFIED_ADVANCE' }));
    const point = record.signupFlow.backupAddressObj?.geocoded;
    if (point && !ctx().municipality) {
      const municipality = await client.lookups
        .municipalityByLocation({ query: municipalityLocationQuery(point), silent: true })
        .catch(() => null);
      if (municipality) send({ type: 'MUNICIPALITY_LOADED', municipality });
    }
  };

  /**
   * Issue 18: while 'We sent a link…' shows, ask now and then whether the address was verified on any
   * device (3 s growing to 15 s, paused while the tab is hidden). The watch ends by itself once the step
   * is left or the key changes, and with dispose(). Its code is a chunk of its own (waiting-device.ts),
   * fetched once a mail is sent.
   */
  const watchForVerification = () => void import('./waiting-device.js').then((m) => m.watch(kit, verified));

  const sendVerificationMail = async (email: string, totp: string | null) => {
    const sent = await verify.sendMail(email, splitFullName(ctx().fullName).firstName, startUrl, totp);
    if (!sent.isSendMailSuccess) throw new Error(FLOW_MESSAGES.sendVerifyFailure);
    return sent.totp;
  };

  /**
   * What a failed check or mail says: the server's automatic verification could not be done, too many
   * mails (the server's words), or the step's SPEC message.
   */
  const checkFailure = (error: unknown, fallback: string = FLOW_MESSAGES.emailSomethingWrong): string => {
    if (!isApiRequestError(error)) return fallback;
    if (error.code === 'AUTO_VERIFICATION_FAILED') return FLOW_MESSAGES.autoVerificationFailed(supportEmail);
    if (error.code === 'VERIFICATION_SAVE_FAILED') return FLOW_MESSAGES.saveReoonFromApiFailure;
    return error.status === 429 ? error.message : fallback;
  };

  return {
    async validateEmail(input) {
      const typed = input ?? ctx().email;
      if (typed.trim() === '') return fail(MESSAGES.missingEmailDetail, MESSAGES.missingEmail);
      const parsed = v.safeParse(emailSchema, typed);
      if (!parsed.success) return fail(parsed.issues[0].message);
      // SPEC §4.1: the email is normalised before lookup.
      const email = normalizeEmail(parsed.output);
      send({ type: 'FIELD_CHANGED', field: 'email', value: email });
      send({ type: 'EMAIL_CHECK_STARTED' });
      await whileBusy(async () => {
        const exists = await verify.exists(email).catch(() => null);
        if (!exists) {
          send({ type: 'EMAIL_CHECK_FAILED' });
          return fail(FLOW_MESSAGES.checkEmailFailure);
        }
        if (exists.exists) return send({ type: 'ACCOUNT_FOUND', verified: exists.verified });

        let check;
        try {
          check = await verify.check(email, splitFullName(ctx().fullName).firstName, startUrl);
        } catch (error) {
          send({ type: 'EMAIL_CHECK_FAILED' });
          return fail(checkFailure(error));
        }
        if (!isUsableEmailStatus(check.status)) {
          send({ type: 'EMAIL_REJECTED', status: check.status });
          fail(FLOW_MESSAGES.emailStatus(check.status));
          // The refused result is kept, so the verifier is not asked again for it.
          try {
            await verify.saveInvalid(email, check.status, splitFullName(ctx().fullName).firstName);
          } catch {
            fail(FLOW_MESSAGES.saveReoonFailure, FLOW_MESSAGES.emailStatus(check.status));
          }
          return;
        }

        let totp: string;
        try {
          // The verifier may already have mailed the code and link (it was given name and location).
          totp = check.isSendMailSuccess && check.totp ? check.totp : await sendVerificationMail(email, check.totp);
        } catch (error) {
          send({ type: 'EMAIL_CHECK_FAILED' });
          return fail(checkFailure(error, FLOW_MESSAGES.sendVerifyFailure));
        }
        try {
          await verify.saveFlow(totp, snapshot(ctx()));
        } catch {
          send({ type: 'EMAIL_CHECK_FAILED' });
          return fail(FLOW_MESSAGES.saveSignupFlowFailure);
        }
        pending.save(email, totp);
        send({ type: 'VERIFICATION_SENT', status: check.status, totp });
        watchForVerification();
      });
    },

    async resendEmail() {
      const { email, totp, resending } = ctx();
      if (resending || !email) return;
      send({ type: 'RESEND_STARTED' });
      set({ alert: null });
      const spinner = wait(TIMINGS.resendSpinnerMs);
      try {
        const fresh = await sendVerificationMail(email, totp);
        if (fresh !== totp) {
          try {
            await verify.updateTotp(email, fresh);
          } catch {
            fail(FLOW_MESSAGES.updateTotpFailure);
          }
          pending.save(email, fresh);
          send({ type: 'VERIFICATION_SENT', totp: fresh });
          watchForVerification();
        }
      } catch {
        fail(FLOW_MESSAGES.sendVerifyFailure);
      }
      await spinner;
      send({ type: 'RESEND_FINISHED' });
    },

    enterAnotherEmail() {
      set({ alert: null });
      send({ type: 'ENTER_ANOTHER_EMAIL' });
    },

    async resumeFromUrl(url) {
      let params: URLSearchParams;
      try {
        params = new URL(url).searchParams;
      } catch {
        return false;
      }
      const raw = params.get('email');
      if (!raw || params.get('accepted') !== '1') return false;
      const email = normalizeEmail(raw);
      send({ type: 'VERIFY_RETURN', email });
      await whileBusy(async () => {
        const exists = await verify.exists(email).catch(() => null);
        if (!exists) return fail(FLOW_MESSAGES.checkEmailFailure);
        if (exists.exists && exists.verified) {
          // The widget's own sign-in step: the password is asked right here.
          send({ type: 'ACCOUNT_FOUND', verified: true });
          return fail(FLOW_MESSAGES.accountExists);
        }
        const saved = pending.read();
        const held = saved?.email === email ? saved.totp : null;
        const token = params.get('token') ?? held;
        if (!token) return fail(FLOW_MESSAGES.confirmVerifyUrlFailure);
        let result;
        try {
          // The key this browser holds keeps the tab that started going on by itself (issue 18).
          result = await verify.confirmUrl(email, token, token === held ? null : held);
        } catch {
          return fail(FLOW_MESSAGES.confirmVerifyUrlFailure);
        }
        if (!result.verified) return fail(FLOW_MESSAGES.verifiedEmailError);
        if (!result.signupFlow) {
          return toSignIn({ type: 'info', title: FLOW_MESSAGES.previouslyVerifiedTitle, message: FLOW_MESSAGES.previouslyVerified(supportEmail) });
        }
        if (result.otherDevice) set({ handBack: true });
        await verified(result.signupFlow);
      });
      return true;
    },

    async verifyCode(otp) {
      const parsed = v.safeParse(verificationCodeSchema, otp);
      if (!parsed.success) return fail(parsed.issues[0].message);
      const { email } = ctx();
      await whileBusy(async () => {
        let result;
        try {
          result = await verify.verifyOtp(email, parsed.output);
        } catch (error) {
          return fail(isApiRequestError(error) && error.status > 0 && error.status < 500 ? FLOW_MESSAGES.otpInvalid : FLOW_MESSAGES.verifyEmailFailure);
        }
        if (!result.verified || !result.signupFlow) return fail(FLOW_MESSAGES.otpInvalid);
        if (flow().step !== 'verify-email') send({ type: 'VERIFY_RETURN', email });
        await verified(result.signupFlow);
      });
    },


    handOver: () => client.verification.handOverSignupFlow({ body: { email: ctx().email, totp: ctx().totp ?? '' }, silent: true }),
  };
}
