// Which actions a radar row offers (SPEC §2.7, §4.3), decided from its stage by core's stage rules.
import {
  canUndoTriage,
  cancellationLabel,
  dataCollectionUrl,
  isNoPermit,
  isTriage,
  projectPermitUrl,
  STAGE,
  type ProjectSearchRow,
} from '@permitdesk/core';

export type RowAction =
  /** Stage 70: 'Permit needed?' Yes / No (core's TRIAGE values). */
  | { kind: 'triage'; choice: 'yes' | 'no'; label: string }
  | { kind: 'undo'; label: string }
  /** Form 31 in the permit application modal. */
  | { kind: 'apply'; label: string }
  /** A link into the project: the project page or the data collection. */
  | { kind: 'enter'; label: string; to: string }
  /** Form 50 in the cancellation modal. */
  | { kind: 'request-cancellation'; label: string }
  | { kind: 'dismiss'; label: string };

export const ACTION_LABELS = {
  yes: 'Yes',
  no: 'No',
  undo: 'Undo',
  apply: 'Apply for Permit',
  enter: 'View Project',
  enterData: 'Enter Permit Data',
  dismiss: 'Dismiss',
  triageQuestion: 'Permit needed?',
  noPermitNeeded: 'No Permit Needed',
} as const;

/** A request can be made while the permit is alive: not canceled, not closed. */
const canRequestCancellation = (stage: number): boolean =>
  stage < STAGE.Closed && stage !== STAGE.Canceled;

/**
 * The actions of a row, in display order. `cancellationRequested` is the per-permit check of SPEC §4.3
 * (for stage 75) or the row's own flag. Our reading of the stages:
 *  - 70 (the 'permit needed?' question): Yes / No, and the data collection of the project;
 *  - 71 (a permit is needed, none through us yet): apply for it with form 31, or enter the permit the
 *    customer pulled in the data collection; Undo back to 70;
 *  - 72 (no permit needed): Undo back to 70;
 *  - every other stage is a permit with us: enter the project, and request its cancellation unless it
 *    is canceled or closed; once a request exists the row reads 'View Project (Requested cancellation)'.
 * Every row can be dismissed from the radar.
 */
export function rowActions(row: Pick<ProjectSearchRow, 'id' | 'projectId' | 'stage'>, cancellationRequested: boolean): RowAction[] {
  const { stage } = row;
  const actions: RowAction[] = [];
  const project = projectPermitUrl(row.projectId, row.id);
  if (isTriage(stage)) {
    actions.push({ kind: 'triage', choice: 'yes', label: ACTION_LABELS.yes }, { kind: 'triage', choice: 'no', label: ACTION_LABELS.no });
    actions.push({ kind: 'enter', label: ACTION_LABELS.enterData, to: dataCollectionUrl(row.projectId, row.id) });
  } else if (isNoPermit(stage)) {
    if (stage === STAGE.NoPermit) {
      actions.push({ kind: 'apply', label: ACTION_LABELS.apply });
      actions.push({ kind: 'enter', label: ACTION_LABELS.enterData, to: dataCollectionUrl(row.projectId, row.id) });
    }
    if (canUndoTriage(stage)) actions.push({ kind: 'undo', label: ACTION_LABELS.undo });
  } else if (cancellationRequested) {
    actions.push({ kind: 'enter', label: cancellationLabel(true), to: project });
  } else {
    actions.push({ kind: 'enter', label: ACTION_LABELS.enter, to: project });
    if (canRequestCancellation(stage) || stage === STAGE.PendingCancellation) {
      actions.push({ kind: 'request-cancellation', label: cancellationLabel(false) });
    }
  }
  actions.push({ kind: 'dismiss', label: ACTION_LABELS.dismiss });
  return actions;
}
