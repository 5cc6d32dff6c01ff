// The homeowner's status page (issue 16): the words it shows beyond core's stage names and status
// messages (which it reuses): each status as a title, each inspection's state, and what happens next and
// roughly when, from the municipality's typical turnaround for the task when the directory knows it.
import type { PermitInspection } from '../schemas/permit.js';
import type { PermitStatus } from './stages.js';

const DAY_MS = 86_400_000;

/** 'pending cancellation' → 'Pending cancellation'. */
export const statusTitle = (status: PermitStatus): string => status.charAt(0).toUpperCase() + status.slice(1);

export const INSPECTION_STATE_LABELS: Readonly<Record<PermitInspection['status'], string>> = {
  open: 'Not scheduled yet',
  scheduled: 'Scheduled',
  passed: 'Passed',
  failed: 'Failed',
  canceled: 'Canceled',
};

export interface NextStepInput {
  status: PermitStatus;
  municipalityName: string;
  /** When the permit entered its current stage. */
  stageEnteredAt: Date;
  /** The municipality's typical turnaround for this task, in days (municipality directory), if known. */
  turnaroundDays: number | null;
  inspections: readonly { name: string; status: PermitInspection['status']; scheduledAt: string | null }[];
  expiresAt: string | null;
}

export interface NextStep {
  text: string;
  expectedBy: string | null;
  turnaroundDays: number | null;
}

/** What happens next, in one sentence, and roughly when (an ISO time) when that can be said. */
export function nextStep(input: NextStepInput): NextStep {
  const { status, municipalityName: town, turnaroundDays } = input;
  const afterTurnaround = turnaroundDays === null ? null : new Date(input.stageEnteredAt.getTime() + turnaroundDays * DAY_MS).toISOString();
  const none = (text: string): NextStep => ({ text, expectedBy: null, turnaroundDays: null });
  switch (status) {
    case 'requested':
    case 'processing':
      return {
        text: `The permit team prepares the application and files it with ${town}.${turnaroundDays === null ? '' : ` ${town} usually decides within ${turnaroundDays} days of filing.`}`,
        expectedBy: null,
        turnaroundDays,
      };
    case 'submitted':
      return turnaroundDays === null
        ? none(`${town} reviews the application. You will see the decision here.`)
        : { text: `${town} reviews the application; it usually takes about ${turnaroundDays} days.`, expectedBy: afterTurnaround, turnaroundDays };
    case 'approved':
      return none('The permit fee is paid, then the permit is issued and work may begin.');
    case 'open': {
      const scheduled = input.inspections.filter((i) => i.status === 'scheduled' && i.scheduledAt).sort((a, b) => a.scheduledAt!.localeCompare(b.scheduledAt!))[0];
      if (scheduled) return { text: `Next: the ${scheduled.name} inspection.`, expectedBy: scheduled.scheduledAt, turnaroundDays: null };
      const open = input.inspections.find((i) => i.status === 'open' || i.status === 'failed');
      if (open) return none(`Next: the ${open.name} inspection is booked when the work is ready for it.`);
      return { text: 'Work goes on; the permit is closed once the work is finished and inspected.', expectedBy: input.expiresAt, turnaroundDays: null };
    }
    case 'expired':
      return none('A new permit (or an extension) is needed before the work can go on. Your contractor will tell you how.');
    case 'closed':
      return none('Nothing more: the permit is closed.');
    case 'pending':
    case 'pending cancellation':
      return none('The permit team will be in touch with your contractor.');
    default:
      return none('Your contractor will keep you posted.');
  }
}
