// createSignupFlow: the sign-up flow machine in a zustand/vanilla store, with the async actions that
// call the API in SPEC order and map failures to the SPEC §8 messages. It holds no UI: the widget
// renders `flow`, `alert` and `busy`, and calls the actions.
import * as v from 'valibot';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  type ApiClient,
  isApiRequestError,
  createIdentityClient,
  type IdentityClient,
  type SessionStore,
} from '@permitdesk/core/client';
import {
  municipalityLocationQuery,
  MESSAGES,
  MUNICIPALITY_NAME_PLACEHOLDER,
  notificationWall,
  signupSettings,
  TIMINGS,
  emailSchema,
  newPasswordSchema,
  normalizeEmail,
  passwordSchema,
  verificationCodeSchema,
  type AddressSearchResult,
  type Task,
  emailStatusSchema,
  isUsableEmailStatus,
  type SignupFlowRecord,
  type SignupFlowState,
  splitFullName,
  FLOW_MESSAGES,
} from '@permitdesk/core';
import { accountCreationPayload, registrationInput } from './account-payload.js';
import { initialFlowState, type ApplicantRole, type FlowState } from './state.js';
import type { TrackedStep } from './steps.js';
import { realTimers, type FlowTimers } from './timers.js';
import { trackedSteps } from './tracking.js';
import { transition, type FlowEvent, type FlowTextField } from './transition.js';

export interface FlowAlert {
  type: 'success' | 'error' | 'info' | 'warning';
  title?: string;
  message: string;
  /** A path the alert links to (e.g. /sign-in). */
  link?: string;
}

/** The API areas the flow calls: the whole client, or one made of just these areas. */
export type SignupFlowClient = Pick<ApiClient, 'lookups' | 'verification' | 'account' | 'identity'>;

export interface SignupFlowOptions {
  client: SignupFlowClient;
  session: SessionStore;
  /** Defaults to an identity client over `client`. */
  identity?: IdentityClient;
  /** Remembers the pending verification (e-mail and code) on this device; default: none. */
  storage?: Storage;
  timers?: FlowTimers;
  /** The page the user started on: the mailed link comes back there (default: the current page). */
  startUrl?: string;
  startWithRoles?: ApplicantRole | null;
  /** Where help requests go in 'Need help? Email {email}!' (default: support@ the start page's host). */
  supportEmail?: string;
  /** Navigation (default: location.assign). */
  onRedirect?: (path: string) => void;
  onTrack?: (step: TrackedStep) => void;
}

export interface SignupFlowActions {
  send(event: FlowEvent): void;
  setField(field: FlowTextField, value: string): void;
  next(): void;
  back(): void;
  /** Reads INDIVIDUAL_REQUEST_PERMIT, the notice switches and texts from the global settings. */
  loadSettings(): Promise<void>;
  /** Chooses an address: geocodes it, finds its municipality and whether it was requested before. */
  selectAddress(address: AddressSearchResult): Promise<void>;
  clearAddress(): void;
  selectTask(task: Task | null): void;
  /** The e-mail step: check exists → verify the address → send the mail → save the flow record. */
  validateEmail(email?: string): Promise<void>;
  resendEmail(): Promise<void>;
  enterAnotherEmail(): void;
  /** Handles a return through the mailed link (email and accepted=1); false when the URL is not one. */
  resumeFromUrl(url: string): Promise<boolean>;
  /** Verifies the one-time code typed from the mail. */
  verifyCode(otp: string): Promise<void>;
  chooseApplyType(role: ApplicantRole): void;
  selectCompanyAddress(address: AddressSearchResult | null): void;
  setNoticeAccepted(accepted: boolean): void;
  /** POST /create-user-app, automatic sign-in, then the form. */
  createPassword(password: string): Promise<void>;
  signIn(password: string): Promise<void>;
  forgotPassword(): Promise<void>;
  resetPassword(code: string, newPassword: string): Promise<void>;
  requestForm(): void;
  formSubmitted(): void;
  dismissAlert(): void;
  /** Stops the timers and the session subscription. */
  dispose(): void;
}

export interface SignupFlowStoreState extends SignupFlowActions {
  flow: FlowState;
  alert: FlowAlert | null;
  /** A call is running: buttons show spinners and stay disabled. */
  busy: boolean;
}

export type SignupFlowStore = StoreApi<SignupFlowStoreState>;

/** Storage key of the pending verification: { email, totp }. */
export const PENDING_VERIFICATION_KEY = 'permitdesk.signup.pending';
const pendingSchema = v.object({ email: v.string(), totp: v.string() });

/** The location the mail links back to: the start page without a previous link's parameters. */
function cleanStartUrl(url: string | undefined): string {
  if (!url) return '';
  try {
    const u = new URL(url);
    for (const key of ['email', 'accepted', 'token']) u.searchParams.delete(key);
    return u.href;
  } catch {
    return url;
  }
}

const messageOf = (error: unknown): string =>
  isApiRequestError(error) || error instanceof Error ? error.message : FLOW_MESSAGES.somethingWrong;

export function createSignupFlow(options: SignupFlowOptions): SignupFlowStore {
  const { client, session } = options;
  const identity = options.identity ?? createIdentityClient(client);
  const timers = options.timers ?? realTimers;
  const pageHref = (globalThis as { location?: { href?: string } }).location?.href;
  const startUrl = cleanStartUrl(options.startUrl ?? pageHref);
  const supportEmail = options.supportEmail ?? `support@${startUrl ? new URL(startUrl).hostname : 'localhost'}`;
  const redirect =
    options.onRedirect ?? ((path: string) => (globalThis as { location?: { assign(p: string): void } }).location?.assign(path));
  const handles = new Set<unknown>();
  const verify = verificationCalls(client);

  const later = (ms: number, callback: () => void) => {
    const handle = timers.setTimeout(() => {
      handles.delete(handle);
      callback();
    }, ms);
    handles.add(handle);
  };
  const wait = (ms: number) => new Promise<void>((resolve) => later(ms, resolve));

  const readPending = () => {
    const text = options.storage?.getItem(PENDING_VERIFICATION_KEY);
    if (!text) return null;
    try {
      const parsed = v.safeParse(pendingSchema, JSON.parse(text));
      return parsed.success ? parsed.output : null;
    } catch {
      return null;
    }
  };

  const store = createStore<SignupFlowStoreState>()((set, get) => {
    const send = (event: FlowEvent) => {
      const previous = get().flow;
      const next = transition(previous, event);
      if (next === previous) return;
      set({ flow: next });
      for (const step of trackedSteps(previous, event, next)) options.onTrack?.(step);
    };
    const ctx = () => get().flow.context;
    const fail = (message: string, title?: string) => set({ alert: { type: 'error', message, ...(title ? { title } : {}) } });
    const busy = async <T>(work: () => Promise<T>): Promise<T> => {
      set({ busy: true, alert: null });
      try {
        return await work();
      } finally {
        set({ busy: false });
      }
    };

    /** What the flow record keeps so the flow resumes on any device. */
    const snapshot = (): SignupFlowState => {
      const c = ctx();
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
    };

    /** Verified: restore the record, show the success text at 3 s, advance at 5 s (SPEC §4.1). */
    const verified = async (record: SignupFlowRecord) => {
      send({ type: 'EMAIL_VERIFIED', record: record.signupFlow, totp: record.totp });
      options.storage?.removeItem(PENDING_VERIFICATION_KEY);
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

    const toSignIn = (alert: FlowAlert) => {
      set({ alert: { ...alert, link: '/sign-in' } });
      later(TIMINGS.signInRedirectMs, () => redirect('/sign-in'));
    };

    const sendVerificationMail = async (email: string, totp: string | null) => {
      const sent = await verify.sendMail(email, splitFullName(ctx().fullName).firstName, startUrl, totp);
      if (!sent.isSendMailSuccess) throw new Error(FLOW_MESSAGES.sendVerifyFailure);
      return sent.totp;
    };

    return {
      flow: initialFlowState({
        startWithRoles: options.startWithRoles ?? null,
        authenticated: session.getState().isAuthenticated,
      }),
      alert: null,
      busy: false,
      send,
      setField: (field, value) => send({ type: 'FIELD_CHANGED', field, value }),
      next: () => send({ type: 'NEXT' }),
      back: () => {
        set({ alert: null });
        send({ type: 'BACK' });
      },
      dismissAlert: () => set({ alert: null }),

      async loadSettings() {
        const settings = await client.lookups.globalSettings({ silent: true }).catch(() => null);
        if (!settings) return;
        const flags = signupSettings(settings);
        send({
          type: 'SETTINGS_LOADED',
          settings: {
            diyAllowed: flags.individualRequestPermit,
            companyNoticeOn: flags.notificationWallCompany,
            diyNoticeOn: flags.notificationWallDoItYourself,
            // Keep the placeholder: the municipality is filled in when the notice shows.
            companyNotice: notificationWall(settings, 'company', MUNICIPALITY_NAME_PLACEHOLDER),
            diyNotice: notificationWall(settings, 'doItYourself', MUNICIPALITY_NAME_PLACEHOLDER),
          },
        });
      },

      async selectAddress(address) {
        send({ type: 'ADDRESS_SELECTED', address });
        await busy(async () => {
          try {
            // The count needs only the id: it runs beside the geocoding and the municipality after it.
            const counting = client.lookups.getAddressCount({ params: { id: address.id }, silent: true }).catch(() => null);
            const geocoded = await client.lookups.geocodeAddress({ params: { id: address.id }, silent: true });
            const [municipality, count] = await Promise.all([
              // The address's USPS city goes along: 350 5th Ave is in New York City, not in 'Times Square'.
              client.lookups.municipalityByLocation({ query: municipalityLocationQuery(geocoded), silent: true }).catch(() => null),
              counting,
            ]);
            if (ctx().address?.id !== address.id) return; // another address was chosen meanwhile
            send({ type: 'ADDRESS_SELECTED', address, geocoded, municipality, similarAddress: (count?.count ?? 0) > 0 });
          } catch {
            set({ alert: { type: 'error', title: FLOW_MESSAGES.addressLookupFailedTitle, message: FLOW_MESSAGES.addressLookupFailed } });
          }
        });
      },

      clearAddress: () => send({ type: 'ADDRESS_CLEARED' }),
      selectTask: (task) => send({ type: 'TASK_SELECTED', task }),

      async validateEmail(input) {
        const typed = input ?? ctx().email;
        if (typed.trim() === '') return fail(MESSAGES.missingEmailDetail, MESSAGES.missingEmail);
        const parsed = v.safeParse(emailSchema, typed);
        if (!parsed.success) return fail(parsed.issues[0].message);
        // SPEC §4.1: the email is normalised before lookup.
        const email = normalizeEmail(parsed.output);
        send({ type: 'FIELD_CHANGED', field: 'email', value: email });
        send({ type: 'EMAIL_CHECK_STARTED' });
        await busy(async () => {
          const exists = await verify.exists(email).catch(() => null);
          if (!exists) {
            send({ type: 'EMAIL_CHECK_FAILED' });
            return fail(FLOW_MESSAGES.checkEmailFailure);
          }
          if (exists.exists) return send({ type: 'ACCOUNT_FOUND', verified: exists.verified });

          const check = await verify.check(email, splitFullName(ctx().fullName).firstName, startUrl).catch(() => null);
          if (!check) {
            send({ type: 'EMAIL_CHECK_FAILED' });
            return fail(FLOW_MESSAGES.emailSomethingWrong);
          }
          if (!isUsableEmailStatus(check.status)) {
            send({ type: 'EMAIL_REJECTED', status: check.status });
            fail(FLOW_MESSAGES.emailStatus(check.status));
            // The refused result is kept, so the verifier is not asked again for it.
            await verify.saveInvalid(email, check.status, splitFullName(ctx().fullName).firstName).catch(() => null);
            return;
          }

          let totp: string;
          try {
            // The verifier may already have mailed the code and link (it was given name and location).
            totp = check.isSendMailSuccess && check.totp ? check.totp : await sendVerificationMail(email, check.totp);
          } catch {
            send({ type: 'EMAIL_CHECK_FAILED' });
            return fail(FLOW_MESSAGES.sendVerifyFailure);
          }
          try {
            await verify.saveFlow(totp, snapshot());
          } catch {
            send({ type: 'EMAIL_CHECK_FAILED' });
            return fail(FLOW_MESSAGES.saveSignupFlowFailure);
          }
          options.storage?.setItem(PENDING_VERIFICATION_KEY, JSON.stringify({ email, totp }));
          send({ type: 'VERIFICATION_SENT', status: check.status, totp });
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
            options.storage?.setItem(PENDING_VERIFICATION_KEY, JSON.stringify({ email, totp: fresh }));
            send({ type: 'VERIFICATION_SENT', totp: fresh });
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
        await busy(async () => {
          const exists = await verify.exists(email).catch(() => null);
          if (!exists) return fail(FLOW_MESSAGES.checkEmailFailure);
          if (exists.exists && exists.verified) {
            return toSignIn({ type: 'error', message: FLOW_MESSAGES.accountExists });
          }
          const pending = readPending();
          const token = params.get('token') ?? (pending?.email === email ? pending.totp : null);
          if (!token) return fail(FLOW_MESSAGES.confirmVerifyUrlFailure);
          let result;
          try {
            result = await verify.confirmUrl(email, token);
          } catch {
            return fail(FLOW_MESSAGES.confirmVerifyUrlFailure);
          }
          if (!result.verified) return fail(FLOW_MESSAGES.verifiedEmailError);
          if (!result.signupFlow) {
            return toSignIn({ type: 'info', title: FLOW_MESSAGES.previouslyVerifiedTitle, message: FLOW_MESSAGES.previouslyVerified(supportEmail) });
          }
          await verified(result.signupFlow);
        });
        return true;
      },

      async verifyCode(otp) {
        const parsed = v.safeParse(verificationCodeSchema, otp);
        if (!parsed.success) return fail(parsed.issues[0].message);
        const { email } = ctx();
        await busy(async () => {
          let result;
          try {
            result = await verify.verifyOtp(email, parsed.output);
          } catch (error) {
            return fail(isApiRequestError(error) && error.status > 0 && error.status < 500 ? FLOW_MESSAGES.otpInvalid : FLOW_MESSAGES.verifyEmailFailure);
          }
          if (!result.verified || !result.signupFlow) return fail(FLOW_MESSAGES.otpInvalid);
          if (get().flow.step !== 'verify-email') send({ type: 'VERIFY_RETURN', email });
          await verified(result.signupFlow);
        });
      },

      chooseApplyType: (role) => send({ type: 'APPLY_TYPE_CHOSEN', role }),
      selectCompanyAddress: (address) => send({ type: 'COMPANY_ADDRESS_SELECTED', address }),
      setNoticeAccepted: (accepted) => send({ type: 'NOTICE_TOGGLED', accepted }),

      async createPassword(password) {
        const parsed = v.safeParse(passwordSchema, password);
        if (!parsed.success) return fail(parsed.issues[0].message);
        await busy(async () => {
          const payload = accountCreationPayload(ctx(), password, startUrl || null);
          try {
            await client.account.createUserApp({ body: payload, silent: true });
          } catch (error) {
            if (isApiRequestError(error) && error.status === 409) return toSignIn({ type: 'error', message: FLOW_MESSAGES.accountExists });
            return fail(messageOf(error), FLOW_MESSAGES.signupFailure);
          }
          session.getState().setSignUpData(registrationInput(payload));
          options.storage?.removeItem(PENDING_VERIFICATION_KEY);
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

      async signIn(password) {
        if (!password) return fail(MESSAGES.passwordRequired);
        const { email } = ctx();
        await busy(async () => {
          try {
            const auth = await identity.authenticate({ email, password });
            if (auth.status === 'new_password_required') {
              set({ alert: { type: 'info', title: FLOW_MESSAGES.newPasswordRequiredTitle, message: FLOW_MESSAGES.newPasswordRequired } });
              return redirect(`/force-change-password?email=${encodeURIComponent(email)}`);
            }
            session.getState().login(auth.tokens, auth.profile);
          } catch {
            return fail(FLOW_MESSAGES.incorrectPassword, FLOW_MESSAGES.loginFailedTitle);
          }
          send({ type: 'AUTHENTICATED' });
        });
      },

      async forgotPassword() {
        const { email } = ctx();
        await busy(async () => {
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
        await busy(async () => {
          try {
            await identity.confirmPassword({ email, code: codeOk.output, newPassword });
          } catch (error) {
            return fail(messageOf(error)); // SPEC §8: the service message
          }
          send({ type: 'PASSWORD_RESET' });
        });
      },

      requestForm: () => send({ type: 'REQUEST_FORM' }),
      formSubmitted: () => send({ type: 'FORM_SUBMITTED' }),

      dispose() {
        for (const handle of handles) timers.clearTimeout(handle);
        handles.clear();
        unsubscribe();
      },
    };
  });

  // Signing in or out elsewhere (another tab, the dashboard header) moves the flow along.
  const unsubscribe = session.subscribe((state, previous) => {
    if (state.isAuthenticated !== previous.isAuthenticated) {
      store.getState().send({ type: 'AUTH_CHANGED', authenticated: state.isAuthenticated });
    }
  });
  return store;
}

/** The verification calls the flow makes, silent: the flow shows its own SPEC messages. */
function verificationCalls(client: SignupFlowClient) {
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
    confirmUrl: (email: string, token: string) => api.confirmVerifiedUrl({ body: { email, token }, silent: true }),
    verifyOtp: (email: string, otp: string) => api.verifyOtp({ body: { email, otp }, silent: true }),
  };
}
