// The sign-in stage (SPEC §4.1): an existing account signs in, or resets a forgotten password with
// the mailed code.
import * as v from 'valibot';
import { FLOW_MESSAGES, MESSAGES, newPasswordSchema, verificationCodeSchema } from '@permitdesk/core';
import { messageOf, type StageKit } from './stage-kit.js';

export interface SignInStageActions {
  signIn(password: string): Promise<void>;
  /** The second step when two-step sign-in is on: a code of the authenticator app or a recovery code. */
  submitTwoFactor(code: string): Promise<void>;
  forgotPassword(): Promise<void>;
  resetPassword(code: string, newPassword: string): Promise<void>;
}

export function signInStage({ identity, session, send, set, ctx, fail, whileBusy, redirect }: StageKit): SignInStageActions {
  return {
    async signIn(password) {
      if (!password) return fail(MESSAGES.passwordRequired);
      const { email } = ctx();
      await whileBusy(async () => {
        try {
          const auth = await identity.authenticate({ email, password });
          if (auth.status === 'new_password_required') {
            set({ alert: { type: 'info', title: FLOW_MESSAGES.newPasswordRequiredTitle, message: FLOW_MESSAGES.newPasswordRequired } });
            return redirect(`/force-change-password?email=${encodeURIComponent(email)}`);
          }
          if (auth.status === 'two_factor_required') return send({ type: 'TWO_FACTOR_REQUIRED', challenge: auth.challenge });
          session.getState().login(auth.tokens, auth.profile);
        } catch {
          return fail(FLOW_MESSAGES.incorrectPassword, FLOW_MESSAGES.loginFailedTitle);
        }
        send({ type: 'AUTHENTICATED' });
      });
    },

    async submitTwoFactor(code) {
      // The server checks the code's form too (the widget's size budget keeps its schema out).
      if (!code.trim()) return fail(MESSAGES.codeRequired);
      const challenge = ctx().twoFactorChallenge;
      if (!challenge) return;
      await whileBusy(async () => {
        try {
          const auth = await identity.twoFactor({ challenge, code: code.trim() });
          if (auth.status !== 'ok') return fail(FLOW_MESSAGES.incorrectPassword, FLOW_MESSAGES.loginFailedTitle);
          session.getState().login(auth.tokens, auth.profile);
        } catch (error) {
          return fail(messageOf(error), FLOW_MESSAGES.loginFailedTitle); // the service's words: wrong code, too many tries, expired
        }
        send({ type: 'AUTHENTICATED' });
      });
    },

    async forgotPassword() {
      const { email } = ctx();
      await whileBusy(async () => {
        try {
          await identity.forgotPassword(email);
        } catch (error) {
          return fail(FLOW_MESSAGES.forgotPasswordError(messageOf(error), email));
        }
        set({ alert: { type: 'success', title: FLOW_MESSAGES.forgotPasswordSuccessTitle, message: FLOW_MESSAGES.forgotPasswordSuccess } });
        send({ type: 'RESET_CODE_SENT' });
      });
    },

    async resetPassword(code, newPassword) {
      const codeOk = v.safeParse(verificationCodeSchema, code);
      if (!codeOk.success) return fail(codeOk.issues[0].message);
      const passwordOk = v.safeParse(newPasswordSchema, newPassword);
      if (!passwordOk.success) return fail(passwordOk.issues[0].message);
      const { email } = ctx();
      await whileBusy(async () => {
        try {
          await identity.confirmPassword({ email, code: codeOk.output, newPassword });
        } catch (error) {
          return fail(messageOf(error)); // SPEC §8: the service message
        }
        send({ type: 'PASSWORD_RESET' });
      });
    },
  };
}
