// The account stage (SPEC §4.1): the apply type, the company (its name checked as it is typed), the
// notice, then the password: POST /create-user-app, automatic sign-in, then the form. A refusal never
// leaves the widget: a taken company name goes back to the company step with everything kept, an
// existing account to the enter-password step.
import * as v from 'valibot';
import { FLOW_MESSAGES, passwordSchema, TIMINGS, type AddressSearchResult } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { accountCreationPayload, registrationInput } from './account-payload.js';
import { messageOf, type StageKit } from './stage-kit.js';
import type { ApplicantRole } from './state.js';

export interface AccountStageActions {
  chooseApplyType(role: ApplicantRole): void;
  /** Sets the company name and checks it (debounced) with GET /v4/lookup/company-name-available. */
  changeCompanyName(name: string): void;
  selectCompanyAddress(address: AddressSearchResult | null): void;
  setNoticeAccepted(accepted: boolean): void;
  /** POST /create-user-app, automatic sign-in, then the form. */
  createPassword(password: string): Promise<void>;
}

export function accountStage(kit: StageKit): AccountStageActions {
  const { client, identity, session, pending, startUrl, send, set, ctx, fail, whileBusy, later } = kit;
  let typed = 0;
  return {
    chooseApplyType: (role) => send({ type: 'APPLY_TYPE_CHOSEN', role }),
    changeCompanyName(name) {
      send({ type: 'FIELD_CHANGED', field: 'companyName', value: name });
      const mine = ++typed;
      if (!name.trim()) return;
      later(TIMINGS.companyNameCheckMs, () => {
        if (mine !== typed) return; // typed on since
        // A failed check decides nothing: the account creation checks again.
        void client.lookups
          .companyNameAvailable({ query: { name }, silent: true })
          .then(({ available }) => send({ type: 'COMPANY_NAME_CHECKED', name, available }), () => null);
      });
    },
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
          const code = isApiRequestError(error) ? error.code : undefined;
          // The message shows on the company step, under the name to change.
          if (code === 'COMPANY_NAME_TAKEN') return send({ type: 'COMPANY_NAME_TAKEN' });
          if (code === 'ACCOUNT_EXISTS') {
            send({ type: 'ACCOUNT_FOUND', verified: true });
            return set({ alert: { type: 'error', message: FLOW_MESSAGES.accountExists } });
          }
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
