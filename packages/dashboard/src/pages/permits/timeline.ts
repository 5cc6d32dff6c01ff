// The permit page's timeline: the stages of the permit's life with the date each was reached, from the
// stage history the API answers (oldest first), and from createdAt / issuedAt where history is missing.
import { STAGE, isNoPermit, isTriage, stageName, type Permit, type PermitStageHistoryEntry } from '@permitdesk/core';

export type TimelineState = 'done' | 'current' | 'upcoming';
export interface TimelineEntry {
  stage: number;
  name: string;
  state: TimelineState;
  /** When the stage was (last) reached; null when unknown or not yet. */
  at: string | null;
  note: string | null;
}

/** The normal life of a permit, SPEC §4.3's stages below 70 in order. */
export const MAIN_STAGES: readonly number[] = [STAGE.Requested, STAGE.Processing, STAGE.Submitted, STAGE.Approved, STAGE.Open, STAGE.Closed];
/** Side stages: the permit leaves the main line for them. */
const SIDE_STAGES: readonly number[] = [STAGE.Pending, STAGE.Canceled, STAGE.PendingCancellation];

type TimelinePermit = Pick<Permit, 'stage' | 'createdAt' | 'issuedAt'> & { stageHistory?: PermitStageHistoryEntry[] | undefined };

/** `nameOf` names a stage: the server's stage list (data/reference-data.ts), core's names by default. */
export function permitTimeline(permit: TimelinePermit, nameOf: (stage: number) => string = stageName): TimelineEntry[] {
  const history = permit.stageHistory ?? [];
  const last = new Map<number, PermitStageHistoryEntry>();
  for (const entry of history) last.set(entry.stage, entry);
  const dateOf = (stage: number): string | null =>
    last.get(stage)?.changedAt ?? (stage === STAGE.Requested ? permit.createdAt : stage === STAGE.Open ? permit.issuedAt : null);
  const entry = (stage: number, state: TimelineState): TimelineEntry => ({
    stage,
    name: last.get(stage)?.name ?? nameOf(stage),
    state,
    at: state === 'upcoming' ? null : dateOf(stage),
    note: state === 'upcoming' ? null : (last.get(stage)?.note ?? null),
  });
  const current = permit.stage;

  if (isTriage(current) || isNoPermit(current)) {
    const steps = [entry(STAGE.Unsorted, isTriage(current) ? 'current' : 'done')];
    if (!isTriage(current)) steps.push(entry(current, 'current'));
    return steps;
  }
  if (MAIN_STAGES.includes(current)) {
    return MAIN_STAGES.map((stage) => entry(stage, stage < current ? 'done' : stage === current ? 'current' : 'upcoming'));
  }
  if (SIDE_STAGES.includes(current)) {
    // Where on the main line the permit was when it left it: the last main stage in its history.
    const reached = [...history].reverse().find((h) => MAIN_STAGES.includes(h.stage))?.stage ?? STAGE.Requested;
    const done = MAIN_STAGES.filter((stage) => stage <= reached).map((stage) => entry(stage, 'done'));
    const rest = current === STAGE.Canceled ? [] : MAIN_STAGES.filter((stage) => stage > reached).map((stage) => entry(stage, 'upcoming'));
    return [...done, entry(current, 'current'), ...rest];
  }
  return [entry(current, 'current')];
}
