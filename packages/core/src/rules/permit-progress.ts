// What the radar's progress bar shows for a status (SPEC §4.3): percentage, colour, stripes, message,
// and the cancellation action label.
import type { Permit } from '../schemas/permit.js';
import type { DateInput, TimeZoneOption } from './date-parts.js';
import { daysToExpiry, derivePermitStatus } from './permit-status.js';
import type { PermitStatusInput } from './permit-status.js';
import { TRIAGE_MARKED_NO_PERMIT_MESSAGE, type PermitStatus } from './stages.js';

/** Progress bar percentages; every status not listed is 100 (SPEC §4.3). */
export const PROGRESS_BY_STATUS: Partial<Record<PermitStatus, number>> = {
  requested: 16.66,
  processing: 33.33,
  submitted: 50,
  approved: 66.66,
  open: 83.33,
};
export const progressOf = (status: PermitStatus): number => PROGRESS_BY_STATUS[status] ?? 100;

/** Bar colours: theme names ('info', 'success', 'warning', 'danger', 'secondary') plus 'red' and 'gold'. */
export type ProgressColour = 'info' | 'success' | 'warning' | 'danger' | 'red' | 'gold' | 'secondary';

/** The statuses whose bar is striped: work is still with us or the municipality (SPEC §4.3). */
export const STRIPED_STATUSES: readonly PermitStatus[] = ['requested', 'processing', 'submitted'];
export const isStriped = (status: PermitStatus): boolean => STRIPED_STATUSES.includes(status);

/**
 * The bar colour of a status. SPEC §4.3 gives requested/processing/submitted info (striped), approved
 * info, pending warning, expired red, canceled danger, open gold past the estimated completion date
 * and success before it. Our choices for the rest: closed success (the work is done, 'Keep up the
 * good work!'); pending cancellation warning (it waits on us, like pending, and is not canceled yet);
 * unsorted, no permit, no permit needed and unknown secondary (neutral grey: no permit in progress).
 */
export function progressColour(status: PermitStatus, pastEstimatedCompletion = false): ProgressColour {
  switch (status) {
    case 'requested':
    case 'processing':
    case 'submitted':
    case 'approved':
      return 'info';
    case 'pending':
    case 'pending cancellation':
      return 'warning';
    case 'expired':
      return 'red';
    case 'canceled':
      return 'danger';
    case 'open':
      return pastEstimatedCompletion ? 'gold' : 'success';
    case 'closed':
      return 'success';
    default:
      return 'secondary';
  }
}

export const UNKNOWN_STATUS_MESSAGE = 'Unknown Status';
export const CLOSED_STATUS_MESSAGE = 'Keep up the good work!';

/** The status line under the bar (SPEC §4.3), as short friendly sentences. */
export const STATUS_MESSAGES: Partial<Record<PermitStatus, string>> = {
  requested: 'We have received your permit request. Processing will begin soon.',
  processing: 'Your permit is being processed. We will notify you as soon as it moves forward.',
  submitted: 'Your permit has been submitted to the municipality and is pending approval.',
  approved: 'Your permit has been approved and is awaiting payment to be submitted.',
  open: 'Your permit is open. Work may begin!',
  expired: 'Your permit has expired. Work cannot be completed until a new permit is issued.',
  closed: CLOSED_STATUS_MESSAGE,
  pending: 'Your permit is temporarily on hold. Please contact us.',
  canceled: 'Your permit has been canceled. Please contact us if you are unsure why.',
  // Not in SPEC §4.3's list (which says 'Unknown Status' otherwise); a known stage deserves a real sentence.
  'pending cancellation': 'Your cancellation request has been received. The permit team will confirm it shortly.',
  unsorted: 'Does this project need a permit? Tell us, or apply for one.',
  'no permit': 'This project needs a permit. Apply for one when you are ready.',
  'no permit needed': TRIAGE_MARKED_NO_PERMIT_MESSAGE,
};
export const statusMessage = (status: PermitStatus): string => STATUS_MESSAGES[status] ?? UNKNOWN_STATUS_MESSAGE;

export const REQUEST_CANCELLATION_LABEL = 'Request Cancellation';
export const CANCELLATION_REQUESTED_LABEL = 'View Project (Requested cancellation)';
/** The cancellation action of a radar row: a request already made is viewed, not made again (SPEC §4.3). */
export const cancellationLabel = (cancellationRequested: boolean): string =>
  cancellationRequested ? CANCELLATION_REQUESTED_LABEL : REQUEST_CANCELLATION_LABEL;

/** Open permits turn gold once the calendar day of the estimated completion date has passed. */
export const isPastEstimatedCompletion = (
  estCompletionAt: DateInput | null | undefined,
  now: DateInput,
  options: TimeZoneOption = {},
): boolean => {
  const days = daysToExpiry(estCompletionAt, now, options);
  return days !== null && days < 0;
};

export interface PermitStatusView {
  status: PermitStatus;
  progress: number;
  colour: ProgressColour;
  striped: boolean;
  message: string;
  cancellationLabel: string;
}

export interface PermitStatusViewInput extends PermitStatusInput {
  estCompletionAt?: DateInput | null;
  cancellationRequested?: Permit['cancellationRequested'];
}

/**
 * Everything one radar row shows about a permit's status. `cancellationRequested` (from the per-permit
 * check of SPEC §4.3) wins over the permit's own flag when given.
 */
export function permitStatusView(
  permit: PermitStatusViewInput,
  now: DateInput,
  options: TimeZoneOption & { cancellationRequested?: boolean } = {},
): PermitStatusView {
  const status = derivePermitStatus(permit, now, options);
  return {
    status,
    progress: progressOf(status),
    colour: progressColour(status, isPastEstimatedCompletion(permit.estCompletionAt, now, options)),
    striped: isStriped(status),
    message: statusMessage(status),
    cancellationLabel: cancellationLabel(options.cancellationRequested ?? permit.cancellationRequested ?? false),
  };
}
