import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_STEPS, dueStep, indicatorColour, normalizeSteps, weekOf } from './reminders.js';

const today = '2031-03-03';
const plus = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('reminder steps', () => {
  it('is due at the smallest step at or above the days left, and at 0 for a lapse of the last 7 days', () => {
    const steps = DEFAULT_REMINDER_STEPS;
    expect(dueStep(plus(61), today, steps)).toBeNull();
    expect(dueStep(plus(60), today, steps)).toBe(60);
    expect(dueStep(plus(31), today, steps)).toBe(60);
    expect(dueStep(plus(30), today, steps)).toBe(30);
    expect(dueStep(plus(8), today, steps)).toBe(30);
    expect(dueStep(plus(7), today, steps)).toBe(7);
    expect(dueStep(plus(1), today, steps)).toBe(7);
    expect(dueStep(plus(0), today, steps)).toBe(0);
    expect(dueStep(plus(-7), today, steps)).toBe(0);
    expect(dueStep(plus(-8), today, steps)).toBeNull();
    expect(dueStep(plus(-1), today, [14, 3])).toBeNull();
  });
  it('stores steps unique, largest first', () => {
    expect(normalizeSteps([3, 14, 14, 0])).toEqual([14, 3, 0]);
  });
  it('starts weeks on Monday (UTC)', () => {
    expect(weekOf('2031-03-03')).toBe('2031-03-03');
    expect(weekOf('2031-03-09')).toBe('2031-03-03');
    expect(weekOf('2031-03-10')).toBe('2031-03-10');
  });
});

describe('tab indicator colours', () => {
  const active = (expiresOn: string | null) => ({ status: 'active' as const, expiresOn });
  it('is red when nothing current is left, never hidden', () => {
    expect(indicatorColour([active(plus(-1))], today)).toBe('red');
    expect(indicatorColour([{ status: 'archived', expiresOn: null }], today)).toBe('red');
  });
  it('is amber when a current item lapses within 30 days, or an active one lapsed beside a current one', () => {
    expect(indicatorColour([active(plus(30))], today)).toBe('amber');
    expect(indicatorColour([active(plus(400)), active(plus(-2))], today)).toBe('amber');
  });
  it('is green otherwise', () => {
    expect(indicatorColour([], today)).toBe('green');
    expect(indicatorColour([active(plus(31)), active(null)], today)).toBe('green');
    expect(indicatorColour([active(plus(400)), { status: 'archived', expiresOn: plus(-2) }], today)).toBe('green');
  });
});
