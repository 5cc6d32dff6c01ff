// The sign-up flow's state: the view and step, plus everything the steps collected.
import {
  type AddressSearchResult,
  type GeocodedAddress,
  type LocatedMunicipality as Municipality,
  type NotificationWall,
  type Task,
  type EmailStatus,
  START_WITH_ROLES,
} from '@permitdesk/core';
import { STEP_VIEW, type FlowStep, type FlowView } from './steps.js';

/** 'Contractor' or 'Do-It-Yourselfer' (SPEC §4.1 startWithRoles, §6 applicant types). */
export type ApplicantRole = (typeof START_WITH_ROLES)[number];
export const CONTRACTOR: ApplicantRole = START_WITH_ROLES[0];
export const DO_IT_YOURSELFER: ApplicantRole = START_WITH_ROLES[1];

/**
 * Where the e-mail step stands: nothing asked yet, a check running, the verification mail sent,
 * the address refused by the verifier, the mailed link being confirmed, or the address verified.
 */
export type EmailCheckStatus = 'idle' | 'checking' | 'sent' | 'rejected' | 'verifying' | 'verified';

export type NoticeKind = 'company' | 'doItYourself';

/** What the global settings decide for the flow (SPEC §9), with the notice texts as stored. */
export interface FlowSettings {
  /** INDIVIDUAL_REQUEST_PERMIT: whether the Do-It-Yourselfer option shows. */
  diyAllowed: boolean;
  companyNoticeOn: boolean;
  diyNoticeOn: boolean;
  /** Notice texts with the {municipalityName} placeholder still in them. */
  companyNotice: NotificationWall | null;
  diyNotice: NotificationWall | null;
}

export interface FlowContext {
  address: AddressSearchResult | null;
  geocodedAddress: GeocodedAddress | null;
  addressLine2: string;
  /** A previous request exists for the same address (the warning with the radar link). */
  similarAddress: boolean;
  municipality: Municipality | null;
  task: Task | null;
  fullName: string;
  phone: string;
  email: string;
  checkStatus: EmailCheckStatus;
  /** The verifier's status of the e-mail, once checked. */
  emailStatus: EmailStatus | null;
  /** The one-time code of this sign-up flow. */
  totp: string | null;
  /** The verification mail was sent again (SPEC §4.1 resend flag). */
  resent: boolean;
  /** The resend spinner (1 s). */
  resending: boolean;
  /** After verification the success text shows at 3 s. */
  verifiedSuccessShown: boolean;
  /** The role the flow started with (a partner page may preset it); restored from the flow record. */
  startWithRoles: ApplicantRole | null;
  /** The role chosen on the select apply type step (or implied by startWithRoles). */
  applicantType: ApplicantRole | null;
  companyName: string;
  /** 'Company name has already been taken...' from the name check or the account creation (issue 18). */
  companyNameError: string | null;
  companyAddress: AddressSearchResult | null;
  companyAddressLine2: string;
  settings: FlowSettings;
  /** Which notice the notice step shows. */
  noticeFor: NoticeKind | null;
  noticeAccepted: boolean;
  /** 'Please check this box if you want to proceed' after Next without the checkbox. */
  noticeError: string | null;
  accountExists: boolean;
  accountVerified: boolean;
  authenticated: boolean;
  /** The challenge of a right password when two-step sign-in is on (issue 18). */
  twoFactorChallenge: string | null;
  /** The permit request form was submitted. */
  submitted: boolean;
}

export interface FlowState {
  view: FlowView;
  step: FlowStep;
  context: FlowContext;
}

export const DEFAULT_FLOW_SETTINGS: FlowSettings = {
  diyAllowed: false,
  companyNoticeOn: false,
  diyNoticeOn: false,
  companyNotice: null,
  diyNotice: null,
};

export interface FlowInit {
  startWithRoles?: ApplicantRole | null;
  authenticated?: boolean;
  settings?: Partial<FlowSettings>;
}

export function initialFlowState(init: FlowInit = {}): FlowState {
  return {
    view: 'lookup',
    step: 'enter-address',
    context: {
      address: null,
      geocodedAddress: null,
      addressLine2: '',
      similarAddress: false,
      municipality: null,
      task: null,
      fullName: '',
      phone: '',
      email: '',
      checkStatus: 'idle',
      emailStatus: null,
      totp: null,
      resent: false,
      resending: false,
      verifiedSuccessShown: false,
      startWithRoles: init.startWithRoles ?? null,
      applicantType: null,
      companyName: '',
      companyNameError: null,
      companyAddress: null,
      companyAddressLine2: '',
      settings: { ...DEFAULT_FLOW_SETTINGS, ...init.settings },
      noticeFor: null,
      noticeAccepted: false,
      noticeError: null,
      accountExists: false,
      accountVerified: false,
      authenticated: init.authenticated ?? false,
      twoFactorChallenge: null,
      submitted: false,
    },
  };
}

/** The state at another step, its view following from the step. */
export const at = (state: FlowState, step: FlowStep, context: Partial<FlowContext> = {}): FlowState => ({
  view: STEP_VIEW[step],
  step,
  context: { ...state.context, ...context },
});
