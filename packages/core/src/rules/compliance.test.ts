import { describe, expect, it } from 'vitest';
import { complianceIndicator, daysUntil, expiryState, isCurrentItem, showsTabIndicator, todayIso } from './compliance.js';

const today = '2026-03-10';

describe('complianceIndicator', () => {
  it('is null (unknown) when the company holds no item of the kind', () => {
    expect(complianceIndicator([], today)).toBeNull();
  });

  it('is true with one active item expiring today or later, or not expiring at all', () => {
    expect(complianceIndicator([{ status: 'active', expiresOn: today }], today)).toBe(true);
    expect(complianceIndicator([{ status: 'active', expiresOn: null }], today)).toBe(true);
    expect(complianceIndicator([{ status: 'archived', expiresOn: '2030-01-01' }, { status: 'active', expiresOn: '2026-03-11' }], today)).toBe(true);
  });

  it('is false when every item is expired or archived', () => {
    expect(complianceIndicator([{ status: 'active', expiresOn: '2026-03-09' }], today)).toBe(false);
    expect(complianceIndicator([{ status: 'archived', expiresOn: null }, { status: 'active', expiresOn: '2020-01-01' }], today)).toBe(false);
  });

  it('compares calendar days', () => {
    expect(isCurrentItem({ status: 'active', expiresOn: '2026-03-10' }, '2026-03-10')).toBe(true);
    expect(todayIso(new Date('2026-03-10T23:59:59Z'))).toBe('2026-03-10');
  });
});

describe('tab indicators (SPEC §2.9)', () => {
  const indicators = { license: true, insurance: false, certificate: null, agreement: null };
  it('shows when the indicator is true or unknown, hides when false', () => {
    expect(showsTabIndicator(indicators, 'license')).toBe(true);
    expect(showsTabIndicator(indicators, 'insurance')).toBe(false);
    expect(showsTabIndicator(indicators, 'certificate')).toBe(true);
    expect(showsTabIndicator(undefined, 'agreement')).toBe(true);
  });
});

describe('expiry', () => {
  it('counts days and names the state', () => {
    expect(daysUntil('2026-03-12', today)).toBe(2);
    expect(daysUntil(null, today)).toBeNull();
    expect(expiryState('2026-03-09', today)).toBe('expired');
    expect(expiryState('2026-04-09', today)).toBe('expiring');
    expect(expiryState('2026-06-01', today)).toBe('valid');
    expect(expiryState(null, today)).toBe('none');
  });
});
