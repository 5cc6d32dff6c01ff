import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { permitStageSchema } from '../schemas/lookup.js';
import {
  PERMIT_STAGES,
  TRIAGE,
  TRIAGE_CROSSED,
  canUndoTriage,
  isClosed,
  isNoPermit,
  isNormalStage,
  isPendingCancellation,
  isTriage,
  stageName,
  stageStatus,
  triageMessage,
  triageStage,
  TRIAGE_REDIRECT,
} from './stages.js';

describe('PERMIT_STAGES', () => {
  it('holds the SPEC §4.3 stage numbers with their names', () => {
    const names = Object.fromEntries(PERMIT_STAGES.map((s) => [s.stage, s.name]));
    expect(names).toMatchObject({ 70: 'Unsorted', 71: 'No Permit', 72: 'No Permit Needed', 75: 'Pending Cancellation', 60: 'Closed' });
    expect(names).toMatchObject({ 10: 'Requested', 20: 'Processing', 30: 'Submitted', 40: 'Approved', 50: 'Open', 52: 'Pending', 55: 'Canceled' });
    expect(PERMIT_STAGES).toHaveLength(12);
  });

  it('has unique stages in ascending order, each a valid permit-stage list entry', () => {
    const stages = PERMIT_STAGES.map((s) => s.stage);
    expect(new Set(stages).size).toBe(stages.length);
    expect([...stages].sort((a, b) => a - b)).toEqual(stages);
    for (const entry of PERMIT_STAGES) expect(v.is(permitStageSchema, entry)).toBe(true);
  });

  it('maps each stage to its own status', () => {
    expect(stageStatus(50)).toBe('open');
    expect(stageStatus(75)).toBe('pending cancellation');
    expect(stageStatus(72)).toBe('no permit needed');
    expect(stageStatus(999)).toBe('unknown');
    expect(stageName(999)).toBe('Unknown');
    expect(stageName(60)).toBe('Closed');
  });
});

describe('stage predicates', () => {
  it('recognises the special stages', () => {
    expect(isTriage(70)).toBe(true);
    expect(isTriage(71)).toBe(false);
    expect([71, 72].every(isNoPermit)).toBe(true);
    expect([70, 75, 60].some(isNoPermit)).toBe(false);
    expect(isPendingCancellation(75)).toBe(true);
    expect(isClosed(60)).toBe(true);
    expect(isNormalStage(50)).toBe(true);
    expect(isNormalStage(60)).toBe(true);
    expect(isNormalStage(70)).toBe(false);
  });
});

describe('stage-70 triage', () => {
  it('sends 71 for Yes, 72 for No and 70 for Undo (the notes as written)', () => {
    expect(TRIAGE).toEqual({ yes: 71, no: 72, undo: 70 });
    expect(triageStage('yes')).toBe(71);
    expect(triageStage('no')).toBe(72);
    expect(triageStage('undo')).toBe(70);
  });

  it('keeps the crossed reading too, with the same Undo', () => {
    expect(TRIAGE_CROSSED).toEqual({ yes: 72, no: 71, undo: 70 });
  });

  it('shows the SPEC message only when marking no permit needed, then returns to the radar', () => {
    expect(triageMessage('no')).toBe('The project has been marked as no permit needed.');
    expect(triageMessage('yes')).toBeNull();
    expect(triageMessage('undo')).toBeNull();
    expect(TRIAGE_REDIRECT).toBe('/project-radar');
  });

  it('offers Undo only once the project left stage 70 for 71 or 72', () => {
    expect(canUndoTriage(71)).toBe(true);
    expect(canUndoTriage(72)).toBe(true);
    expect(canUndoTriage(70)).toBe(false);
    expect(canUndoTriage(50)).toBe(false);
  });
});
