// What the widget reads off the flow state (SPEC §2.5): progress, titles, which buttons show, the
// modal height and the map view. Pure functions of the state.
import { substituteMunicipality, type NotificationWall } from '@permitdesk/core';
import {
  canContinueAddress,
  canContinueCompany,
  canContinueNamePhone,
  canContinueTask,
  isDiyOffered,
} from './guards.js';
import type { FlowState } from './state.js';
import type { FlowStep } from './steps.js';

/** Progress per step, in percent (SPEC §2.5). The form, the end of the flow, is 100. */
export const STEP_PROGRESS: Readonly<Record<FlowStep, number>> = {
  'enter-address': 25,
  'select-task': 50,
  'enter-name-phone-number': 75,
  'enter-email': 82,
  'verify-email': 78,
  'enter-apply-type': 85,
  'apply-contractor': 89,
  'important-notice': 87,
  'create-password': 95,
  'enter-password': 97,
  'reset-password': 82,
  'enter-two-factor-code': 98,
  'permit-form': 100,
};

/**
 * Step titles, in the SPEC's words. The e-mail step has no title of its own in the SPEC, only its
 * 'Email Address' field, which serves as its heading; the notice takes its configured title.
 */
export const STEP_TITLES = {
  'enter-address': 'Where is the work to be performed?',
  'select-task': 'What type of work are you doing?',
  'enter-name-phone-number': 'Tell us about yourself.',
  'enter-email': 'Email Address',
  'verify-email': 'Hang tight while we verify',
  'enter-apply-type': 'Are you applying as a contractor, or do-it-yourselfer?',
  'apply-contractor': 'Tell us about your company',
  'create-password': 'Create a password.',
  'enter-password': 'Enter your password.',
  'reset-password': 'Reset Your Password.',
  'enter-two-factor-code': 'Enter your sign-in code.',
} as const satisfies Partial<Record<FlowStep, string>>;

/** Labels of the e-mail step's button (SPEC §2.5). */
export const EMAIL_BUTTON_LABELS = {
  validate: 'Validate Email',
  resend: 'Resend email',
  another: 'Enter another email',
} as const;

export const progress = (state: FlowState): number => STEP_PROGRESS[state.step];

/** The notice wall the notice step shows, with {municipalityName} filled in; null when none is set. */
export function noticeText(state: FlowState): NotificationWall | null {
  const { settings, noticeFor, municipality } = state.context;
  const wall = noticeFor === 'company' ? settings.companyNotice : noticeFor === 'doItYourself' ? settings.diyNotice : null;
  return wall ? substituteMunicipality(wall, municipality?.name ?? '') : null;
}

/** The step's heading; the permit form's is '{municipality} {task} Application' (SPEC §2.8). */
export function title(state: FlowState): string | null {
  const { step, context } = state;
  if (step === 'important-notice') return noticeText(state)?.titleHeaderForm ?? null;
  if (step === 'permit-form') {
    const parts = [context.municipality?.name, context.task?.name].filter(Boolean);
    return parts.length ? `${parts.join(' ')} Application` : null;
  }
  return STEP_TITLES[step];
}

export interface FlowButtons {
  next: boolean;
  back: boolean;
  /** The Do-It-Yourselfer choice on the select apply type step. */
  diy: boolean;
}

/** Which buttons show on the current step. */
export function buttons(state: FlowState): FlowButtons {
  const c = state.context;
  const next: Partial<Record<FlowStep, boolean>> = {
    'enter-address': canContinueAddress(c),
    'select-task': canContinueTask(c),
    'enter-name-phone-number': canContinueNamePhone(c),
    'apply-contractor': canContinueCompany(c),
    'important-notice': true,
  };
  return {
    next: next[state.step] ?? false,
    back: !['enter-address', 'permit-form'].includes(state.step),
    diy: state.step === 'enter-apply-type' && isDiyOffered(c),
  };
}

/** The e-mail step's button: validate, resend after the mail went out, another after a refusal. */
export function emailButtonLabel(state: FlowState): string {
  const status = state.context.checkStatus;
  if (status === 'sent') return EMAIL_BUTTON_LABELS.resend;
  if (status === 'rejected') return EMAIL_BUTTON_LABELS.another;
  return EMAIL_BUTTON_LABELS.validate;
}

/** The e-mail input is disabled while a check is in progress (and while the resend spinner turns). */
export const emailInputDisabled = (state: FlowState): boolean =>
  state.context.checkStatus === 'checking' || state.context.resending;

/** Modal heights (SPEC §2.5). */
export const MODAL_HEIGHTS = {
  noAddress: 490,
  withAddress: 765,
  similarAddress: 810,
  /** The notice forms: the do-it-yourself notice is the shorter one, the company notice the taller. */
  diyNotice: 720,
  companyNotice: 820,
} as const;

export function modalHeight(state: FlowState): number {
  const c = state.context;
  if (state.step === 'important-notice') return c.noticeFor === 'company' ? MODAL_HEIGHTS.companyNotice : MODAL_HEIGHTS.diyNotice;
  if (!c.address) return MODAL_HEIGHTS.noAddress;
  return c.similarAddress ? MODAL_HEIGHTS.similarAddress : MODAL_HEIGHTS.withAddress;
}

export interface MapView {
  center: { lat: number; lng: number };
  zoom: number;
  marker: { lat: number; lng: number } | null;
}

/** The continental US, where the map starts (SPEC §2.5). */
export const DEFAULT_MAP_VIEW: MapView = { center: { lat: 39.83, lng: -98.59 }, zoom: 3, marker: null };
export const MAP_ZOOM = { address: 6, marker: 12 } as const;

/**
 * Default view with no address; zoom 6 on a chosen address while it is not geocoded yet; zoom 12
 * with a marker once the geocoded point is known.
 */
export function mapView(state: FlowState): MapView {
  const { address, geocodedAddress } = state.context;
  if (geocodedAddress) {
    const point = { lat: geocodedAddress.latitude, lng: geocodedAddress.longitude };
    return { center: point, zoom: MAP_ZOOM.marker, marker: point };
  }
  if (address) return { center: { lat: address.center[1], lng: address.center[0] }, zoom: MAP_ZOOM.address, marker: null };
  return DEFAULT_MAP_VIEW;
}
