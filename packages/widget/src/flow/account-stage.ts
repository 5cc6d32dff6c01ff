// The account stage (SPEC §4.1): the apply type, the company's address, the notice, then the
// password: POST /create-user-app, automatic sign-in, then the form.
import * as v from 'valibot';
import { FLOW_MESSAGES, passwordSchema, type AddressSearchResult } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { accountCreationPayload, registrationInput } from './account-payload.js';
import { messageOf, type StageKit } from './stage-kit.js';
import type { ApplicantRole } from './state.js';

export interface AccountStageActions {
  chooseApplyType(role: ApplicantRole): void;
  selectCompanyAddress(address: AddressSearchResult | null): void;
  setNoticeAccepted(accepted: boolean): void;
  /** POST /create-user-app, automatic sign-in, then the form. */
  createPassword(password: string): Promise<void>;
}

export function accountStage(kit: StageKit): AccountStageActions {
  const { client, identity, session, pending, startUrl, send, ctx, fail, whileBusy, toSignIn } = kit;
  return {
    chooseApplyType: (role) => send({ type: 'APPLY_TYPE_CHOSEN', role }),
    selectCompanyAddress: (address) => send({ type: 'COMPANY_ADDRESS_SELECTED', address }),
    setNoticeAccepted: (accepted) => send({ type: 'NOTICE_TOGGLED', accepted }),

    async createPassword(password) {
      const parsed = v.safeParse(passwordSchema, password);
      if (!parsed.success) return fail(parsed.issues[0].message);
      await whileBusy(async () => {
        const payload = accountCreationPayload(ctx(), password, startUrl || null);
        try {
          await client.account.createUserApp({ body: payload, silent: true });
        } catch (error) {
          if (isApiRequestError(error) && error.status === 409) return toSignIn({ type: 'error', message: FLOW_MESSAGES.accountExists });
          return fail(messageOf(error), FLOW_MESSAGES.signupFailure);
        }
        session.getState().setSignUpData(registrationInput(payload));
        pending.clear();
        try {
          const auth = await identity.authenticate({ email: payload.email, password });
          if (auth.status !== 'ok') throw new Error(FLOW_MESSAGES.createAccountFailed);
          session.getState().login(auth.tokens, auth.profile);
        } catch {
          return fail(FLOW_MESSAGES.createAccountFailed);
        }
        send({ type: 'AUTHENTICATED' });
      });
    },
  };
}
