import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { directoryInputSchema, quoteIssueSchema } from '../schemas/ops-quotes.js';
import { isQuoteExpired, quoteTotal, stageAfterAcceptedQuote } from './quotes.js';
import { PERMIT_STAGES, STAGE } from './stages.js';

describe('an accepted quote moves the permit one step along the normal path', () => {
  it('Requested → Processing → Submitted → Approved → Open', () => {
    expect(stageAfterAcceptedQuote(STAGE.Requested)).toBe(STAGE.Processing);
    expect(stageAfterAcceptedQuote(STAGE.Processing)).toBe(STAGE.Submitted);
    expect(stageAfterAcceptedQuote(STAGE.Submitted)).toBe(STAGE.Approved);
    expect(stageAfterAcceptedQuote(STAGE.Approved)).toBe(STAGE.Open);
  });
  it('stays at Open and off the path (on hold, canceled, closed, triage, pending cancellation, unknown)', () => {
    const off = PERMIT_STAGES.map((entry) => entry.stage).filter((stage) => stage >= STAGE.Open);
    expect(off.length).toBeGreaterThan(5);
    for (const stage of [...off, 999]) expect(stageAfterAcceptedQuote(stage), `stage ${stage}`).toBeNull();
  });
});

describe('quote totals and expiry', () => {
  it('adds the line items in cents', () => {
    expect(quoteTotal([{ amount: 0.1 }, { amount: 0.2 }])).toBe(0.3);
    expect(quoteTotal([{ amount: 1250 }, { amount: 99.99 }, { amount: 0 }])).toBe(1349.99);
    expect(quoteTotal([])).toBe(0);
  });
  it('is valid through its valid-until day (UTC)', () => {
    expect(isQuoteExpired('2026-11-26', new Date('2026-11-26T23:59:59Z'))).toBe(false);
    expect(isQuoteExpired('2026-11-26', new Date('2026-11-27T00:00:00Z'))).toBe(true);
    expect(isQuoteExpired(null, new Date())).toBe(false);
  });
});

describe('quote and directory input', () => {
  it('refuses a quote without line items, with a blank label, a negative amount or fractions of cents', () => {
    const bad = [
      { lineItems: [], validUntil: '2026-12-01' },
      { lineItems: [{ label: '  ', amount: 10 }], validUntil: '2026-12-01' },
      { lineItems: [{ label: 'Filing', amount: -1 }], validUntil: '2026-12-01' },
      { lineItems: [{ label: 'Filing', amount: 1.005 }], validUntil: '2026-12-01' },
      { lineItems: [{ label: 'Filing', amount: 10 }], validUntil: '12/01/2026' },
    ];
    for (const input of bad) expect(v.safeParse(quoteIssueSchema, input).success, JSON.stringify(input)).toBe(false);
    expect(v.safeParse(quoteIssueSchema, { lineItems: [{ label: ' Filing fee ', amount: 125.5 }], validUntil: '2026-12-01' }).output).toEqual({
      lineItems: [{ label: 'Filing fee', amount: 125.5 }],
      validUntil: '2026-12-01',
    });
  });
  it('stores the main phone as +1 and digits, and checks hours, methods, URLs and turnaround', () => {
    expect(v.parse(directoryInputSchema, { mainPhone: '(212) 555-0142' }).mainPhone).toBe('+12125550142');
    for (const input of [{ cutoffHour: 24 }, { cutoffHour: 1.5 }, { submissionMethods: ['fax'] }, { portalUrl: 'ftp://x.example' }, { turnaround: { '3': -1 } }, { turnaround: { abc: 2 } }, { mainPhone: '123' }]) {
      expect(v.safeParse(directoryInputSchema, input).success, JSON.stringify(input)).toBe(false);
    }
  });
});
