// The permit timeline from the stage history (oldest first), for the main line, side stages and triage.
import type { PermitStageHistoryEntry } from '@permitdesk/core';
import { describe, expect, it } from 'vitest';
import { permitTimeline } from './timeline.js';

let nextId = 1;
const h = (stage: number, name: string, changedAt: string, note: string | null = null): PermitStageHistoryEntry => ({
  id: nextId++, stage, name, fromStage: null, changedAt, changedBy: 'permit_team', note,
});
const base = { createdAt: '2026-01-02T10:00:00.000Z', issuedAt: null };
const view = (entries: ReturnType<typeof permitTimeline>) => entries.map((e) => [e.stage, e.state, e.at]);

describe('permitTimeline', () => {
  it('walks the main line: done up to the current stage with their dates, upcoming after', () => {
    const stageHistory = [h(10, 'Requested', '2026-01-02T10:00:00.000Z'), h(20, 'Processing', '2026-01-03T09:00:00.000Z'), h(30, 'Submitted', '2026-01-05T09:00:00.000Z', 'Sent to the city')];
    const entries = permitTimeline({ ...base, stage: 30, stageHistory });
    expect(view(entries)).toEqual([
      [10, 'done', '2026-01-02T10:00:00.000Z'],
      [20, 'done', '2026-01-03T09:00:00.000Z'],
      [30, 'current', '2026-01-05T09:00:00.000Z'],
      [40, 'upcoming', null],
      [50, 'upcoming', null],
      [60, 'upcoming', null],
    ]);
    expect(entries.map((e) => e.name)).toEqual(['Requested', 'Processing', 'Submitted', 'Approved', 'Open', 'Closed']);
    expect(entries[2]?.note).toBe('Sent to the city');
  });

  it('dates Requested by createdAt and Open by issuedAt when there is no history', () => {
    const entries = permitTimeline({ createdAt: '2026-01-02T10:00:00.000Z', issuedAt: '2026-02-01T10:00:00.000Z', stage: 50 });
    expect(view(entries).slice(0, 5)).toEqual([
      [10, 'done', '2026-01-02T10:00:00.000Z'],
      [20, 'done', null],
      [30, 'done', null],
      [40, 'done', null],
      [50, 'current', '2026-02-01T10:00:00.000Z'],
    ]);
  });

  it('branches off the main line for a cancellation request, keeping what follows as upcoming', () => {
    const stageHistory = [h(10, 'Requested', '2026-01-02T10:00:00.000Z'), h(20, 'Processing', '2026-01-03T09:00:00.000Z'), h(75, 'Pending Cancellation', '2026-01-04T09:00:00.000Z')];
    expect(view(permitTimeline({ ...base, stage: 75, stageHistory }))).toEqual([
      [10, 'done', '2026-01-02T10:00:00.000Z'],
      [20, 'done', '2026-01-03T09:00:00.000Z'],
      [75, 'current', '2026-01-04T09:00:00.000Z'],
      [30, 'upcoming', null],
      [40, 'upcoming', null],
      [50, 'upcoming', null],
      [60, 'upcoming', null],
    ]);
  });

  it('ends at Canceled', () => {
    const stageHistory = [h(10, 'Requested', '2026-01-02T10:00:00.000Z'), h(75, 'Pending Cancellation', '2026-01-04T09:00:00.000Z'), h(55, 'Canceled', '2026-01-05T09:00:00.000Z')];
    expect(view(permitTimeline({ ...base, stage: 55, stageHistory })).map(([stage, state]) => [stage, state])).toEqual([
      [10, 'done'],
      [55, 'current'],
    ]);
  });

  it('shows the triage: Unsorted, then the answer', () => {
    expect(view(permitTimeline({ ...base, stage: 70 })).map(([s, st]) => [s, st])).toEqual([[70, 'current']]);
    const stageHistory = [h(70, 'Unsorted', '2026-01-02T10:00:00.000Z'), h(72, 'No Permit Needed', '2026-01-03T10:00:00.000Z')];
    expect(view(permitTimeline({ ...base, stage: 72, stageHistory }))).toEqual([
      [70, 'done', '2026-01-02T10:00:00.000Z'],
      [72, 'current', '2026-01-03T10:00:00.000Z'],
    ]);
  });

  it("names the stages as the server's stage list does (core's names only without one)", () => {
    const served = (stage: number) => (stage === 20 ? 'Being prepared' : `Stage ${stage}`);
    const entries = permitTimeline({ createdAt: '2026-01-02T10:00:00.000Z', issuedAt: null, stage: 20 }, served);
    expect(entries.find((entry) => entry.stage === 20)?.name).toBe('Being prepared');
    expect(permitTimeline({ createdAt: '2026-01-02T10:00:00.000Z', issuedAt: null, stage: 20 }).find((entry) => entry.stage === 20)?.name).toBe('Processing');
  });
});
