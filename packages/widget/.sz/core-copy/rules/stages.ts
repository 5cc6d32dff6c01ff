// Permit stages (SPEC §4.3): one table that the server seeds GET /permit-stages from and that every
// status, progress and triage rule reads. Stages 60, 70, 71, 72 and 75 are the SPEC's; the normal stages
// below 60 are our own numbering, spaced by ten so that stages can be added between them later.
import type { PermitStage } from '../schemas/lookup.js';

/** Stage numbers by name. */
export const STAGE = {
  Requested: 10,
  Processing: 20,
  Submitted: 30,
  Approved: 40,
  /** The permit is issued. */
  Open: 50,
  /** On hold. */
  Pending: 52,
  Canceled: 55,
  Closed: 60,
  /** The 'permit needed?' question waits for an answer. */
  Unsorted: 70,
  NoPermit: 71,
  NoPermitNeeded: 72,
  PendingCancellation: 75,
} as const;
export type StageNumber = (typeof STAGE)[keyof typeof STAGE];

/** Every status a permit can show: one per stage, plus 'expired' (derived) and 'unknown'. */
export const PERMIT_STATUSES = [
  'requested',
  'processing',
  'submitted',
  'approved',
  'open',
  'expired',
  'closed',
  'pending',
  'canceled',
  'pending cancellation',
  'unsorted',
  'no permit',
  'no permit needed',
  'unknown',
] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];

export interface PermitStageEntry extends PermitStage {
  stage: StageNumber;
  /** The status a permit at this stage shows before the derived rules (expiry, inspections) apply. */
  status: PermitStatus;
}

/** The stage list in stage order. GET /permit-stages answers { stage, name } from this table. */
export const PERMIT_STAGES: readonly PermitStageEntry[] = [
  { stage: STAGE.Requested, name: 'Requested', status: 'requested' },
  { stage: STAGE.Processing, name: 'Processing', status: 'processing' },
  { stage: STAGE.Submitted, name: 'Submitted', status: 'submitted' },
  { stage: STAGE.Approved, name: 'Approved', status: 'approved' },
  { stage: STAGE.Open, name: 'Open', status: 'open' },
  { stage: STAGE.Pending, name: 'Pending', status: 'pending' },
  { stage: STAGE.Canceled, name: 'Canceled', status: 'canceled' },
  { stage: STAGE.Closed, name: 'Closed', status: 'closed' },
  { stage: STAGE.Unsorted, name: 'Unsorted', status: 'unsorted' },
  { stage: STAGE.NoPermit, name: 'No Permit', status: 'no permit' },
  { stage: STAGE.NoPermitNeeded, name: 'No Permit Needed', status: 'no permit needed' },
  { stage: STAGE.PendingCancellation, name: 'Pending Cancellation', status: 'pending cancellation' },
];

const byStage = new Map<number, PermitStageEntry>(PERMIT_STAGES.map((entry) => [entry.stage, entry]));

/** The table entry of a stage, or undefined for a stage we do not know. */
export const stageEntry = (stage: number): PermitStageEntry | undefined => byStage.get(stage);
/** The stage's name ('Open'), or 'Unknown' for a stage we do not know. */
export const stageName = (stage: number): string => byStage.get(stage)?.name ?? 'Unknown';
/** The stage's own status; derivePermitStatus adds expiry and inspections on top. */
export const stageStatus = (stage: number): PermitStatus => byStage.get(stage)?.status ?? 'unknown';

/** Stage 70: the radar asks 'permit needed?'. */
export const isTriage = (stage: number): boolean => stage === STAGE.Unsorted;
/** Stages 71 and 72: the project was answered out of the permit flow. */
export const isNoPermit = (stage: number): boolean => stage === STAGE.NoPermit || stage === STAGE.NoPermitNeeded;
export const isPendingCancellation = (stage: number): boolean => stage === STAGE.PendingCancellation;
export const isClosed = (stage: number): boolean => stage === STAGE.Closed;
/** SPEC §4.3: stages below 70 are the normal permit life cycle (60 Closed included). */
export const isNormalStage = (stage: number): boolean => stage < STAGE.Unsorted;

/**
 * Stage-70 triage: the stage each button of the 'permit needed?' question sends.
 *
 * The SPEC's notes say the Yes button sends the second value (71, 'No Permit') and the No button the
 * third (72, 'No Permit Needed'), so label and value look crossed. Read as written it still makes sense:
 * Yes = "a permit is needed but none exists yet" (71), No = "no permit is needed" (72), and marking no
 * permit needed is what shows TRIAGE_MARKED_NO_PERMIT_MESSAGE. That is the reading we implement.
 * The other reading (Yes → 72, No → 71) is kept as TRIAGE_CROSSED so tests and the README can name both.
 */
export const TRIAGE = { yes: STAGE.NoPermit, no: STAGE.NoPermitNeeded, undo: STAGE.Unsorted } as const;
/** The crossed reading of the same notes, not used by the product. */
export const TRIAGE_CROSSED = { yes: STAGE.NoPermitNeeded, no: STAGE.NoPermit, undo: STAGE.Unsorted } as const;
export type TriageChoice = keyof typeof TRIAGE;

/** Shown after the No choice marks a project as not needing a permit (SPEC §4.3). */
export const TRIAGE_MARKED_NO_PERMIT_MESSAGE = 'The project has been marked as no permit needed.';
/** Where the user goes after any triage change (SPEC §4.3). */
export const TRIAGE_REDIRECT = '/project-radar';

/** The stage a triage button sends. */
export const triageStage = (choice: TriageChoice): StageNumber => TRIAGE[choice];
/** The message to show after a triage choice, if any: only marking no permit needed has one. */
export const triageMessage = (choice: TriageChoice): string | null =>
  choice === 'no' ? TRIAGE_MARKED_NO_PERMIT_MESSAGE : null;
/** Undo is offered once a project has left stage 70 for 71 or 72. */
export const canUndoTriage = (stage: number): boolean => isNoPermit(stage);
