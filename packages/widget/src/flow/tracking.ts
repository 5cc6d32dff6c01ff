// Which tracked workflow steps (SPEC §2.10) a transition completes.
import { CONTRACTOR } from './state.js';
import type { FlowState } from './state.js';
import type { TrackedStep } from './steps.js';
import type { FlowEvent } from './transition.js';

export function trackedSteps(previous: FlowState, event: FlowEvent, next: FlowState): TrackedStep[] {
  const out: TrackedStep[] = [];
  // A role is chosen on the select-type step, or implied by startWithRoles after verification.
  const roleEvent = event.type === 'APPLY_TYPE_CHOSEN' || event.type === 'VERIFIED_ADVANCE';
  if (roleEvent && next !== previous && next.context.applicantType) {
    out.push(next.context.applicantType === CONTRACTOR ? 'contractor' : 'do-it-yourselfer');
  }
  if (event.type === 'ACCOUNT_FOUND') out.push('existing-customer');
  if (event.type === 'AUTHENTICATED') {
    if (previous.step === 'enter-password') out.push('sign-in');
    if (previous.step === 'create-password') out.push('sign-up');
  }
  if (next.view === 'form' && previous.view !== 'form') out.push('permit-started');
  if (next.context.submitted && !previous.context.submitted) out.push('success-page');
  return out;
}
