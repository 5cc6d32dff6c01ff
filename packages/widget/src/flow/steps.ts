// The views and steps of the lookup and sign-up modal (SPEC §2.5, §2.10), and the workflow steps
// that are tracked.

/** View order (SPEC §2.5): lookup, task_selection, loginOrSignup, form. */
export const FLOW_VIEWS = ['lookup', 'task_selection', 'loginOrSignup', 'form'] as const;
export type FlowView = (typeof FLOW_VIEWS)[number];

/** The sign-up and sign-in step names of SPEC §2.10, as written. */
export const SIGNUP_STEP_NAMES = [
  'enter-email',
  'verify-email',
  'enter-password',
  'enter-name-phone-number',
  'enter-apply-type',
  'apply-contractor',
  'apply-do-it-yourself',
  'create-password',
  'reset-password',
  'important-notice',
] as const;
export type SignupStepName = (typeof SIGNUP_STEP_NAMES)[number];

/**
 * Every step the machine can be in: the address and task steps, the sign-up steps, the form.
 * 'apply-do-it-yourself' names the do-it-yourself choice; it has no screen of its own (a DIY applicant
 * goes straight to the notice or to create password, SPEC §4.1), so the machine never rests there.
 */
export const FLOW_STEPS = [
  'enter-address',
  'select-task',
  'enter-name-phone-number',
  'enter-email',
  'verify-email',
  'enter-apply-type',
  'apply-contractor',
  'important-notice',
  'create-password',
  'enter-password',
  'reset-password',
  /** Two-step sign-in (issue 18): the code of the authenticator app, or a recovery code. */
  'enter-two-factor-code',
  'permit-form',
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** Which view shows each step. */
export const STEP_VIEW: Readonly<Record<FlowStep, FlowView>> = {
  'enter-address': 'lookup',
  'select-task': 'task_selection',
  'enter-name-phone-number': 'loginOrSignup',
  'enter-email': 'loginOrSignup',
  'verify-email': 'loginOrSignup',
  'enter-apply-type': 'loginOrSignup',
  'apply-contractor': 'loginOrSignup',
  'important-notice': 'loginOrSignup',
  'create-password': 'loginOrSignup',
  'enter-password': 'loginOrSignup',
  'reset-password': 'loginOrSignup',
  'enter-two-factor-code': 'loginOrSignup',
  'permit-form': 'form',
};

/** Tracked workflow steps (SPEC §2.10): core's one list (the server records them, the permit team reads the funnel). */
export { TRACKED_STEPS, type TrackedStep } from '@permitdesk/core';

/** The permit request form the modal ends on (SPEC §2.5 point 5, §9). */
export const SERVICE_REQUEST_FORM_ID = 52;
