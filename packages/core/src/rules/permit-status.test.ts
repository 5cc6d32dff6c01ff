import { describe, expect, it } from 'vitest';
import { daysToExpiry, derivePermitStatus } from './permit-status.js';

const NOW = '2025-06-15T12:00:00Z';
const UTC = { timeZone: 'UTC' };
const permit = (stage: number, extra: Partial<{ expiresAt: string | null; permitInspections: { status: 'open' | 'scheduled' | 'passed' | 'failed' | 'canceled' }[] }> = {}) => ({
  stage,
  expiresAt: null,
  permitInspections: [],
  ...extra,
});

describe('daysToExpiry', () => {
  it('counts calendar days, not 24-hour periods', () => {
    expect(daysToExpiry('2025-06-16T00:30:00Z', NOW, UTC)).toBe(1);
    expect(daysToExpiry('2025-06-15T23:59:00Z', NOW, UTC)).toBe(0);
    expect(daysToExpiry('2025-06-14T23:59:00Z', NOW, UTC)).toBe(-1);
    expect(daysToExpiry('2025-07-15', NOW, UTC)).toBe(30);
  });

  it('reads the calendar day in the given time zone', () => {
    // 02:00 UTC on the 16th is still the 15th in Los Angeles.
    expect(daysToExpiry('2025-06-16T02:00:00Z', '2025-06-15T20:00:00Z', { timeZone: 'America/Los_Angeles' })).toBe(0);
    expect(daysToExpiry('2025-06-16T02:00:00Z', '2025-06-15T20:00:00Z', UTC)).toBe(1);
  });

  it('is null without a valid expiry date', () => {
    expect(daysToExpiry(null, NOW)).toBeNull();
    expect(daysToExpiry('not a date', NOW)).toBeNull();
  });
});

describe('derivePermitStatus', () => {
  it('gives each normal stage its own status', () => {
    expect([10, 20, 30, 40, 50].map((s) => derivePermitStatus(permit(s), NOW, UTC))).toEqual([
      'requested', 'processing', 'submitted', 'approved', 'open',
    ]);
  });

  it('is closed at stage 60 whatever the expiry and inspections', () => {
    expect(derivePermitStatus(permit(60, { expiresAt: '2020-01-01T00:00:00Z', permitInspections: [{ status: 'open' }] }), NOW, UTC)).toBe('closed');
  });

  it('maps 75, 55 and 52 to pending cancellation, canceled and pending even when expired', () => {
    const expired = { expiresAt: '2020-01-01T00:00:00Z' };
    expect(derivePermitStatus(permit(75, expired), NOW, UTC)).toBe('pending cancellation');
    expect(derivePermitStatus(permit(55, expired), NOW, UTC)).toBe('canceled');
    expect(derivePermitStatus(permit(52, expired), NOW, UTC)).toBe('pending');
  });

  it('maps the triage stages and unknown stages', () => {
    expect(derivePermitStatus(permit(70), NOW)).toBe('unsorted');
    expect(derivePermitStatus(permit(71), NOW)).toBe('no permit');
    expect(derivePermitStatus(permit(72), NOW)).toBe('no permit needed');
    expect(derivePermitStatus(permit(33), NOW)).toBe('unknown');
  });

  it('is expired at stages 30..50 when days to expiry is 0 or less', () => {
    for (const stage of [30, 40, 50]) {
      expect(derivePermitStatus(permit(stage, { expiresAt: '2025-06-15T23:00:00Z' }), NOW, UTC)).toBe('expired');
      expect(derivePermitStatus(permit(stage, { expiresAt: '2025-06-01T00:00:00Z' }), NOW, UTC)).toBe('expired');
    }
    expect(derivePermitStatus(permit(50, { expiresAt: '2025-06-16T00:00:00Z' }), NOW, UTC)).toBe('open');
  });

  it('does not expire requested or processing permits', () => {
    expect(derivePermitStatus(permit(10, { expiresAt: '2020-01-01T00:00:00Z' }), NOW, UTC)).toBe('requested');
    expect(derivePermitStatus(permit(20, { expiresAt: '2020-01-01T00:00:00Z' }), NOW, UTC)).toBe('processing');
  });

  it('is approved at stages 30..40 when there are inspections and none is open', () => {
    const done = [{ status: 'passed' as const }, { status: 'scheduled' as const }];
    expect(derivePermitStatus(permit(30, { permitInspections: done }), NOW, UTC)).toBe('approved');
    expect(derivePermitStatus(permit(40, { permitInspections: done }), NOW, UTC)).toBe('approved');
    expect(derivePermitStatus(permit(30, { permitInspections: [...done, { status: 'open' }] }), NOW, UTC)).toBe('submitted');
    expect(derivePermitStatus(permit(30, { permitInspections: [] }), NOW, UTC)).toBe('submitted');
    expect(derivePermitStatus(permit(20, { permitInspections: done }), NOW, UTC)).toBe('processing');
  });

  it('keeps an issued permit open once its inspections have passed (no fall back to approved)', () => {
    const done = [{ status: 'passed' as const }, { status: 'passed' as const }];
    expect(derivePermitStatus(permit(50, { permitInspections: done }), NOW, UTC)).toBe('open');
    expect(derivePermitStatus(permit(50, { permitInspections: [{ status: 'open' }] }), NOW, UTC)).toBe('open');
  });

  it('puts expiry before inspections', () => {
    const status = derivePermitStatus(permit(50, { expiresAt: '2025-06-10', permitInspections: [{ status: 'passed' }] }), NOW, UTC);
    expect(status).toBe('expired');
  });
});
