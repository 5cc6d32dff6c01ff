// The sign-up flow machine (SPEC §2.5, §4.1): a pure function from a state and an event to the next
// state. Every forward move of SPEC §4.1 and every back edge of SPEC §2.5 point 4 is here; the
// controller performs the calls and reports their outcome as events.
import {
  type AddressSearchResult,
  type GeocodedAddress,
  type LocatedMunicipality as Municipality,
  type Task,
  type EmailStatus,
  type SignupFlowState,
  MESSAGES,
} from '@permitdesk/core';
import {
  canContinueAddress,
  canContinueCompany,
  canContinueNamePhone,
  canContinueTask,
  isDiyOffered,
} from './guards.js';
import {
  at,
  CONTRACTOR,
  initialFlowState,
  DO_IT_YOURSELFER,
  type ApplicantRole,
  type FlowContext,
  type FlowSettings,
  type FlowState,
} from './state.js';

/** Text fields the steps edit. */
export type FlowTextField = 'addressLine2' | 'fullName' | 'phone' | 'email' | 'companyName' | 'companyAddressLine2';

export type FlowEvent =
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'FIELD_CHANGED'; field: FlowTextField; value: string }
  | { type: 'SETTINGS_LOADED'; settings: Partial<FlowSettings> }
  | { type: 'ADDRESS_SELECTED'; address: AddressSearchResult; geocoded?: GeocodedAddress | null; similarAddress?: boolean; municipality?: Municipality | null }
  | { type: 'ADDRESS_CLEARED' }
  | { type: 'MUNICIPALITY_LOADED'; municipality: Municipality | null }
  | { type: 'TASK_SELECTED'; task: Task | null }
  | { type: 'EMAIL_CHECK_STARTED' }
  | { type: 'EMAIL_CHECK_FAILED' }
  /** The e-mail belongs to an account: the known-account path (enter password). */
  | { type: 'ACCOUNT_FOUND'; verified: boolean }
  /** The verifier refused the address ('Your email is {status}'). */
  | { type: 'EMAIL_REJECTED'; status: EmailStatus }
  | { type: 'VERIFICATION_SENT'; status?: EmailStatus; totp: string }
  | { type: 'ENTER_ANOTHER_EMAIL' }
  | { type: 'RESEND_STARTED' }
  | { type: 'RESEND_FINISHED' }
  /** The user came back through the mailed link (email and accepted=1). */
  | { type: 'VERIFY_RETURN'; email: string }
  /** The address is verified; the saved flow record restores what the user entered before. */
  | { type: 'EMAIL_VERIFIED'; record?: SignupFlowState | null; totp?: string | null }
  | { type: 'VERIFIED_SUCCESS_SHOWN' }
  | { type: 'VERIFIED_ADVANCE' }
  | { type: 'APPLY_TYPE_CHOSEN'; role: ApplicantRole }
  | { type: 'COMPANY_ADDRESS_SELECTED'; address: AddressSearchResult | null }
  /** The name check answered for `name` (ignored when the user has typed on since). */
  | { type: 'COMPANY_NAME_CHECKED'; name: string; available: boolean }
  /** The account creation refused the company name (409 COMPANY_NAME_TAKEN): back to the company step. */
  | { type: 'COMPANY_NAME_TAKEN' }
  | { type: 'NOTICE_TOGGLED'; accepted: boolean }
  | { type: 'RESET_CODE_SENT' }
  | { type: 'PASSWORD_RESET' }
  /** The password was right and two-step sign-in is on: the code step, with the challenge. */
  | { type: 'TWO_FACTOR_REQUIRED'; challenge: string }
  | { type: 'AUTHENTICATED' }
  | { type: 'AUTH_CHANGED'; authenticated: boolean }
  /** Something asks for the permit request form; only an authenticated user gets it. */
  | { type: 'REQUEST_FORM' }
  | { type: 'FORM_SUBMITTED' }
  | { type: 'RESET' };

/** The step after the role is known: contractor → company; DIY → its notice if on, else password. */
function afterRole(state: FlowState, role: ApplicantRole): FlowState {
  if (role === CONTRACTOR) return at(state, 'apply-contractor', { applicantType: CONTRACTOR });
  const diy = { applicantType: DO_IT_YOURSELFER, companyName: '', companyAddress: null, companyAddressLine2: '' } as const;
  return state.context.settings.diyNoticeOn
    ? at(state, 'important-notice', { ...diy, noticeFor: 'doItYourself', noticeAccepted: false, noticeError: null })
    : at(state, 'create-password', diy);
}

/** SPEC §2.5 point 4: create password goes back to the notice, the company step or select type. */
function backFromCreatePassword(state: FlowState): FlowState {
  const c = state.context;
  if (c.companyName.trim() !== '') {
    return c.settings.companyNoticeOn ? at(state, 'important-notice', { noticeFor: 'company' }) : at(state, 'apply-contractor');
  }
  return c.settings.diyNoticeOn ? at(state, 'important-notice', { noticeFor: 'doItYourself' }) : at(state, 'enter-apply-type');
}

const toEmail = (state: FlowState): FlowState => at(state, 'enter-email', { checkStatus: 'idle', resent: false });

function back(state: FlowState): FlowState {
  switch (state.step) {
    case 'select-task':
      return at(state, 'enter-address');
    case 'enter-name-phone-number':
      return at(state, 'select-task', { email: '', checkStatus: 'idle', emailStatus: null });
    case 'enter-email':
      return at(state, 'enter-name-phone-number');
    case 'verify-email':
    case 'enter-password':
    case 'enter-apply-type':
      return toEmail(state);
    case 'apply-contractor':
      return at(state, 'enter-apply-type');
    case 'important-notice':
      return state.context.noticeFor === 'company' ? at(state, 'apply-contractor') : at(state, 'enter-apply-type');
    case 'create-password':
      return backFromCreatePassword(state);
    case 'reset-password':
      return at(state, 'enter-password');
    case 'enter-two-factor-code':
      return at(state, 'enter-password', { twoFactorChallenge: null });
    default:
      return state;
  }
}

function next(state: FlowState): FlowState {
  const c = state.context;
  switch (state.step) {
    case 'enter-address':
      return canContinueAddress(c) ? at(state, 'select-task') : state;
    case 'select-task':
      if (!canContinueTask(c)) return state;
      return c.authenticated ? at(state, 'permit-form') : at(state, 'enter-name-phone-number');
    case 'enter-name-phone-number':
      return canContinueNamePhone(c) ? at(state, 'enter-email') : state;
    case 'apply-contractor':
      if (!canContinueCompany(c)) return state;
      return c.settings.companyNoticeOn
        ? at(state, 'important-notice', { noticeFor: 'company', noticeAccepted: false, noticeError: null })
        : at(state, 'create-password');
    case 'important-notice':
      return c.noticeAccepted ? at(state, 'create-password', { noticeError: null }) : at(state, 'important-notice', { noticeError: MESSAGES.noticeRequired });
    default:
      return state;
  }
}

/** Restores what the saved flow record holds (SPEC §4.1: address, task, name, phone, startWithRoles, notice setting). */
function restore(c: FlowContext, record: SignupFlowState): Partial<FlowContext> {
  const { geocoded, ...address } = record.backupAddressObj ?? { geocoded: null };
  return {
    address: record.backupAddressObj ? (address as AddressSearchResult) : c.address,
    geocodedAddress: geocoded ?? c.geocodedAddress,
    task: record.backupSelectedTaskObj ?? c.task,
    addressLine2: record.backupAddressTwo ?? c.addressLine2,
    fullName: record.fullName,
    phone: record.phoneNumber,
    startWithRoles: record.startWithRoles ?? null,
    settings: { ...c.settings, diyNoticeOn: record.isTurnOnNotificationWallDoItYourself },
  };
}

export function transition(state: FlowState, event: FlowEvent): FlowState {
  const c = state.context;
  switch (event.type) {
    case 'NEXT':
      return next(state);
    case 'BACK':
      return back(state);
    case 'FIELD_CHANGED':
      // A changed company name is unchecked again: its error goes until the check answers.
      return { ...state, context: { ...c, [event.field]: event.value, ...(event.field === 'companyName' ? { companyNameError: null } : {}) } };
    case 'SETTINGS_LOADED':
      return { ...state, context: { ...c, settings: { ...c.settings, ...event.settings } } };
    case 'ADDRESS_SELECTED':
      return {
        ...state,
        context: {
          ...c,
          address: event.address,
          geocodedAddress: event.geocoded ?? null,
          similarAddress: event.similarAddress ?? false,
          municipality: event.municipality ?? null,
        },
      };
    case 'ADDRESS_CLEARED':
      return { ...state, context: { ...c, address: null, geocodedAddress: null, similarAddress: false, municipality: null, addressLine2: '' } };
    case 'MUNICIPALITY_LOADED':
      return { ...state, context: { ...c, municipality: event.municipality } };
    case 'TASK_SELECTED':
      return { ...state, context: { ...c, task: event.task } };
    case 'EMAIL_CHECK_STARTED':
      return state.step === 'enter-email' ? { ...state, context: { ...c, checkStatus: 'checking', emailStatus: null } } : state;
    case 'EMAIL_CHECK_FAILED':
      return { ...state, context: { ...c, checkStatus: 'idle' } };
    case 'ACCOUNT_FOUND':
      return at(state, 'enter-password', { accountExists: true, accountVerified: event.verified, checkStatus: 'idle' });
    case 'EMAIL_REJECTED':
      return { ...state, context: { ...c, checkStatus: 'rejected', emailStatus: event.status } };
    case 'VERIFICATION_SENT':
      return { ...state, context: { ...c, checkStatus: 'sent', emailStatus: event.status ?? c.emailStatus, totp: event.totp, accountExists: false } };
    case 'ENTER_ANOTHER_EMAIL':
      return at(state, 'enter-email', { email: '', checkStatus: 'idle', emailStatus: null, totp: null, resent: false });
    case 'RESEND_STARTED':
      return { ...state, context: { ...c, resent: true, resending: true } };
    case 'RESEND_FINISHED':
      return { ...state, context: { ...c, resending: false } };
    case 'VERIFY_RETURN':
      return at(state, 'verify-email', { email: event.email, checkStatus: 'verifying', verifiedSuccessShown: false });
    case 'EMAIL_VERIFIED':
      return at(state, 'verify-email', {
        ...(event.record ? restore(c, event.record) : {}),
        totp: event.totp ?? c.totp,
        checkStatus: 'verified',
        accountVerified: true,
      });
    case 'VERIFIED_SUCCESS_SHOWN':
      return state.step === 'verify-email' ? { ...state, context: { ...c, verifiedSuccessShown: true } } : state;
    case 'VERIFIED_ADVANCE':
      // SPEC §4.1: no startWithRoles → select apply type; Contractor → company; otherwise DIY notice or password.
      if (state.step !== 'verify-email' || c.checkStatus !== 'verified') return state;
      return c.startWithRoles ? afterRole(state, c.startWithRoles) : at(state, 'enter-apply-type');
    case 'APPLY_TYPE_CHOSEN':
      if (state.step !== 'enter-apply-type') return state;
      if (event.role === DO_IT_YOURSELFER && !isDiyOffered(c)) return state;
      return afterRole(state, event.role);
    case 'COMPANY_NAME_CHECKED':
      if (event.name.trim() !== c.companyName.trim()) return state;
      return { ...state, context: { ...c, companyNameError: event.available ? null : MESSAGES.companyNameTaken } };
    case 'COMPANY_NAME_TAKEN':
      return at(state, 'apply-contractor', { companyNameError: MESSAGES.companyNameTaken });
    case 'COMPANY_ADDRESS_SELECTED':
      return { ...state, context: { ...c, companyAddress: event.address } };
    case 'NOTICE_TOGGLED':
      return { ...state, context: { ...c, noticeAccepted: event.accepted, noticeError: event.accepted ? null : c.noticeError } };
    case 'RESET_CODE_SENT':
      return state.step === 'enter-password' ? at(state, 'reset-password') : state;
    case 'PASSWORD_RESET':
      return state.step === 'reset-password' ? at(state, 'enter-password') : state;
    case 'TWO_FACTOR_REQUIRED':
      return state.step === 'enter-password' ? at(state, 'enter-two-factor-code', { twoFactorChallenge: event.challenge }) : state;
    case 'AUTHENTICATED':
      return at(state, 'permit-form', { authenticated: true, twoFactorChallenge: null });
    case 'AUTH_CHANGED':
      if (!event.authenticated && state.view === 'form') return at(state, 'select-task', { authenticated: false });
      return { ...state, context: { ...c, authenticated: event.authenticated } };
    case 'REQUEST_FORM':
      // SPEC §2.5 point 5: an unauthenticated user asked for the form goes back to the task step.
      return c.authenticated ? at(state, 'permit-form') : at(state, 'select-task');
    case 'FORM_SUBMITTED':
      return state.view === 'form' ? { ...state, context: { ...c, submitted: true } } : state;
    case 'RESET':
      // Start over, keeping what is not the user's input: settings, the role preset, the sign-in state.
      return initialFlowState({ settings: c.settings, startWithRoles: c.startWithRoles, authenticated: c.authenticated });
  }
}
